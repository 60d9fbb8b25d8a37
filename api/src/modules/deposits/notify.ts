import { kopecksToUah } from '@zalik/contract';
import { bankDepositPaidText } from '../outbox/index.js';
import type { Executor } from '../../db/client.js';
import { balances } from '../ledger/index.js';
import { enqueue } from '../outbox/index.js';

/**
 * Queues the payer's receipt of a jar payment inside the credit's transaction, keyed by the
 * bank's item id (`deposit_paid:MONOBANK:<id>`), so a credit retried or repeated tells once.
 */
export async function notifyBankDepositPaid(tx: Executor, p: { userId: number; itemId: string; amountKop: number; code?: string }): Promise<void> {
  const { general } = await balances(tx, p.userId);
  await enqueue(tx, {
    kind: 'deposit_paid',
    chatId: p.userId,
    text: bankDepositPaidText({ amountUah: kopecksToUah(p.amountKop), balanceUah: kopecksToUah(general ?? 0), code: p.code }),
    openApp: true,
    dedupeKey: `deposit_paid:MONOBANK:${p.itemId}`,
  });
}
