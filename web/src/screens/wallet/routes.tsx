import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

/** A lazy route whose module's default export is the screen. */
const screen =
  (load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] =>
  () =>
    load().then((m) => ({ Component: m.default }));

/**
 * Routes of this area, spread into the route table (app/routes.tsx), every one a chunk loaded
 * on demand: the wallet tab is prefetched after the first screen (app/prefetch.ts); the top-up
 * sheet when it opens; the developer's withdraw and the admin screens only by those who open them.
 */
export const walletRoutes: RouteObject[] = [
  {
    path: paths.wallet.root,
    lazy: () => import('./WalletScreen').then((m) => ({ Component: m.WalletScreen })),
    // The top-up sheet opens over the wallet (its <Outlet/>): its own chunk, loaded on the tap.
    children: [{ path: paths.wallet.deposit, lazy: screen(() => import('./topup/TopUpSheet')) }],
  },
  { path: paths.wallet.withdraw, lazy: screen(() => import('./withdraw/WithdrawScreen')) },
  { path: paths.admin.wallet.pattern, lazy: screen(() => import('./admin/AdminWalletScreen')) },
  { path: paths.admin.withdrawals, lazy: screen(() => import('./admin/AdminWithdrawalsScreen')) },
  { path: paths.admin.deposits, lazy: screen(() => import('./admin/AdminDepositsScreen')) },
  { path: paths.admin.bankPayments, lazy: screen(() => import('./admin/AdminBankPaymentsScreen')) },
];
