import { sql } from 'drizzle-orm';
import { REFERRAL_FRIENDS_REQUIRED, REFERRAL_MIN_SPEND_UAH, uahToKopecks } from '@zalik/contract';
import { row, rows, type Db, type Executor } from '../../db/client.js';
import { settleNewReferralDebt } from '../ledger/index.js';
import { post } from '../ledger/index.js';

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
  if (buyer?.invited_by) await takeBackInvitersBonusIfUnearned(tx, Number(buyer.invited_by));
}

/** The inviter's side of the check above: answers whether a bonus was taken back now. */
export async function takeBackInvitersBonusIfUnearned(tx: Executor, inviterId: number): Promise<boolean> {
  const bonus = await row<{ amount: number | string }>(tx, sql`SELECT amount FROM transfers WHERE idempotency_key = ${referralBonusKey(inviterId)}`);
  if (!bonus) return false;
  await lockInviter(tx, inviterId);
  if ((await keptFriends(tx, inviterId)) >= REFERRAL_FRIENDS_REQUIRED) return false;
  const fresh = await row(
    tx,
    sql`INSERT INTO referral_clawbacks (inviter_id, amount) VALUES (${inviterId}, ${Number(bonus.amount)})
        ON CONFLICT (inviter_id) DO NOTHING RETURNING inviter_id`,
  );
  if (fresh) await settleNewReferralDebt(tx, inviterId, post);
  return Boolean(fresh);
}

/** Inviters whose bonus is paid and not yet taken back, `size` per statement, by id. */
const PAID_BATCH = 500;

/**
 * Bonuses paid before refunds took them back: a bonus whose friends' orders were all refunded
 * before that rule existed stood for good. The one-off job `invites.review-bonuses` (scheduled
 * by migration 0029) looks at every paid bonus once, each inviter in a transaction of its own,
 * and takes back, by the same rule and through the same path, those no longer earned.
 */
export async function reviewPaidBonuses(db: Db): Promise<{ reviewed: number; takenBack: number }> {
  let reviewed = 0;
  let takenBack = 0;
  for (let after = 0; ; ) {
    const batch = await rows<{ inviter: number | string }>(
      db,
      sql`SELECT split_part(t.idempotency_key, ':', 2)::bigint AS inviter FROM transfers t
          WHERE t.kind = 'REFERRAL_BONUS' AND split_part(t.idempotency_key, ':', 2)::bigint > ${after}
            AND NOT EXISTS (SELECT 1 FROM referral_clawbacks c WHERE c.inviter_id = split_part(t.idempotency_key, ':', 2)::bigint)
          ORDER BY 1 LIMIT ${PAID_BATCH}`,
    );
    for (const { inviter } of batch) {
      reviewed++;
      if (await db.transaction((tx) => takeBackInvitersBonusIfUnearned(tx, Number(inviter)))) takenBack++;
    }
    if (batch.length < PAID_BATCH) return { reviewed, takenBack };
    after = Number(batch.at(-1)!.inviter);
  }
}
