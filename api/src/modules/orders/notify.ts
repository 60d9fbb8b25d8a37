import { kopecksToUah, type DisputeOutcome } from '@zalik/contract';
import type { Executor } from '../../db/client.js';
import {
  disputeResolvedText,
  orderAutoCompletedText,
  orderCancelledByDeveloperText,
  orderCancelledByStudentText,
  orderDisputedText,
  orderFilesReplacedText,
  orderOverdueRefundedText,
  orderRefundedText,
  orderReleasedText,
  orderReminderText,
  orderRevisionText,
} from '../outbox/index.js';
import { enqueue, type OutboxFile } from '../outbox/index.js';
import { adminChats } from './queries.js';
import type { Order } from './rows.js';

/**
 * The bot messages of an order's changes of state, queued in the transaction of the change
 * (docs/BOT.md): a change that rolls back says nothing, one that commits is told once (each
 * key names the order and, where it can happen again, which time).
 */
const named = (o: Order) => ({ orderId: o.id, taskTitle: o.taskTitle, subjectName: o.subjectName });

export async function notifyReleased(tx: Executor, o: Order, earnedUah: number, how: 'ACCEPTED' | 'AUTO'): Promise<void> {
  await enqueue(tx, {
    kind: 'order_released',
    chatId: o.developerId,
    text: orderReleasedText({ ...named(o), earnedUah, how }),
    openApp: true,
    dedupeKey: `order_released:${o.id}`,
  });
  if (how === 'AUTO') {
    await enqueue(tx, { kind: 'order_completed', chatId: o.buyerId, text: orderAutoCompletedText(named(o)), openApp: true, dedupeKey: `order_completed:${o.id}` });
  }
}

export async function notifyRevision(tx: Executor, o: Order, revisionsLeft: number): Promise<void> {
  await enqueue(tx, {
    kind: 'order_revision',
    chatId: o.developerId,
    text: orderRevisionText({ ...named(o), comment: o.revisionComment ?? '', deadlineAt: o.deadlineAt!, revisionsLeft }),
    openApp: true,
    dedupeKey: `order_revision:${o.id}:${o.revisions}`,
  });
}

export async function notifyDisputed(tx: Executor, o: Order, configuredAdmins: ReadonlySet<string>): Promise<void> {
  const reason = o.disputeReason ?? '';
  await enqueue(tx, {
    kind: 'order_disputed',
    chatId: o.developerId,
    text: orderDisputedText({ ...named(o), reason, forAdmin: false }),
    openApp: true,
    dedupeKey: `order_disputed:${o.id}:${o.developerId}`,
  });
  for (const chatId of await adminChats(tx, configuredAdmins)) {
    if (chatId === o.developerId) continue;
    await enqueue(tx, {
      kind: 'order_disputed',
      chatId,
      text: orderDisputedText({ ...named(o), reason, forAdmin: true }),
      openApp: true,
      dedupeKey: `order_disputed:${o.id}:${chatId}`,
    });
  }
}

/** `uah`: what moved, to the developer (RELEASE) or back to the buyer (REFUND). */
export async function notifyDisputeResolved(tx: Executor, o: Order, outcome: DisputeOutcome, uah: number): Promise<void> {
  for (const [to, chatId] of [
    ['buyer', o.buyerId],
    ['developer', o.developerId],
  ] as const) {
    await enqueue(tx, {
      kind: 'order_dispute_resolved',
      chatId,
      text: disputeResolvedText({ ...named(o), outcome, to, uah }),
      openApp: true,
      dedupeKey: `order_dispute_resolved:${o.id}:${to}`,
    });
  }
}

/** A refund: the buyer hears why (an admin, the developer with a reason, the deadline); the developer when it was not their own cancel. */
export async function notifyRefunded(tx: Executor, o: Order): Promise<void> {
  const priceUah = kopecksToUah(o.price);
  const tell = (chatId: number, text: string, kind: 'order_refunded' | 'order_cancelled', to: string) =>
    enqueue(tx, { kind, chatId, text, openApp: true, dedupeKey: `${kind}:${o.id}${to}` });
  switch (o.cancelledBy) {
    case 'DEVELOPER':
      return tell(o.buyerId, orderCancelledByDeveloperText({ ...named(o), reason: o.cancelReason ?? '', priceUah }), 'order_cancelled', ':buyer');
    case 'STUDENT':
      return tell(o.developerId, orderCancelledByStudentText(named(o)), 'order_cancelled', ':developer');
    case 'SYSTEM':
      await tell(o.buyerId, orderOverdueRefundedText({ ...named(o), priceUah, to: 'buyer' }), 'order_refunded', '');
      return tell(o.developerId, orderOverdueRefundedText({ ...named(o), priceUah, to: 'developer' }), 'order_cancelled', ':developer');
    default:
      return tell(o.buyerId, orderRefundedText({ ...named(o), priceUah }), 'order_refunded', '');
  }
}

export async function notifyReminder(tx: Executor, o: Order): Promise<void> {
  await enqueue(tx, {
    kind: 'order_reminder',
    chatId: o.developerId,
    text: orderReminderText({ ...named(o), deadlineAt: o.deadlineAt! }),
    openApp: true,
    dedupeKey: `order_reminder:${o.id}:${o.revisions}`,
  });
}

export async function notifyFilesReplaced(tx: Executor, o: Order, files: OutboxFile[]): Promise<void> {
  await enqueue(tx, { kind: 'order_files_replaced', chatId: o.buyerId, text: orderFilesReplacedText(named(o)), files, openApp: true });
}
