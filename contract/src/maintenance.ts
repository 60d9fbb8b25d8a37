import { z } from 'zod';
import { MSG } from './messages.js';

export const MAINTENANCE_MESSAGE_MAX = 500;
/** The `error` field of a 503 that maintenance answers, so a client tells it from an outage. */
export const MAINTENANCE_ERROR = 'MAINTENANCE';

/** `GET /api/v1/maintenance/status`: `message` is what the students read (the default text when the admin left it empty). */
export const MaintenanceStatus = z.object({ enabled: z.boolean(), message: z.string() });
export type MaintenanceStatus = z.infer<typeof MaintenanceStatus>;

export const MaintenanceBody = z.object({
  enabled: z.boolean({ error: MSG.maintenanceEnabled }),
  message: z
    .string({ error: MSG.maintenanceMessageTooLong })
    .trim()
    .max(MAINTENANCE_MESSAGE_MAX, { error: MSG.maintenanceMessageTooLong })
    .optional(),
});
