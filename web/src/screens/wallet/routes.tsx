import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

/**
 * Routes of this area, spread into the route table (app/routes.tsx), every one a chunk loaded
 * on demand: the wallet tab is prefetched after the first screen (app/prefetch.ts); the
 * developer's withdraw and the admin screens are loaded only by those who open them.
 */
export const walletRoutes: RouteObject[] = [
  { path: paths.wallet.root, lazy: () => import('./WalletScreen').then((m) => ({ Component: m.WalletScreen })) },
  { path: paths.wallet.deposit, lazy: () => import('./deposit/DepositScreen').then((m) => ({ Component: m.DepositScreen })) },
  { path: paths.wallet.withdraw, lazy: () => import('./withdraw/WithdrawScreen').then((m) => ({ Component: m.default })) },
  {
    path: paths.admin.wallet.pattern,
    lazy: () => import('./admin/AdminWalletScreen').then((m) => ({ Component: m.default })),
  },
  {
    path: paths.admin.withdrawals,
    lazy: () => import('./admin/AdminWithdrawalsScreen').then((m) => ({ Component: m.default })),
  },
];
