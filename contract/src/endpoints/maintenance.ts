import { endpoint } from '../endpoint.js';
import type { MaintenanceBody, MaintenanceStatus } from '../maintenance.js';

const tag = 'maintenance';

export const maintenanceStatus = endpoint<{ answer: typeof MaintenanceStatus }>({
  method: 'GET', path: '/api/v1/maintenance/status', access: 'public', tag,
  summary: 'Whether the app is down for maintenance, and the message students see',
});
export const setMaintenance = endpoint<{ body: typeof MaintenanceBody; answer: typeof MaintenanceStatus }>({
  method: 'PATCH', path: '/api/v1/maintenance/status', access: 'admin', tag,
  summary: 'Admin: switch maintenance on (every non-admin call answers 503 with the message) or off',
});
