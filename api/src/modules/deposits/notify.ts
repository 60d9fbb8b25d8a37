import { WALLET_NAMES, formatUah, kopecksToUah, type DepositProvider } from '@zalik/contract';
import type { Executor } from '../../db/client.js';
import { balances } from '../ledger/service.js';
import { enqueue } from '../outbox/enqueue.js';

/** The student's receipt in Telegram: what came in and what the wallet holds now. */
export function depositPaidText(p: { amountUah: number; balanceUah: number; code?: string }): string {
  const code = p.code ? ` (${p.code})` : '';
  return `Поповнення${code} зараховано: ${formatUah(p.amountUah)} на ${WALLET_NAMES.general}. Баланс: ${formatUah(p.balanceUah)}.`;
}

/**
 * Queues the receipt inside the credit's transaction, keyed by the provider's own id
 * (`deposit_paid:MONOBANK:<statement item id>`), so a credit retried or repeated tells once.
 */
export async function notifyDepositPaid(
  tx: Executor,
  p: { userId: number; provider: DepositProvider; chargeId: string; amountKop: number; code?: string },
): Promise<void> {
  const { general } = await balances(tx, p.userId);
  await enqueue(tx, {
    kind: 'deposit_paid',
    chatId: p.userId,
    text: depositPaidText({ amountUah: kopecksToUah(p.amountKop), balanceUah: kopecksToUah(general ?? 0), code: p.code }),
    openApp: true,
    dedupeKey: `deposit_paid:${p.provider}:${p.chargeId}`,
  });
}
