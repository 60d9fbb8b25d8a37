import { AuditPage, AuditQuery, endpoints as ep } from '@zalik/contract';
import type { CoreDeps } from '../../types/deps.js';
import { route, type Route } from '../../http/route.js';
import { auditPage } from './queries.js';

/** The audit trail, for admins. */
export const auditRoutes = ({ db }: CoreDeps): Route[] => [route(ep.auditTrail, { query: AuditQuery, answer: AuditPage }, (request) => auditPage(db, request.query))];
