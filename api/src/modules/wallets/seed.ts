import { uahToKopecks } from '@zalik/contract';
import type { SeedStep } from '../../types/deps.js';
import { ensureWallet, post, SYSTEM } from '../ledger/index.js';
import { topUp } from './service.js';
import { requestWithdrawal, resolveWithdrawal } from './withdrawals.js';
import { sealedDetails } from './details.js';
import { upsertDetails } from './payouts.queries.js';

const STUDENT = 100001;
const DEVELOPER = 100002;
const ADMIN = 100003;

/**
 * Demo money, all through real ledger transfers: the student has 1500 UAH to buy with; the
 * developer has a dev wallet with earnings, a saved card, one rejected (with its reason), one
 * paid and one pending withdrawal.
 */
export const seedWallets: SeedStep = async (tx, deps) => {
  await topUp(tx, { adminId: ADMIN, userId: STUDENT, amountKop: uahToKopecks(1500), clientKey: 'demo-seed-student' });

  // The personas' roles are inserted directly, so the role-grant hook did not open this wallet.
  await ensureWallet(tx, DEVELOPER, 'dev');
  // Earlier earnings, as if paid out of past orders (demo only: there are no such orders).
  await post(tx, [
    {
      from: { system: SYSTEM.topup },
      to: { user: DEVELOPER, wallet: 'dev' },
      amount: uahToKopecks(6000),
      kind: 'TOPUP',
      key: 'demo-seed:developer-earnings',
      reference: 'demo',
    },
  ]);
  const cfg = deps.config.payouts;
  await upsertDetails(tx, DEVELOPER, sealedDetails(cfg, 'BANK_CARD', '4242424242424242'));
  // The demo's past requests: made at any size, announced to nobody.
  const env = { jobs: deps.jobs, payouts: { ...cfg, minKop: 1 } };
  const ask = (amount: number, card: string, key: string) =>
    requestWithdrawal(tx, env, { userId: DEVELOPER, details: { type: 'CARD', value: card }, amountKop: uahToKopecks(amount), clientKey: key, announce: false });
  const rejected = await ask(1200, '4111111111111111', 'demo-seed-withdrawal-1');
  const reason = 'Картка заблокована банком. Збережіть іншу картку.';
  await resolveWithdrawal(tx, env, Number(rejected.id), { status: 'REJECTED', adminId: ADMIN, reason }, { notify: false });
  const paid = await ask(1500, '5555555555554444', 'demo-seed-withdrawal-2');
  await resolveWithdrawal(tx, env, Number(paid.id), { status: 'PAID', adminId: ADMIN }, { notify: false });
  await ask(1000, '4242424242424242', 'demo-seed-withdrawal-3');
};
