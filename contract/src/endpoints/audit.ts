import { endpoint } from '../endpoint.js';
import type { AuditPage, AuditQuery } from '../audit.js';

export const auditTrail = endpoint<{ query: typeof AuditQuery; answer: typeof AuditPage }>({
  method: 'GET', path: '/api/v1/audit', access: 'admin', tag: 'audit',
  summary: 'Admin actions, newest first, one page: filters by admin, action, touched user and Kyiv days',
});
