import { purchasePrice, takesFree, type Task } from '@zalik/contract';
import { useMe } from '../../api/me';
import { useWallets } from '../../api/wallets';

export interface PaymentState {
  /** What the server will charge this user (contract's purchasePrice): 0 for a free take. */
  price: number;
  /** The task's developer or an admin takes it without paying. */
  free: boolean;
  /** The general wallet's balance; undefined while it loads (or when it could not be read). */
  balance: number | undefined;
  /** How much the balance lacks; 0 when it is enough or not known yet (the server decides then). */
  missing: number;
}

/** The price of this task for the signed-in user against their general wallet. */
export function usePayment(task: Task): PaymentState {
  const me = useMe();
  const wallets = useWallets(me.telegramId, { silent: true });
  const price = purchasePrice(me, { price: task.price, discount: task.discount, developerId: task.developer.telegramId });
  const free = takesFree(me, task.developer.telegramId);
  const balance = wallets.data?.find((w) => w.kind === 'general')?.balance;
  const missing = balance === undefined ? 0 : Math.max(0, Math.round((price - balance) * 100) / 100);
  return { price, free, balance, missing };
}
