import { z } from 'zod';
import { MAINTENANCE_MESSAGE_MAX } from './constants.js';
import { MSG } from './messages.js';

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
