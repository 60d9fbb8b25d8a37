import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { basePaths } from '../../lib/basePaths';

/** A lazy route whose module's default export is the screen. */
const screen =
  (load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] =>
  () =>
    load().then((m) => ({ Component: m.default }));

/**
 * The students' routes of this area, spread into the route table (app/routes.tsx), every one a
 * chunk loaded on demand: the wallet tab is prefetched after the first screen (app/prefetch.ts);
 * the top-up sheet when it opens. The developer's withdraw and the admin screens are in
 * staffRoutes.tsx.
 */
export const walletRoutes: RouteObject[] = [
  {
    path: basePaths.wallet.root,
    lazy: () => import('./WalletScreen').then((m) => ({ Component: m.WalletScreen })),
    // The top-up sheet opens over the wallet (its <Outlet/>): its own chunk, loaded on the tap.
    children: [{ path: basePaths.wallet.deposit, lazy: screen(() => import('./topup/TopUpSheet')) }],
  },
];
