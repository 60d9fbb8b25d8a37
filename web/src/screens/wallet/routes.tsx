import type { RouteObject } from 'react-router';
import { basePaths } from '../../lib/basePaths';

/**
 * The students' routes of this area, spread into the route table (app/routes.tsx), every one a
 * chunk loaded on demand: the wallet tab is prefetched after the first screen (app/prefetch.ts).
 * The developer's withdraw and the admin screens are in staffRoutes.tsx.
 */
export const walletRoutes: RouteObject[] = [
  { path: basePaths.wallet.root, lazy: () => import('./WalletScreen').then((m) => ({ Component: m.WalletScreen })) },
  { path: basePaths.wallet.deposit, lazy: () => import('./deposit/DepositScreen').then((m) => ({ Component: m.DepositScreen })) },
];
