import type { RouteObject } from 'react-router';
import { DepositScreen } from './deposit/DepositScreen';
import { WalletScreen } from './WalletScreen';

/**
 * Routes of this area, spread into the route table (app/routes.tsx). The student screens are
 * eager; the developer's withdraw and the admin screens are lazy chunks.
 */
export const walletRoutes: RouteObject[] = [
  { path: '/wallet', element: <WalletScreen /> },
  { path: '/wallet/deposit', element: <DepositScreen /> },
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
