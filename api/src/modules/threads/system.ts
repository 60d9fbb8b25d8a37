import type { SQL } from 'drizzle-orm';
import { maskContacts, type OrderActor, type OrderEventKind, type ThreadLineKind } from '@zalik/contract';
import { systemLineSql } from './queries.js';

/** The changes of an order that its thread tells, and as which line; the others (a purchase, a regeneration, replaced files) it does not. */
const LINE_OF: Partial<Record<OrderEventKind, Exclude<ThreadLineKind, 'MESSAGE'>>> = {
  DELIVERY: 'DELIVERY',
  REVISION: 'REVISION',
  DISPUTE: 'DISPUTE',
  ACCEPT: 'ACCEPT',
  AUTO_RELEASE: 'ACCEPT',
  RESOLVE_RELEASE: 'RESOLVE_RELEASE',
  RESOLVE_REFUND: 'RESOLVE_REFUND',
  STUDENT_CANCEL: 'CANCEL',
  DEVELOPER_CANCEL: 'CANCEL',
  AUTO_REFUND: 'CANCEL',
  ADMIN_REFUND: 'CANCEL',
};

/**
 * The system line of an order's change of state (its comment, reason or message as the text,
 * contacts masked as in any message), as SQL the orders area runs with the change's event, in
 * the same statement; null for a change the thread does not tell.
 */
export function eventLineSql(orderId: number, e: { kind: OrderEventKind; actor: OrderActor; actorId: number | null; note?: string | null }): SQL | null {
  const kind = LINE_OF[e.kind];
  if (!kind) return null;
  const { text, masked } = maskContacts(e.note?.trim() ?? '');
  return systemLineSql({ orderId, kind, actor: e.actor, actorId: e.actorId, text, masked });
}
