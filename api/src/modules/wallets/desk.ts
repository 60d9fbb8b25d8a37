import { MSG, WITHDRAW_WARN_BEFORE_HOURS, kopecksToUah, type WithdrawQueueItem } from '@zalik/contract';
import type { Db, Executor } from '../../db/client.js';
import { seal } from '../../lib/seal.js';
import { enqueue, withdrawalDeadlineText, withdrawalsDigestText } from '../outbox/index.js';
import type { CoreDeps } from '../../types/deps.js';
import { adminRoleHolders, withdrawalById } from './queries.js';
import { claimUnannounced, clearCards, pendingDeadline, queueRows, setLegacyDeadlines, setSealedCard } from './payouts.queries.js';
import { resolveWithdrawal, revealer, scheduleDeadline, type PayoutEnv } from './withdrawals.js';
import { TIMEOUT_JOB } from './job-names.js';

/** Admins to tell: the configured ones and everyone holding ROLE_ADMIN (not banned). */
export async function adminChats(tx: Executor, configured: ReadonlySet<string>): Promise<number[]> {
  const found = await adminRoleHolders(tx);
  return [...new Set([...[...configured].map(Number), ...found])].sort((a, b) => a - b);
}

/** The admins' queue: pending requests oldest first, with the details in full to pay by hand. */
export async function withdrawQueue(ex: Executor, key: Buffer, page: number, limit: number): Promise<WithdrawQueueItem[]> {
  const reveal = revealer(key);
  return (await queueRows(ex, page, limit)).map((r) => ({
    id: String(r.id),
    transactionId: String(r.id),
    type: 'WITHDRAW',
    status: 'PROCESSING',
    amount: kopecksToUah(Number(r.amount)),
    fee: kopecksToUah(Number(r.fee)),
    payout: kopecksToUah(Number(r.payout)),
    createdAt: new Date(r.created_at).toISOString(),
    deadlineAt: r.deadline_at === null ? null : new Date(r.deadline_at).toISOString(),
    source: {
      user: { telegramId: String(r.user_id), username: r.username, photo: r.photo },
      paymentDetails: reveal(r.card_number),
      paymentDetailsType: r.details_type === 'CRYPTO' ? 'CRYPTO' : 'BANK_CARD',
    },
  }));
}

/**
 * The timeout: a request still pending at its deadline fails and is refunded, as if an admin
 * had rejected it with the timeout's reason. One that an admin handled first is left alone;
 * one whose deadline is still ahead (its job ran early) waits for it.
 */
export async function timeOutWithdrawal(deps: Pick<CoreDeps, 'db' | 'jobs'>, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const due = await pendingDeadline(tx, id);
    if (!due?.deadline_at) return;
    if (!due.due) {
      await deps.jobs.reschedule(tx, TIMEOUT_JOB, { key: String(id), runAt: new Date(due.deadline_at), payload: { id } });
      return;
    }
    await resolveWithdrawal(tx, deps, id, { status: 'REJECTED', adminId: null, reason: MSG.withdrawTimedOut, dueOnly: true });
  });
}

/** Admins are warned before the timeout, once per request, if it is still pending. */
export async function warnAdmins(deps: Pick<CoreDeps, 'db' | 'config'>, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const w = await withdrawalById(tx, id);
    if (!w || w.status !== 'PENDING') return;
    const text = withdrawalDeadlineText({
      id: String(id),
      username: w.username,
      telegramId: String(w.user_id),
      amountUah: kopecksToUah(Number(w.amount)),
      hoursLeft: WITHDRAW_WARN_BEFORE_HOURS,
    });
    for (const chatId of await adminChats(tx, deps.config.adminTelegramIds)) {
      await enqueue(tx, { kind: 'withdrawal_deadline', chatId, text, openApp: true, dedupeKey: `withdrawal_deadline:${id}:${chatId}`, priority: 1 });
    }
  });
}

/**
 * One notice per admin for every request made since the last one: claimed and queued in one
 * transaction, so a crash announces them next time and never twice. Priority 1: a user's own
 * notices go first.
 */
export async function announceRequests(deps: Pick<CoreDeps, 'db' | 'config'>): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const fresh = (await claimUnannounced(tx)).sort((a, b) => Number(a.id) - Number(b.id));
    if (fresh.length === 0) return 0;
    const text = withdrawalsDigestText(
      fresh.map((w) => ({ id: String(w.id), username: w.username, telegramId: String(w.user_id), amountUah: kopecksToUah(Number(w.amount)) })),
    );
    const batch = `${fresh[0]!.id}-${fresh.at(-1)!.id}`;
    for (const chatId of await adminChats(tx, deps.config.adminTelegramIds)) {
      await enqueue(tx, { kind: 'withdrawal_requested', chatId, text, openApp: true, dedupeKey: `withdrawal_digest:${batch}:${chatId}`, priority: 1 });
    }
    return fresh.length;
  });
}

/** Seals the cards that requests made before the payout desk keep in clear. */
export async function sealLegacyCards(db: Db, key: Buffer): Promise<void> {
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const found = await clearCards(tx);
      for (const r of found) await setSealedCard(tx, Number(r.id), seal(key, r.card_number));
      return found.length;
    });
    if (n === 0) return;
  }
}

/** Requests made before the payout desk get a deadline, its timeout and the admins' warning, as new ones do. */
export async function giveLegacyDeadlines(deps: Pick<CoreDeps, 'db' | 'jobs' | 'config'>): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const found = await setLegacyDeadlines(tx, deps.config.payouts.timeoutHours, WITHDRAW_WARN_BEFORE_HOURS + 1);
    for (const r of found) await scheduleDeadline(deps.jobs, tx, Number(r.id), new Date(r.deadline_at));
    return found.length;
  });
}

export type { PayoutEnv };
