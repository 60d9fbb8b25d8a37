import type { SQL } from 'drizzle-orm';
import { rows, type Db } from './client.js';

/**
 * Reads a list `size` rows at a time, keyset style: `page(last)` answers the rows that follow
 * `last` (the previous batch's last row; null for the first) in the list's order, at most
 * `size` of them. No batch re-reads what came before (as OFFSET would), and no transaction
 * stays open between batches, so a long list neither holds a connection nor the event loop.
 */
export async function* inBatches<R>(page: (last: R | null) => Promise<R[]>, size: number): AsyncGenerator<R[]> {
  let last: R | null = null;
  for (;;) {
    const found = await page(last);
    if (found.length > 0) yield found;
    if (found.length < size) return;
    last = found.at(-1)!;
  }
}

/** Rows one batched delete removes at most: short statements, so nothing waits long on them. */
const DELETE_BATCH = 5_000;

/**
 * Runs `statement(limit)`, a DELETE of at most `limit` rows RETURNING one column, until it
 * deletes fewer than that; answers how many rows went. For pruning tables that grow for ever
 * (finished jobs, handled bot updates) without one long statement holding locks.
 */
export async function deleteInBatches(db: Db, statement: (limit: number) => SQL): Promise<number> {
  let total = 0;
  for (;;) {
    const gone = await rows<unknown>(db, statement(DELETE_BATCH));
    total += gone.length;
    if (gone.length < DELETE_BATCH) return total;
  }
}
