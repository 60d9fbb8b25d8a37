import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

/** Admin-only lazy chunks: a student downloads none of this code. */
const lazy =
  (load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] =>
  () =>
    load().then((m) => ({ Component: m.default }));

export const adminDiscountsRoutes: RouteObject[] = [
  { path: paths.admin.discounts, lazy: lazy(() => import('./DiscountListScreen')) },
  { path: paths.admin.discountNew, lazy: lazy(() => import('./DiscountCreateScreen')) },
  { path: paths.admin.discount.pattern, lazy: lazy(() => import('./DiscountEditScreen')) },
];
