import { kopecksToUah } from '@zalik/contract';
import { depositPaidText, starsReturnedText } from '../outbox/index.js';
import type { JobLog } from '../../jobs/registry.js';
import { StarsRefused } from '../../ports/stars.js';
import type { CoreDeps } from '../../types/deps.js';
import { balances } from '../ledger/index.js';
import { enqueue } from '../outbox/index.js';
import { depositById, lockDeposit } from './queries.js';
import { creditDeposit, depositIdOfPayload } from './service.js';

/** Why a checkout is refused; the bot words each for the payer (BOT_TEXT.checkout*). */
export type CheckoutRefusal = 'unknown' | 'expired' | 'amount' | 'paid';

export interface Checkout {
  userId: number;
  currency: string;
  totalAmount: number;
  payload: string;
}

/**
 * Telegram's pre_checkout_query: the payment may go ahead only for a PENDING, unexpired Stars
 * request of this very user, for its very price in XTR. Read from the database, not the link.
 */
export async function checkStarsCheckout(deps: Pick<CoreDeps, 'db'>, q: Checkout): Promise<CheckoutRefusal | null> {
  const id = depositIdOfPayload(q.payload);
  const r = id === undefined ? undefined : await depositById(deps.db, id);
  if (!r || r.provider !== 'TELEGRAM_STARS' || Number(r.user_id) !== q.userId) return 'unknown';
  if (r.status === 'EXPIRED') return 'expired';
  if (r.status !== 'PENDING') return 'paid';
  if (q.currency !== 'XTR' || q.totalAmount !== Number(r.stars)) return 'amount';
  return null;
}

export interface StarsPayment extends Checkout {
  chargeId: string;
  providerChargeId: string;
}

export type PaymentOutcome = 'credited' | 'duplicate' | 'returned';

/** The one-off job that gives back Stars no top-up of the payer's can take (payload: the payment). */
export const RETURN_STARS_JOB = 'deposits.return-stars';

/**
 * A successful_payment. Inside one transaction, with the request row locked: the request's
 * UAH amount goes to the payer's general wallet under the charge id's key, so a repeated or a
 * concurrent delivery of the same payment credits once; the payer hears the new balance.
 *
 * A payment no request of the payer can take (a payload naming none of theirs, a price that is
 * not the request's, or a second payment of a request already paid) is never credited by
 * guesswork and never dropped: it is logged as an error and its Stars go back to the payer by
 * a retried job (docs/LEDGER.md "Stars payments nobody asked for").
 */
export async function receiveStarsPayment(deps: Pick<CoreDeps, 'db' | 'jobs'>, p: StarsPayment, log: JobLog): Promise<PaymentOutcome> {
  const outcome = await deps.db.transaction(async (tx): Promise<PaymentOutcome> => {
    const id = depositIdOfPayload(p.payload);
    const r = id === undefined ? undefined : await lockDeposit(tx, id);
    const ours = r && r.provider === 'TELEGRAM_STARS' && Number(r.user_id) === p.userId && p.currency === 'XTR' && p.totalAmount === Number(r.stars);
    if (r && ours && r.charge_id === p.chargeId) return 'duplicate';
    if (r && ours && (r.state === 'PENDING' || r.state === 'EXPIRED')) {
      const amountKop = Number(r.amount);
      if (!(await creditDeposit(tx, { request: r, chargeId: p.chargeId, amountKop }))) return 'duplicate';
      const { general } = await balances(tx, p.userId);
      await enqueue(tx, {
        kind: 'deposit_paid',
        chatId: p.userId,
        text: depositPaidText({ amountUah: kopecksToUah(amountKop), balanceUah: kopecksToUah(general ?? 0) }),
        openApp: true,
        dedupeKey: `deposit_paid:${p.chargeId}`,
      });
      return 'credited';
    }
    await deps.jobs.schedule(tx, RETURN_STARS_JOB, { key: p.chargeId, payload: p });
    return 'returned';
  });
  if (outcome === 'returned') log.error({ payment: p }, 'a Stars payment matched no top-up of its payer; its Stars go back to them');
  return outcome;
}

/**
 * Gives back the Stars of a payment no top-up took. Telegram's "already refunded" counts as
 * done; a refusal (e.g. a forged charge Telegram never took) is logged for an admin and not
 * retried; no answer throws, so the job runs again later.
 */
export async function returnStars(deps: Pick<CoreDeps, 'db' | 'stars'>, p: StarsPayment, log: JobLog): Promise<void> {
  if (!deps.stars) {
    log.error({ payment: p }, 'no Telegram Stars gateway: return these Stars by hand');
    return;
  }
  try {
    await deps.stars.refund(p.userId, p.chargeId);
  } catch (err) {
    if (!(err instanceof StarsRefused)) throw err;
    log.error({ payment: p, telegram: err.description }, 'Telegram refused to return the Stars of an unmatched payment');
    return;
  }
  await deps.db.transaction((tx) =>
    enqueue(tx, { kind: 'stars_returned', chatId: p.userId, text: starsReturnedText({ stars: p.totalAmount }), dedupeKey: `stars_returned:${p.chargeId}` }),
  );
  log.warn({ payment: p }, 'Stars of an unmatched payment returned');
}
