import type { Task } from '@zalik/contract';
import { useMe } from '../../api/me';
import { useWallets } from '../../api/wallets';
import { priceOf } from './price';

export interface PaymentState {
  price: number;
  /** The general wallet's balance; undefined while it loads (or when it could not be read). */
  balance: number | undefined;
  /** How much the balance lacks; 0 when it is enough or not known yet (the server decides then). */
  missing: number;
}

/** The price of this task against the student's general wallet. */
export function usePayment(task: Task): PaymentState {
  const me = useMe();
  const wallets = useWallets(me.telegramId, { silent: true });
  const price = priceOf(task);
  const balance = wallets.data?.find((w) => w.kind === 'general')?.balance;
  const missing = balance === undefined ? 0 : Math.max(0, Math.round((price - balance) * 100) / 100);
  return { price, balance, missing };
}
