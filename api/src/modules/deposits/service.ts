import { randomInt } from 'node:crypto';
import {
  DEPOSIT_PRESETS_UAH, MAX_DEPOSIT_UAH, MAX_OPEN_DEPOSIT_REQUESTS, MIN_TOPUP_UAH, MSG, kopecksToUah, starsPrice, uahToKopecks,
  type DepositOptions, type DepositProvider, type DepositRequest,
} from '@zalik/contract';
import type { Config } from '../../config.js';
import type { Executor } from '../../db/client.js';
import { HttpError, conflict, notFound } from '../../lib/errors.js';
import type { StarsGateway } from '../../ports/stars.js';
import type { CoreDeps } from '../../types/deps.js';
import { SYSTEM, post } from '../ledger/index.js';
import {
  countOpen, deleteUnpayable, depositById, insertDeposit, lockUserForDeposit, markPaid, setPaymentLink, type DepositRow,
} from './queries.js';

/** No 0/O or 1/I: the code is read off a phone and typed into a bank app's comment. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CODE_PREFIX = 'ZLK-';
const newCode = () => CODE_PREFIX + Array.from({ length: 5 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** Finds a request's code in a free-text bank comment ('zlk 7f3k2', 'ZLK-7F3K2 дякую'). */
export function codeInComment(comment: string): string | undefined {
  const m = /Z\s*L\s*K[\s\-–—_.:#]*([A-Z2-9]{5})(?![A-Z0-9])/.exec(comment.toUpperCase());
  return m ? CODE_PREFIX + m[1] : undefined;
}

/** Every distinct code a comment names: more than one is a payment an admin must place. */
export function codesInComment(comment: string): string[] {
  const found = comment.toUpperCase().matchAll(/Z\s*L\s*K[\s\-–—_.:#]*([A-Z2-9]{5})(?![A-Z0-9])/g);
  return [...new Set([...found].map((m) => CODE_PREFIX + m[1]))];
}

/** The jar link with the amount and the comment filled in (send.monobank.ua reads `a` and `t`). */
export function jarPaymentLink(jarUrl: string, amountUah: number, code: string): string {
  const url = new URL(jarUrl);
  url.searchParams.set('a', String(amountUah));
  url.searchParams.set('t', code);
  return url.toString();
}

export function depositOptions(config: Config, stars: StarsGateway | null): DepositOptions {
  const d = config.deposits;
  return {
    minAmount: MIN_TOPUP_UAH,
    maxAmount: MAX_DEPOSIT_UAH,
    presets: [...DEPOSIT_PRESETS_UAH],
    stars: { available: stars !== null, kopecksPerStar: d.kopecksPerStar, feePercent: d.starsFeePercent },
    monobank: { available: true, automatic: Boolean(d.monobank.token), jarLink: config.jarUrl },
  };
}

export function toDepositRequest(r: DepositRow): DepositRequest {
  const iso = (v: Date | string) => new Date(v).toISOString();
  return {
    id: String(r.id),
    paymentLink: r.payment_link ?? '',
    provider: r.provider,
    amount: kopecksToUah(Number(r.amount)),
    ...(r.stars !== null ? { stars: Number(r.stars) } : {}),
    ...(r.provider === 'MONOBANK' ? { comment: r.code } : {}),
    status: r.status,
    credited: r.credited === null ? null : kopecksToUah(Number(r.credited)),
    createdAt: iso(r.created_at),
    expiresAt: iso(r.expires_at),
    paidAt: r.paid_at === null ? null : iso(r.paid_at),
    user: { telegramId: String(r.user_id), username: r.username },
  };
}

type CreateDeps = Pick<CoreDeps, 'db' | 'config' | 'stars'>;

/**
 * A new deposit request. The open-request limit is checked under a lock on the user, so five
 * parallel taps make at most the limit. A Stars invoice is made after the row commits (no
 * transaction waits on Telegram); if Telegram refuses, the request is removed: it was never payable.
 */
export async function createDeposit(deps: CreateDeps, userId: number, amountUah: number, provider: DepositProvider): Promise<DepositRequest> {
  const { db, config, stars: gateway } = deps;
  if (provider === 'TELEGRAM_STARS' && !gateway) throw new HttpError(503, MSG.depositStarsUnavailable);
  const stars = provider === 'TELEGRAM_STARS' ? starsPrice(amountUah, config.deposits.kopecksPerStar, config.deposits.starsFeePercent) : null;
  const { id, code } = await db.transaction(async (tx) => {
    if (!(await lockUserForDeposit(tx, userId))) throw notFound(MSG.userNotFound);
    if ((await countOpen(tx, userId)) >= MAX_OPEN_DEPOSIT_REQUESTS) throw conflict(MSG.depositTooManyOpen(MAX_OPEN_DEPOSIT_REQUESTS));
    for (;;) {
      const code = newCode();
      const id = await insertDeposit(tx, {
        userId,
        provider,
        amountKop: uahToKopecks(amountUah),
        stars,
        code,
        paymentLink: provider === 'MONOBANK' ? jarPaymentLink(config.jarUrl, amountUah, code) : null,
        expireMinutes: config.deposits.expireMinutes,
      });
      if (id !== undefined) return { id, code };
    }
  });
  if (provider === 'TELEGRAM_STARS') {
    let link: string;
    try {
      link = await gateway!.createInvoiceLink({
        title: `Поповнення Залік на ${amountUah} грн`,
        description: `Зарахування ${amountUah} грн на загальний гаманець Залік (${code}).`,
        payload: depositPayload(id),
        stars: stars!,
      });
    } catch {
      await deleteUnpayable(db, id);
      throw new HttpError(503, MSG.depositStarsUnavailable);
    }
    await setPaymentLink(db, id, link);
  }
  return toDepositRequest((await depositById(db, id))!);
}

/** The invoice payload that names a deposit request; pre_checkout_query and successful_payment carry it back. */
export const depositPayload = (id: number) => `deposit:${id}`;
export function depositIdOfPayload(payload: string): number | undefined {
  const m = /^deposit:([1-9]\d{0,15})$/.exec(payload);
  return m ? Number(m[1]) : undefined;
}

const SOURCE = { TELEGRAM_STARS: SYSTEM.stars, MONOBANK: SYSTEM.monobank } as const;

/**
 * Credits money that arrived for a request, inside the caller's transaction. The provider's own
 * id (`chargeId`) keys the transfer, so a repeated update or a second statement read credits
 * nothing more. A request that expired is still marked paid: the money came, it is never lost.
 * Returns true when the money moved now.
 */
export async function creditDeposit(
  tx: Executor,
  input: { request: Pick<DepositRow, 'id' | 'user_id' | 'provider'>; chargeId: string; amountKop: number },
): Promise<boolean> {
  const { request, chargeId, amountKop } = input;
  const moved = await post(tx, [
    {
      from: { system: SOURCE[request.provider] },
      to: { user: Number(request.user_id), wallet: 'general' },
      amount: amountKop,
      kind: 'DEPOSIT',
      key: `deposit:${request.provider}:${chargeId}`,
      reference: `deposit:${request.id}`,
    },
  ]);
  if (moved) await markPaid(tx, Number(request.id), chargeId, amountKop);
  return moved;
}
