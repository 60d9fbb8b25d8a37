import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

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
    children: [{ path: paths.wallet.deposit, lazy: () => import('./topup/TopUpSheet').then((m) => ({ Component: m.default })) }],
  },
  { path: paths.wallet.withdraw, lazy: () => import('./withdraw/WithdrawScreen').then((m) => ({ Component: m.default })) },
  {
    path: paths.admin.wallet.pattern,
    lazy: () => import('./admin/AdminWalletScreen').then((m) => ({ Component: m.default })),
  },
  {
    path: paths.admin.withdrawals,
    lazy: () => import('./admin/AdminWithdrawalsScreen').then((m) => ({ Component: m.default })),
  },
  { path: paths.admin.deposits, lazy: () => import('./admin/AdminDepositsScreen').then((m) => ({ Component: m.default })) },
  { path: paths.admin.bankPayments, lazy: () => import('./admin/AdminBankPaymentsScreen').then((m) => ({ Component: m.default })) },
];
