import type { RouteObject } from 'react-router';
import { InvitationScreen } from './InvitationScreen';
import { InviteScreen } from './InviteScreen';

/** Routes of this area, spread into the route table (app/routes.tsx). */
export const invitationRoutes: RouteObject[] = [
  { path: '/invitation', element: <InvitationScreen /> },
  { path: '/invitation/invite', element: <InviteScreen /> },
];
