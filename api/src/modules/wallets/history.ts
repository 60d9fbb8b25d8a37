import { sql } from 'drizzle-orm';
import { kopecksToUah, type Transaction, type TransactionType } from '@zalik/contract';
import { rows, type Executor } from '../../db/client.js';
import type { TransferKind, WalletKind } from '../ledger/index.js';
import type { PageKeys } from '../../lib/page-keys.js';
import { newestTransfersSql, type TransferKey } from './queries.js';

interface HistoryRow {
  id: number | string;
  kind: TransferKind;
  amount: number | string;
  created_at: Date | string;
  at_key: string;
  incoming: boolean;
  wallet: WalletKind;
  task_title: string | null;
  card_last4: string | null;
}

/**
 * What a user sees in a transaction row. The type follows the direction (money into one of
 * the user's wallets is DEPOSIT); the label says what it was.
 */
function describe(r: HistoryRow): { type: TransactionType; label: string } {
  const title = r.task_title ?? '';
  const card = r.card_last4 ? ` •••• ${r.card_last4}` : '';
  if (r.incoming) {
    switch (r.kind) {
      case 'TOPUP':
      case 'DEPOSIT':
        return { type: 'DEPOSIT', label: 'Поповнення' };
      case 'REFERRAL_BONUS':
        return { type: 'DEPOSIT', label: 'Бонус за запрошення' };
      case 'SALE':
      case 'ESCROW_RELEASE':
        return { type: 'DEPOSIT', label: title ? `Продаж: ${title}` : 'Продаж' };
      case 'REFUND':
      case 'SALE_REVERSAL':
      case 'FEE_REVERSAL':
        return { type: 'DEPOSIT', label: title ? `Повернення коштів: ${title}` : 'Повернення коштів' };
      case 'WITHDRAWAL_REJECTED':
        return { type: 'DEPOSIT', label: `Повернення коштів: виведення відхилено${card}` };
      case 'DEPOSIT_REFUND_UNDONE':
        return { type: 'DEPOSIT', label: 'Повернення зірок не відбулося: кошти повернено' };
      case 'EXPLANATION_REFUND':
        return { type: 'DEPOSIT', label: title ? `Повернення за пояснення: ${title}` : 'Повернення за пояснення' };
      default:
        return { type: 'DEPOSIT', label: 'Зарахування' };
    }
  }
  switch (r.kind) {
    case 'PURCHASE':
      return { type: 'PURCHASE', label: title ? `Покупка: ${title}` : 'Покупка' };
    case 'WITHDRAWAL':
      return { type: 'WITHDRAWAL', label: `Виведення на картку${card}` };
    case 'DEPOSIT_REFUND':
      return { type: 'WITHDRAWAL', label: 'Повернення зірок Telegram' };
    case 'EXPLANATION':
      return { type: 'PURCHASE', label: title ? `Пояснення: ${title}` : 'Пояснення' };
    case 'REFERRAL_CLAWBACK':
      return { type: 'WITHDRAWAL', label: 'Бонус за запрошення скасовано: покупки друзів повернено' };
    case 'SALE_REVERSAL':
      return { type: 'WITHDRAWAL', label: title ? `Продаж скасовано: ${title}` : 'Продаж скасовано' };
    default:
      return { type: 'WITHDRAWAL', label: 'Списання' };
  }
}

/**
 * A page of the transfers touching any of the user's wallets, newest first; ties on created_at
 * (one transaction) broken by id, so pages never repeat or skip a row. Labels are joined for the
 * page only. With `keys`, a page right after one this instance served starts at that page's
 * last row (keyset) instead of skipping the rows before it (lib/page-keys.ts): page 500 of a
 * busy wallet reads its own rows, not 10 000.
 */
export async function history(
  ex: Executor,
  telegramId: number,
  opts: { page: number; limit: number; wallet?: WalletKind },
  keys?: PageKeys<TransferKey>,
): Promise<Transaction[]> {
  const wallet = opts.wallet ? sql`AND a.kind = ${opts.wallet}` : sql``;
  const list = `${telegramId}:${opts.wallet ?? '*'}:${opts.limit}`;
  const after = await keys?.before(list, opts.page);
  const skip = after ? 0 : opts.page * opts.limit;
  const found = await rows<HistoryRow>(
    ex,
    sql`WITH page AS (
          SELECT * FROM (${newestTransfersSql(sql`SELECT id, kind FROM accounts a WHERE a.owner_id = ${telegramId} ${wallet}`, skip + opts.limit, after)}) both_ways
          ORDER BY created_at DESC, id DESC, incoming
          LIMIT ${opts.limit} OFFSET ${skip}
        )
        SELECT p.id, p.kind, p.amount, p.created_at, p.at_key, p.incoming, p.wallet, o.task_title, w.card_last4
        FROM page p
        LEFT JOIN explanation_questions eq
          ON eq.id = CASE WHEN p.reference ~ '^explanation:[0-9]{1,18}$' THEN substr(p.reference, 13)::bigint END
        LEFT JOIN orders o
          ON o.id = COALESCE(eq.order_id, CASE WHEN p.reference ~ '^order:[0-9]{1,18}$' THEN substr(p.reference, 7)::bigint END)
        LEFT JOIN withdrawals w
          ON w.id = CASE WHEN p.reference ~ '^withdrawal:[0-9]{1,18}$' THEN substr(p.reference, 12)::bigint END
        ORDER BY p.created_at DESC, p.id DESC, p.incoming`,
  );
  const end = found.at(-1);
  if (keys && end && found.length === opts.limit) keys.remember(list, opts.page, { at: end.at_key, id: String(end.id), incoming: end.incoming });
  return found.map((r) => {
    const { type, label } = describe(r);
    return {
      transactionId: String(r.id),
      transactionType: type,
      initials: label,
      createdTimeStamp: new Date(r.created_at).toISOString(),
      amount: kopecksToUah(Number(r.amount)),
      wallet: r.wallet,
    };
  });
}
