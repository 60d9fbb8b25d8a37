import { sql } from 'drizzle-orm';
import { MSG, kopecksToUah, type BankPayment, type Wallet } from '@zalik/contract';
import { row, type Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { SYSTEM, post } from '../ledger/index.js';
import { walletsOf } from '../wallets/index.js';
import { lockBankPayment, markBankPaymentCredited, type BankPaymentRow } from './bank.queries.js';
import { notifyBankDepositPaid } from './notify.js';
import { recordAudit } from '../audit/index.js';

export function toBankPayment(r: BankPaymentRow): BankPayment {
  return {
    id: r.id,
    amount: kopecksToUah(Number(r.amount ?? 0)),
    comment: r.comment,
    description: r.description,
    occurredAt: new Date(r.occurred_at).toISOString(),
    status: r.status,
    depositRequestId: r.deposit_request_id === null ? null : String(r.deposit_request_id),
    creditedTo: r.credited_user_id === null ? null : { telegramId: String(r.credited_user_id), username: r.credited_username ?? '' },
    hold: r.hold,
    currencyCode: Number(r.currency_code),
    raw: r.raw,
  };
}

/**
 * An admin credits a bank payment that named no request to a user's general wallet:
 * external:monobank -> user general, keyed `bank-payment:<id>`, with the row marked in the same
 * transaction. The row is locked first, so of two admins at once one credits and the other is
 * told it is taken; a payment the reader matched to a request is taken too.
 */
export async function creditBankPayment(db: Db, input: { id: string; userId: number; adminId: number }): Promise<Wallet[]> {
  const { id, userId, adminId } = input;
  await db.transaction(async (tx) => {
    const payment = await lockBankPayment(tx, id);
    if (!payment) throw notFound(MSG.bankPaymentNotFound);
    if (payment.status !== 'UNMATCHED') throw conflict(MSG.bankPaymentTaken);
    // Its amount is not hryvnias, or not known: an admin tops the user up by hand with the converted sum.
    if (payment.hold === 'QUARANTINED' || payment.hold === 'FOREIGN_CURRENCY' || payment.amount === null) throw conflict(MSG.bankPaymentHeld);
    if (!(await row(tx, sql`SELECT 1 AS one FROM users WHERE telegram_id = ${userId}`))) throw notFound(MSG.userNotFound);
    const amountKop = Number(payment.amount);
    await post(tx, [
      {
        from: { system: SYSTEM.monobank },
        to: { user: userId, wallet: 'general' },
        amount: amountKop,
        kind: 'DEPOSIT',
        key: `bank-payment:${id}`,
        reference: `bank-payment:${id}`,
      },
    ]);
    if (!(await markBankPaymentCredited(tx, id, userId, adminId))) throw conflict(MSG.bankPaymentTaken);
    await notifyBankDepositPaid(tx, { userId, itemId: id, amountKop });
    await recordAudit(tx, {
      adminId,
      action: 'bank.credit',
      target: `bank-payment:${id}`,
      userId,
      before: { status: payment.status },
      after: { status: 'CREDITED', amountUah: kopecksToUah(amountKop) },
    });
  });
  return walletsOf(db, userId);
}
