import { currentRequestId } from '../../lib/request-context.js';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

export type OutboxKind =
  | 'order_delivered'
  | 'order_created'
  | 'support_message'
  | 'withdrawal_requested'
  | 'withdrawal_deadline'
  | 'withdrawal_resolved'
  | 'order_refunded'
  | 'order_released'
  | 'order_completed'
  | 'order_revision'
  | 'order_disputed'
  | 'order_dispute_resolved'
  | 'order_cancelled'
  | 'order_reminder'
  | 'order_files_replaced'
  | 'user_banned'
  | 'user_unbanned'
  | 'deposit_paid'
  | 'deposit_refunded'
  | 'stars_returned'
  | 'thread_message';

export interface OutboxFile {
  blobId: string;
  fileName: string;
}

export interface OutboxMessage {
  kind: OutboxKind;
  chatId: number;
  /** Plain text, Ukrainian (sent without parse mode, so user input needs no escaping). */
  text: string;
  files?: OutboxFile[];
  /** Adds a button that opens the mini-app. */
  openApp?: boolean;
  /** Instead of openApp's: a button opening the mini-app's direct link with this `startapp` (a screen of it). */
  startApp?: { text: string; param: string };
  /** The same key twice queues one message (e.g. `order_delivered:42`). */
  dedupeKey?: string;
  /** 1: after every message of priority 0 that is due (users' own events); admins' notices and broadcasts. */
  priority?: 0 | 1;
}

/**
 * Queues a Telegram message. Call it inside the transaction of the event itself: if the
 * event rolls back, so does the message; if it commits, the worker will send it.
 */
export async function enqueue(tx: Executor, msg: OutboxMessage): Promise<void> {
  await tx.execute(enqueueSql(msg));
}

/** `enqueue` as a statement, for a change that writes several tables in one statement (a purchase). */
export function enqueueSql(msg: OutboxMessage): SQL {
  const payload = { text: msg.text, files: msg.files ?? [], openApp: msg.openApp ?? false, ...(msg.startApp ? { startApp: msg.startApp } : {}) };
  return sql`INSERT INTO outbox (kind, chat_id, payload, dedupe_key, priority, request_id)
    VALUES (${msg.kind}, ${msg.chatId}, ${JSON.stringify(payload)}::jsonb, ${msg.dedupeKey ?? null}, ${msg.priority ?? 0}, ${currentRequestId()})
    ON CONFLICT (dedupe_key) DO NOTHING`;
}
