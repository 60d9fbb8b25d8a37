import type { RouteObject } from 'react-router';

/**
 * Routes of this area, spread into the route table (app/routes.tsx), every one a chunk loaded
 * on demand: the wallet tab is prefetched after the first screen (app/prefetch.ts); the
 * developer's withdraw and the admin screens are loaded only by those who open them.
 */
export const walletRoutes: RouteObject[] = [
  { path: '/wallet', lazy: () => import('./WalletScreen').then((m) => ({ Component: m.WalletScreen })) },
  { path: '/wallet/deposit', lazy: () => import('./deposit/DepositScreen').then((m) => ({ Component: m.DepositScreen })) },
  { path: '/wallet/withdraw', lazy: () => import('./withdraw/WithdrawScreen').then((m) => ({ Component: m.default })) },
  {
    path: '/settings/admin-panel/profile/wallet',
    lazy: () => import('./admin/AdminWalletScreen').then((m) => ({ Component: m.default })),
  },
  {
    path: '/settings/admin-panel/withdrawals',
    lazy: () => import('./admin/AdminWithdrawalsScreen').then((m) => ({ Component: m.default })),
  },
];
