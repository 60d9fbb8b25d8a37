import type { RouteObject } from 'react-router';
import { SupportScreen } from './SupportScreen';

/** Routes of this area, spread into the route table (app/routes.tsx). */
export const supportRoutes: RouteObject[] = [{ path: '/settings/support', element: <SupportScreen /> }];
