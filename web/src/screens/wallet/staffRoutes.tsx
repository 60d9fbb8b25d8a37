import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

/** A lazy route whose module's default export is the screen. */
const screen =
  (load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] =>
  () =>
    load().then((m) => ({ Component: m.default }));

/**
 * The developer's withdraw and the admins' wallet screens: spread into the staff routes'
 * table (app/staffRoutes.tsx), which only a navigation to one of them loads.
 */
export const walletStaffRoutes: RouteObject[] = [
  { path: paths.wallet.withdraw, lazy: screen(() => import('./withdraw/WithdrawScreen')) },
  { path: paths.wallet.payoutDetails, lazy: screen(() => import('./payouts/PayoutDetailsScreen')) },
  { path: paths.admin.wallet.pattern, lazy: screen(() => import('./admin/AdminWalletScreen')) },
  { path: paths.admin.withdrawals, lazy: screen(() => import('./admin/AdminWithdrawalsScreen')) },
  { path: paths.admin.deposits, lazy: screen(() => import('./admin/AdminDepositsScreen')) },
  { path: paths.admin.bankPayments, lazy: screen(() => import('./admin/AdminBankPaymentsScreen')) },
];
