import { sql } from 'drizzle-orm';
import { row, rows, type Executor } from '../../db/client.js';
import { idArray } from '../../db/ids.js';

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
 * settlements of a committed debt (two top-ups arriving) take turns and each sees what the other
 * took; a debt still being recorded is invisible to them, hence `settleNewReferralDebt`. With the wallet's row locked nothing can debit it, and credits only add, so
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

/**
 * Settles a debt its caller has just recorded (its row not committed yet). A credit to the
 * wallet in flight, posted but not committed, looked for a debt before this one was there and
 * found none, and the balance read below would not see it either: it would be taken by
 * neither. So the user's debt lock is taken exclusively first: it waits until those credits
 * commit (then the balance holds them) and holds new ones back until this transaction ends
 * (then they see the debt and pay what is still owed). Lock order: the inviter's `users` row,
 * this lock, the debt row, the wallet's row.
 */
export async function settleNewReferralDebt(tx: Executor, userId: number, post: Post): Promise<number> {
  await tx.execute(sql`SELECT referral_debt_lock(${userId}, false)`);
  return settleReferralDebt(tx, userId, post);
}

/**
 * After a batch credited these users' general wallets: settle the debts any of them has (one
 * cheap statement when none). `referral_debtors` (migrations/functions/ledger.sql) takes each
 * user's debt lock shared before it reads, so a credit racing a debt being recorded is paid
 * into it by one side or the other (`settleNewReferralDebt`), and credits never wait for each other.
 */
export async function settleDebtsOfCredited(tx: Executor, legs: SeenLeg[], post: Post): Promise<void> {
  const credited = [...new Set(legs.flatMap((l) => ('user' in l.to && l.to.wallet === 'general' ? [l.to.user] : [])))];
  if (credited.length === 0) return;
  const owing = await rows<{ inviter_id: number | string }>(
    tx,
    sql`SELECT inviter_id FROM referral_debtors(${idArray(credited)}::bigint[]) AS inviter_id`,
  );
  for (const o of owing) await settleReferralDebt(tx, Number(o.inviter_id), post);
}
