import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

/** Routes of this area, spread into the route table (app/routes.tsx). A tab: prefetched after the first screen (app/prefetch.ts). */
export const invitationRoutes: RouteObject[] = [
  { path: paths.invitation.root, lazy: () => import('./InvitationScreen').then((m) => ({ Component: m.InvitationScreen })) },
  { path: paths.invitation.invite, lazy: () => import('./InviteScreen').then((m) => ({ Component: m.InviteScreen })) },
];
