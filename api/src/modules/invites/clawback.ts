import { sql } from 'drizzle-orm';
import { REFERRAL_FRIENDS_REQUIRED, REFERRAL_MIN_SPEND_UAH, uahToKopecks } from '@zalik/contract';
import { row, type Executor } from '../../db/client.js';
import { settleReferralDebt } from '../ledger/debts.js';
import { post } from '../ledger/service.js';

/** The ledger key of a user's referral bonus: unique, so the bonus can be paid only once. */
export const referralBonusKey = (telegramId: number) => `referral-bonus:${telegramId}`;

/**
 * Friends whose spending is still kept: orders not refunded (open ones included, since they may
 * still end DONE). A bonus paid while this count met the rule is taken back only once it no
 * longer does; bonuses paid under today's rule (DONE orders only) never are, as DONE is final.
 */
async function keptFriends(ex: Executor, inviterId: number): Promise<number> {
  const r = await row<{ n: number | string }>(
    ex,
    sql`SELECT count(*) AS n FROM users u
        WHERE u.invited_by = ${inviterId}
          AND COALESCE((SELECT SUM(o.price) FROM orders o WHERE o.buyer_id = u.telegram_id AND o.status <> 'REFUNDED'), 0)
              >= ${uahToKopecks(REFERRAL_MIN_SPEND_UAH)}`,
  );
  return Number(r?.n ?? 0);
}

/**
 * Serialises everything that decides on one inviter's bonus (claims, refunds of their friends'
 * orders): the next statement then reads what the previous holder committed, so two friends'
 * refunds at once cannot each still see the other's spending and both let the bonus stand.
 */
export const lockInviter = (ex: Executor, inviterId: number) =>
  ex.execute(sql`SELECT 1 FROM users WHERE telegram_id = ${inviterId} FOR NO KEY UPDATE`);

/**
 * Called in the transaction that refunds an order of `buyerId`: if that takes the buyer's
 * inviter below the rule their paid bonus stood on, the bonus is taken back, once (the row's
 * primary key), as far as their balance allows; the rest stays owed and later credits pay it.
 */
export async function takeBackBonusIfUnearned(tx: Executor, buyerId: number): Promise<void> {
  const buyer = await row<{ invited_by: number | string | null }>(tx, sql`SELECT invited_by FROM users WHERE telegram_id = ${buyerId}`);
  if (!buyer?.invited_by) return;
  const inviterId = Number(buyer.invited_by);
  const bonus = await row<{ amount: number | string }>(tx, sql`SELECT amount FROM transfers WHERE idempotency_key = ${referralBonusKey(inviterId)}`);
  if (!bonus) return;
  await lockInviter(tx, inviterId);
  if ((await keptFriends(tx, inviterId)) >= REFERRAL_FRIENDS_REQUIRED) return;
  const fresh = await row(
    tx,
    sql`INSERT INTO referral_clawbacks (inviter_id, amount) VALUES (${inviterId}, ${Number(bonus.amount)})
        ON CONFLICT (inviter_id) DO NOTHING RETURNING inviter_id`,
  );
  if (fresh) await settleReferralDebt(tx, inviterId, post);
}
