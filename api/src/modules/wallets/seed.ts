import { uahToKopecks } from '@zalik/contract';
import type { SeedStep } from '../../types/deps.js';
import { ensureWallet, post, SYSTEM } from '../ledger/service.js';
import { topUp } from './service.js';
import { requestWithdrawal, resolveWithdrawal } from './withdrawals.js';

const STUDENT = 100001;
const DEVELOPER = 100002;
const ADMIN = 100003;

/**
 * Demo money, all through real ledger transfers: the student has 1500 UAH to buy with; the
 * developer has a dev wallet with earnings, one rejected, one paid and one pending withdrawal.
 */
export const seedWallets: SeedStep = async (tx) => {
  await topUp(tx, { adminId: ADMIN, userId: STUDENT, amountKop: uahToKopecks(1500), clientKey: 'demo-seed-student' });

  // The personas' roles are inserted directly, so the role-grant hook did not open this wallet.
  await ensureWallet(tx, DEVELOPER, 'dev');
  // Earlier earnings, as if paid out of past orders (demo only: there are no such orders).
  await post(tx, [
    {
      from: { system: SYSTEM.topup },
      to: { user: DEVELOPER, wallet: 'dev' },
      amount: uahToKopecks(2000),
      kind: 'TOPUP',
      key: 'demo-seed:developer-earnings',
      reference: 'demo',
    },
  ]);
  const ask = (amount: number, card: string, key: string) =>
    requestWithdrawal(tx, { userId: DEVELOPER, card, amountKop: uahToKopecks(amount), clientKey: key, adminIds: null });
  const rejected = await ask(300, '4111111111111111', 'demo-seed-withdrawal-1');
  await resolveWithdrawal(tx, Number(rejected.id), 'REJECTED', ADMIN, { notify: false });
  const paid = await ask(500, '5555555555554444', 'demo-seed-withdrawal-2');
  await resolveWithdrawal(tx, Number(paid.id), 'PAID', ADMIN, { notify: false });
  await ask(250, '4242424242424242', 'demo-seed-withdrawal-3');
};
