import { sql } from 'drizzle-orm';
import { row, rows, type Executor } from '../../db/client.js';

/** The legs this file reads and posts, spelled out here: `service.ts` imports this file, not the reverse. */
interface SeenLeg {
  to: { user: number; wallet: string } | { system: string };
}
interface ClawbackLeg {
  from: { user: number; wallet: 'general' };
  to: { system: 'expense:referral' };
  amount: number;
  kind: 'REFERRAL_CLAWBACK';
  key: string;
  reference: string;
}
type Post = (tx: Executor, legs: ClawbackLeg[]) => Promise<boolean>;

/**
 * What is still owed of a referral bonus taken back (table `referral_clawbacks`, migration
 * 0027): it is taken from the inviter's general wallet as far as the balance allows, now and
 * at each later credit to that wallet, never below zero (docs/LEDGER.md, "Referral bonus").
 *
 * The owed row is locked first and the wallet's row second, the same order everywhere, so two
 * settlements (a refund recording the debt, a top-up arriving) take turns and each sees what
 * the other took. With the wallet's row locked nothing can debit it, and credits only add, so
 * the balance read under the lock can be taken whole: the conditional debit in `post` still
 * checks it. Each step's key carries what was taken before it, so a step is posted once.
 */
export async function settleReferralDebt(tx: Executor, userId: number, post: Post): Promise<number> {
  const owed = await row<{ amount: number | string; taken: number | string }>(
    tx,
    sql`SELECT amount, taken FROM referral_clawbacks WHERE inviter_id = ${userId} AND taken < amount FOR UPDATE`,
  );
  if (!owed) return 0;
  const code = `user:${userId}:general`;
  await tx.execute(sql`SELECT id FROM accounts WHERE code = ${code} FOR NO KEY UPDATE`);
  const bal = await row<{ balance: number | string }>(tx, sql`SELECT balance FROM account_balances WHERE code = ${code}`);
  const taken = Number(owed.taken);
  const take = Math.min(Number(bal?.balance ?? 0), Number(owed.amount) - taken);
  if (take <= 0) return 0;
  await post(tx, [
    {
      from: { user: userId, wallet: 'general' },
      to: { system: 'expense:referral' },
      amount: take,
      kind: 'REFERRAL_CLAWBACK',
      key: `referral-clawback:${userId}:${taken}`,
      reference: `referral:${userId}`,
    },
  ]);
  await tx.execute(sql`
    UPDATE referral_clawbacks SET taken = taken + ${take},
           settled_at = CASE WHEN taken + ${take} = amount THEN now() END
    WHERE inviter_id = ${userId}`);
  return take;
}

/** After a batch credited these users' general wallets: settle the debts any of them has (one cheap read when none). */
export async function settleDebtsOfCredited(tx: Executor, legs: SeenLeg[], post: Post): Promise<void> {
  const credited = [...new Set(legs.flatMap((l) => ('user' in l.to && l.to.wallet === 'general' ? [l.to.user] : [])))];
  if (credited.length === 0) return;
  const owing = await rows<{ inviter_id: number | string }>(
    tx,
    sql`SELECT inviter_id FROM referral_clawbacks WHERE taken < amount
        AND inviter_id IN (${sql.join(credited.map((u) => sql`${u}`), sql`, `)}) ORDER BY inviter_id`,
  );
  for (const o of owing) await settleReferralDebt(tx, Number(o.inviter_id), post);
}
