import type { Db, Tx } from '../../db/client.js';
import { recordAudit } from '../audit/index.js';

/**
 * An admin's catalogue delete: the change and its audit row commit together, and a refused
 * delete (not found, in use) rolls both back. `remove` answers what the row was.
 */
export async function deletedByAdmin(db: Db, adminId: number, target: string, remove: (tx: Tx) => Promise<Record<string, unknown>>): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await remove(tx);
    await recordAudit(tx, { adminId, action: 'catalogue.delete', target, before });
  });
}
