import { MSG, kopecksToUah, type DepositRequest } from '@zalik/contract';
import { depositRefundedText } from '../outbox/index.js';
import type { JobLog } from '../../jobs/registry.js';
import { HttpError, badRequest, notFound } from '../../lib/errors.js';
import { StarsRefused, type StarsGateway } from '../../ports/stars.js';
import type { CoreDeps } from '../../types/deps.js';
import { InsufficientFunds, SYSTEM, post } from '../ledger/index.js';
import { enqueue } from '../outbox/index.js';
import { recordAudit } from '../audit/index.js';
import { depositById, finishRefund, lockDeposit, startRefund, undoRefund, type DepositRow } from './queries.js';
import { toDepositRequest } from './service.js';

/** Finishes a refund whose caller stopped after the debit (docs/LEDGER.md "Refunding Stars"). */
export const REFUND_JOB = 'deposits.refund';
/** Long enough for the admin's own call to finish first; it cancels the job. */
const RECOVER_AFTER_MS = 120_000;

type RefundDeps = Pick<CoreDeps, 'db' | 'jobs' | 'stars'>;

/** The first attempt's debit is `deposit-refund:<id>`; one after a refusal Telegram gave needs a key of its own. */
const debitKey = (id: number, attempt: number) => (attempt === 1 ? `deposit-refund:${id}` : `deposit-refund:${id}:${attempt}`);

/**
 * An admin refunds a paid Stars top-up. The order of operations (docs/LEDGER.md):
 * 1. one short transaction: the request row locked, PAID -> REFUNDING, the credited amount
 *    debited from the general wallet only if it is all still there (never below zero), and a
 *    recovery job scheduled: a crash after this commit cannot leave a debit without a refund;
 * 2. Telegram's refundStarPayment, with no transaction open;
 * 3. Telegram returned the Stars (or says they were returned before): REFUNDED, the user is told.
 *    Telegram refused: the debit goes back and the request is PAID again (502). No answer
 *    twice: the debit stays and the job asks Telegram again later (503).
 * A request already REFUNDING (a second admin, a retry after no answer) skips step 1, so it is
 * debited once however many admins press the button.
 */
export async function refundDeposit(deps: RefundDeps, id: number, adminId: number): Promise<DepositRequest> {
  const gateway = deps.stars;
  if (!gateway) throw new HttpError(503, MSG.depositStarsUnavailable);
  const r = await deps.db.transaction(async (tx) => {
    const found = await lockDeposit(tx, id);
    if (!found) throw notFound(MSG.depositNotFound);
    if (found.provider !== 'TELEGRAM_STARS' || (found.state !== 'PAID' && found.state !== 'REFUNDING')) throw badRequest(MSG.depositNotRefundable);
    if (found.state === 'REFUNDING') return found;
    const attempt = (await startRefund(tx, id, adminId))!;
    try {
      await post(tx, [
        {
          from: { user: Number(found.user_id), wallet: 'general' },
          to: { system: SYSTEM.stars },
          amount: Number(found.credited),
          kind: 'DEPOSIT_REFUND',
          key: debitKey(id, attempt),
          reference: `deposit:${id}`,
        },
      ]);
    } catch (err) {
      if (err instanceof InsufficientFunds) throw badRequest(MSG.depositRefundSpent);
      throw err;
    }
    await deps.jobs.schedule(tx, REFUND_JOB, { key: String(id), runAt: new Date(Date.now() + RECOVER_AFTER_MS), payload: { id } });
    // The admin's decision is this commit; what Telegram answers next is the request's own state.
    await recordAudit(tx, {
      adminId,
      action: 'deposit.refund',
      target: `deposit:${id}`,
      userId: Number(found.user_id),
      before: { state: found.state },
      after: { state: 'REFUNDING', stars: Number(found.stars), amountUah: kopecksToUah(Number(found.credited)) },
    });
    return found;
  });

  // A lost answer to a refund that happened comes back as 'already' when asked again.
  let outcome: 'refunded' | 'already' | undefined;
  for (let i = 0; i < 2 && !outcome; i++) {
    try {
      outcome = await gateway.refund(Number(r.user_id), r.charge_id!);
    } catch (err) {
      if (err instanceof StarsRefused) {
        await undoDepositRefund(deps, id);
        throw new HttpError(502, MSG.depositRefundFailed);
      }
    }
  }
  if (!outcome) throw new HttpError(503, MSG.depositRefundPending);
  await finishDepositRefund(deps, id);
  return toDepositRequest((await depositById(deps.db, id))!);
}

/** REFUNDING -> REFUNDED once, however many callers heard Telegram's yes; the user is told once. */
async function finishDepositRefund(deps: Pick<CoreDeps, 'db' | 'jobs'>, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const r = await lockDeposit(tx, id);
    if (!r || !(await finishRefund(tx, id))) return;
    await enqueue(tx, {
      kind: 'deposit_refunded',
      chatId: Number(r.user_id),
      text: depositRefundedText({ id, stars: Number(r.stars), amountUah: kopecksToUah(Number(r.credited)) }),
      dedupeKey: `deposit_refunded:${id}`,
    });
    await deps.jobs.cancel(tx, REFUND_JOB, String(id));
  });
}

/** Telegram refused: the attempt's debit goes back to the wallet and the request is PAID again. */
async function undoDepositRefund(deps: Pick<CoreDeps, 'db' | 'jobs'>, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const r = await lockDeposit(tx, id);
    if (!r || r.state !== 'REFUNDING') return;
    const attempt = Number(r.refund_attempts);
    await post(tx, [
      {
        from: { system: SYSTEM.stars },
        to: { user: Number(r.user_id), wallet: 'general' },
        amount: Number(r.credited),
        kind: 'DEPOSIT_REFUND_UNDONE',
        key: `deposit-refund-undone:${id}:${attempt}`,
        reference: `deposit:${id}`,
      },
    ]);
    await undoRefund(tx, id);
    await deps.jobs.cancel(tx, REFUND_JOB, String(id));
  });
}

/**
 * The recovery job: a request still REFUNDING asks Telegram again. Yes or "already": REFUNDED.
 * A refusal: the debit goes back. No answer: throws, and the job runs again later.
 */
export async function settleDepositRefund(deps: Pick<CoreDeps, 'db' | 'jobs'> & { stars: StarsGateway | null }, id: number, log: JobLog): Promise<void> {
  const r: DepositRow | undefined = await depositById(deps.db, id);
  if (!r || r.state !== 'REFUNDING') return;
  if (!deps.stars) throw new Error('no Telegram Stars gateway to finish the refund');
  try {
    await deps.stars.refund(Number(r.user_id), r.charge_id!);
  } catch (err) {
    if (!(err instanceof StarsRefused)) throw err;
    log.error({ depositRequest: id, telegram: err.description }, 'Telegram refused a Stars refund; the debit went back to the wallet');
    await undoDepositRefund(deps, id);
    return;
  }
  await finishDepositRefund(deps, id);
  log.info({ depositRequest: id }, 'Stars refund finished by the recovery job');
}
