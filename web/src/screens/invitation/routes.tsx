import type { RouteObject } from 'react-router';
import { basePaths } from '../../lib/basePaths';

/** Routes of this area, spread into the route table (app/routes.tsx). A tab: prefetched after the first screen (app/prefetch.ts). */
export const invitationRoutes: RouteObject[] = [
  { path: basePaths.invitation.root, lazy: () => import('./InvitationScreen').then((m) => ({ Component: m.InvitationScreen })) },
  { path: basePaths.invitation.invite, lazy: () => import('./InviteScreen').then((m) => ({ Component: m.InviteScreen })) },
];
