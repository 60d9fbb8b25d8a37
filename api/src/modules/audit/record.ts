import type { Executor } from '../../db/client.js';
import { currentRequestId, currentRequestIp } from '../../lib/request-context.js';
import { insertAudit, type AuditRecord } from './queries.js';

/**
 * Records an admin action in the caller's transaction, so the row exists exactly when the
 * action committed: a refused or rolled-back action leaves none. The request's id and address
 * come from the request being handled.
 */
export function recordAudit(tx: Executor, entry: Omit<AuditRecord, 'requestId' | 'ip'>): Promise<void> {
  return insertAudit(tx, { ...entry, requestId: currentRequestId(), ip: currentRequestIp() });
}
