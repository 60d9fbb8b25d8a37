import { MSG, kopecksToUah, type FeedItem, type FeedPage } from '@zalik/contract';
import type { Executor } from '../../db/client.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { PageKeys } from '../../lib/page-keys.js';
import { feedRows, ownerOf, walletAccount, type FeedRow } from './payouts.queries.js';
import type { TransferKey } from './queries.js';

type Kind = Pick<FeedItem, 'type' | 'status'> & { title: string };

/**
 * The newest client's three types, from the ledger's kinds as seen from this wallet
 * (docs/LEDGER.md "The newest client's transactions"): money paid for a task is TRANSFER both
 * ways, a withdrawal is WITHDRAW in its request's state, any other money in is DEPOSIT and
 * any other money out WITHDRAW.
 */
function kindOf(r: FeedRow): Kind {
  const title = r.task_title ?? '';
  if (r.kind === 'WITHDRAWAL') {
    const status = r.w_status === 'PAID' ? 'SUCCESS' : r.w_status === 'REJECTED' ? 'FAILED' : 'PROCESSING';
    return { type: 'WITHDRAW', status, title: `Виведення ${r.w_masked ?? ''}`.trim() };
  }
  if (r.kind === 'SALE_REVERSAL' && !r.incoming) return { type: 'TRANSFER', status: 'SUCCESS', title: title ? `Продаж скасовано: ${title}` : 'Продаж скасовано' };
  if (r.kind === 'PURCHASE') return { type: 'TRANSFER', status: 'SUCCESS', title: title ? `Покупка: ${title}` : 'Покупка' };
  if (r.incoming && (r.kind === 'SALE' || r.kind === 'ESCROW_RELEASE')) return { type: 'TRANSFER', status: 'SUCCESS', title: title ? `Продаж: ${title}` : 'Продаж' };
  if (r.kind === 'WITHDRAWAL_REJECTED') return { type: 'DEPOSIT', status: 'SUCCESS', title: `Повернення коштів: виведення відхилено ${r.w_masked ?? ''}`.trim() };
  if (r.incoming) {
    const refund = title ? `Повернення коштів: ${title}` : 'Повернення коштів';
    const label: Record<string, string> = { REFUND: refund, SALE_REVERSAL: refund, FEE_REVERSAL: refund, REFERRAL_BONUS: 'Бонус за запрошення' };
    return { type: 'DEPOSIT', status: 'SUCCESS', title: label[r.kind] ?? 'Поповнення' };
  }
  const label: Record<string, string> = {
    DEPOSIT_REFUND: 'Повернення зірок Telegram',
    REFERRAL_CLAWBACK: 'Бонус за запрошення скасовано: покупки друзів повернено',
  };
  return { type: 'WITHDRAW', status: 'SUCCESS', title: label[r.kind] ?? 'Списання' };
}

/**
 * A page of one wallet's transactions for its owner or an admin. With `keys`, a page right after
 * one this instance served starts at that page's last row (lib/page-keys.ts).
 */
export async function walletFeed(
  ex: Executor,
  caller: { telegramId: number; isAdmin: boolean },
  walletId: number,
  page: number,
  limit: number,
  keys?: PageKeys<TransferKey>,
): Promise<FeedPage> {
  const account = await walletAccount(ex, walletId);
  if (!account) throw notFound(MSG.walletNotFound);
  const ownerId = Number(account.owner_id);
  if (ownerId !== caller.telegramId && !caller.isAdmin) throw forbidden(MSG.forbidden);
  const list = `${walletId}:${limit}`;
  const found = await feedRows(ex, walletId, page, limit, await keys?.before(list, page));
  const end = found[limit - 1];
  if (keys && end && found.length > limit) keys.remember(list, page, { at: end.at_key, id: String(end.id), incoming: end.incoming });
  const owner = (await ownerOf(ex, ownerId)) ?? { username: '', photo: '' };
  const content = found.slice(0, limit).map((r): FeedItem => {
    const k = kindOf(r);
    const other = r.other_id === null ? null : { telegramId: String(r.other_id), username: r.other_username ?? '', photo: r.other_photo ?? '' };
    return {
      id: String(r.id),
      type: k.type,
      status: k.status,
      amount: kopecksToUah(Number(r.amount)),
      createdAt: new Date(r.created_at).toISOString(),
      incoming: r.incoming,
      title: k.title,
      errorMessage: r.kind === 'WITHDRAWAL' && r.w_status === 'REJECTED' ? r.w_reason : null,
      source: { user: other ?? { telegramId: String(ownerId), username: owner.username, photo: owner.photo } },
    };
  });
  return { content, last: found.length <= limit };
}
