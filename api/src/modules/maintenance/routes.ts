import { MaintenanceBody, MaintenanceStatus, endpoints as ep } from '@zalik/contract';
import type { MaintenanceService } from './service.js';
import { route, type Route } from '../../http/route.js';
import { currentUser } from '../../http/auth.js';

/** The maintenance switch: public to read (the app asks before it shows anything), admins to flip. */
export const maintenanceRoutes = ({ maintenance }: { maintenance: MaintenanceService }): Route[] => [
  route(ep.maintenanceStatus, { answer: MaintenanceStatus }, () => maintenance.status()),
  route(ep.setMaintenance, { body: MaintenanceBody, answer: MaintenanceStatus }, (request) =>
    maintenance.set(currentUser(request).telegramId, request.body.enabled, request.body.message),
  ),
];
