import { sql } from 'drizzle-orm';
import {
  MSG,
  REFERRAL_BONUS_UAH,
  REFERRAL_FRIENDS_REQUIRED,
  REFERRAL_MIN_SPEND_UAH,
  REFERRAL_PREFIX,
  kopecksToUah,
  uahToKopecks,
  type Invite,
  type InviteProgress,
} from '@zalik/contract';
import { row, rows, type Db, type Executor } from '../../db/client.js';
import { inBatches } from '../../db/batches.js';
import { badRequest } from '../../lib/errors.js';
import { SYSTEM, ensureWallet, post } from '../ledger/index.js';
import type { Config } from '../../config.js';
import { lockInviter, referralBonusKey } from './clawback.js';

export { referralBonusKey };

/**
 * What a friend "spent": the price charged for their DONE orders only, kept on the user's row
 * as orders end (`users.done_spend`, migration 0063). DONE is final for the buyer (paid to the
 * developer), while an open order's money may still return to the buyer: counting it let a
 * bonus be claimed on purchases cancelled right after.
 */
const SPEND = sql`u.done_spend`;

/** Friends read and sent per batch. */
const FRIEND_BATCH = 200;

interface FriendRow {
  telegram_id: number;
  username: string;
  photo: string;
  spend: number | string;
}

/** An inviter's friends in the order they joined, `size` at a time. */
function friendBatches(ex: Executor, inviterId: number, size: number): AsyncGenerator<FriendRow[]> {
  return inBatches<FriendRow>((last) => {
    const after = last ? sql`(u.created_at, u.telegram_id) > (SELECT created_at, telegram_id FROM users WHERE telegram_id = ${last.telegram_id})` : sql`TRUE`;
    return rows<FriendRow>(
      ex,
      sql`SELECT u.telegram_id, u.username, u.photo, ${SPEND} AS spend
          FROM users u WHERE u.invited_by = ${inviterId} AND ${after}
          ORDER BY u.created_at, u.telegram_id LIMIT ${size}`,
    );
  }, size);
}

async function invitedCount(ex: Executor, inviterId: number): Promise<number> {
  const r = await row<{ n: number | string }>(ex, sql`SELECT count(*) AS n FROM users WHERE invited_by = ${inviterId}`);
  return Number(r?.n ?? 0);
}

async function qualifiedCount(ex: Executor, inviterId: number): Promise<number> {
  const r = await row<{ n: number | string }>(
    ex,
    sql`SELECT count(*) AS n FROM users u
        WHERE u.invited_by = ${inviterId} AND ${SPEND} >= ${uahToKopecks(REFERRAL_MIN_SPEND_UAH)}`,
  );
  return Number(r?.n ?? 0);
}

async function claimed(ex: Executor, inviterId: number): Promise<boolean> {
  const r = await row<{ id: number }>(ex, sql`SELECT id FROM transfers WHERE idempotency_key = ${referralBonusKey(inviterId)}`);
  return Boolean(r);
}

export function inviteLink(config: Pick<Config, 'botUsername' | 'miniAppName'>, telegramId: number): string {
  return `https://t.me/${config.botUsername}/${config.miniAppName}?startapp=${REFERRAL_PREFIX}${telegramId}`;
}

/** What the invitation's reads and the claim take: the database and the bot's names for the link. */
export type InvitesDeps = { db: Db; config: Pick<Config, 'botUsername' | 'miniAppName'> };

export async function inviteProgress({ db, config }: InvitesDeps, telegramId: number): Promise<InviteProgress> {
  const [invited, qualified, isClaimed] = await Promise.all([
    invitedCount(db, telegramId),
    qualifiedCount(db, telegramId),
    claimed(db, telegramId),
  ]);
  return {
    link: inviteLink(config, telegramId),
    invitedCount: invited,
    qualifiedCount: qualified,
    requiredCount: REFERRAL_FRIENDS_REQUIRED,
    minSpend: REFERRAL_MIN_SPEND_UAH,
    bonus: isClaimed ? 0 : REFERRAL_BONUS_UAH,
    claimed: isClaimed,
    isAvailableClaim: !isClaimed && qualified >= REFERRAL_FRIENDS_REQUIRED,
  };
}

/** Every friend, streamed in batches: a popular inviter's list has no bound. */
export async function* invitedFriends(db: Db, telegramId: number, size = FRIEND_BATCH): AsyncGenerator<Invite[]> {
  for await (const found of friendBatches(db, telegramId, size)) {
    yield found.map((f) => ({
      user: { telegramId: String(f.telegram_id), username: f.username, photo: f.photo },
      spendBalance: kopecksToUah(Number(f.spend)),
    }));
  }
}

export async function isClaimAvailable(deps: InvitesDeps, telegramId: number): Promise<boolean> {
  return (await inviteProgress(deps, telegramId)).isAvailableClaim;
}

/**
 * Pays the bonus once. The rule is checked inside the transaction, and the ledger key is
 * unique: of ten concurrent claims one posts the transfer, the others find the key taken
 * (PostgreSQL makes them wait for the first to commit) and are refused.
 */
export async function claimInviteBonus(deps: InvitesDeps, telegramId: number): Promise<InviteProgress> {
  const { db } = deps;
  // Refuse before opening anything, so a refused claim leaves no trace; the transaction
  // below checks again under its own snapshot.
  if (await claimed(db, telegramId)) throw badRequest(MSG.claimTaken);
  if ((await qualifiedCount(db, telegramId)) < REFERRAL_FRIENDS_REQUIRED) throw badRequest(MSG.claimUnavailable);
  // Open the wallet first, outside the claim: two first-time inserts of one wallet racing
  // inside post() can trip the accounts (owner_id, kind) unique index, which ensureWallet's
  // ON CONFLICT (code) does not cover. Losing that race here only means another request
  // opened it, and the retry finds it.
  await ensureWallet(db, telegramId, 'general').catch(() => ensureWallet(db, telegramId, 'general'));
  await db.transaction(async (tx) => {
    await lockInviter(tx, telegramId);
    if (await claimed(tx, telegramId)) throw badRequest(MSG.claimTaken);
    if ((await qualifiedCount(tx, telegramId)) < REFERRAL_FRIENDS_REQUIRED) throw badRequest(MSG.claimUnavailable);
    const paid = await post(tx, [
      {
        from: { system: SYSTEM.referral },
        to: { user: telegramId, wallet: 'general' },
        amount: uahToKopecks(REFERRAL_BONUS_UAH),
        kind: 'REFERRAL_BONUS',
        key: referralBonusKey(telegramId),
        reference: `referral:${telegramId}`,
      },
    ]);
    if (!paid) throw badRequest(MSG.claimTaken);
  });
  return inviteProgress(deps, telegramId);
}
