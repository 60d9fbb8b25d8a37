import { recordAudit } from '../audit/index.js';
import { sql } from 'drizzle-orm';
import { MAINTENANCE_ERROR, MSG, type MaintenanceStatus } from '@zalik/contract';
import { row, type Db } from '../../db/client.js';
import { HttpError } from '../../lib/errors.js';

/**
 * How stale one instance's view of the switch may be. Every guarded request asks; reading the
 * row at most this often keeps that off the database, and several instances agree within it.
 */
export const MAINTENANCE_CACHE_MS = 2000;

export interface MaintenanceService {
  status(): Promise<MaintenanceStatus>;
  set(adminId: number, enabled: boolean, message: string | undefined): Promise<MaintenanceStatus>;
}

interface Row {
  enabled: boolean;
  message: string;
}

const toStatus = (r: Row | undefined): MaintenanceStatus => ({
  enabled: Boolean(r?.enabled),
  message: r?.message || MSG.maintenance,
});

export function createMaintenanceService(db: Db, cacheMs = MAINTENANCE_CACHE_MS): MaintenanceService {
  let cached: { value: MaintenanceStatus; at: number } | null = null;
  let reading: Promise<MaintenanceStatus> | null = null;

  const read = async () => {
    const value = toStatus(await row<Row>(db, sql`SELECT enabled, message FROM maintenance`));
    cached = { value, at: Date.now() };
    return value;
  };

  return {
    async status() {
      if (cached && Date.now() - cached.at < cacheMs) return cached.value;
      // One read for every request that finds the cache stale at once.
      reading ??= read().finally(() => {
        reading = null;
      });
      return reading;
    },
    async set(adminId, enabled, message) {
      // An absent message keeps the one written before (switching off and on again keeps it).
      const value = await db.transaction(async (tx) => {
        const before = toStatus(await row<Row>(tx, sql`SELECT enabled, message FROM maintenance FOR UPDATE`));
        const after = toStatus(
          await row<Row>(
            tx,
            sql`UPDATE maintenance SET enabled = ${enabled}, message = COALESCE(${message ?? null}, message),
                                       updated_at = now(), updated_by = ${adminId}
                RETURNING enabled, message`,
          ),
        );
        await recordAudit(tx, { adminId, action: 'maintenance.switch', target: 'maintenance', before: { ...before }, after: { ...after } });
        return after;
      });
      cached = { value, at: Date.now() };
      return value;
    },
  };
}

/** Refuses a non-admin's call while maintenance is on: 503 with the admin's message and `error: MAINTENANCE`. */
export async function assertNotInMaintenance(maintenance: MaintenanceService, isAdmin: boolean): Promise<void> {
  if (isAdmin) return;
  const status = await maintenance.status();
  if (status.enabled) throw new HttpError(503, status.message, { error: MAINTENANCE_ERROR });
}
