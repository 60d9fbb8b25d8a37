import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

/**
 * The developer's withdraw and the admins' wallet screens: spread into the staff routes'
 * table (app/staffRoutes.tsx), which only a navigation to one of them loads.
 */
export const walletStaffRoutes: RouteObject[] = [
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
