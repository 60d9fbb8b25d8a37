import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ADMIN, DEVELOPER, renderRoutes, STUDENT } from '../../test/harness';
import { RequireRole, type GuardedRole } from './RequireRole';

const guarded = (path: string, role: GuardedRole): RouteObject => ({
  path,
  element: (
    <RequireRole role={role}>
      <h1>Захищений екран</h1>
    </RequireRole>
  ),
});

const ROUTES: RouteObject[] = [
  guarded('/list-task/add-task/:subjectId', 'admin'),
  guarded('/add-subject', 'admin'),
  guarded('/settings/admin-panel/withdrawals', 'admin'),
  guarded('/wallet/withdraw', 'developer'),
  guarded('/settings/dev-panel', 'developer'),
];

describe('RequireRole', () => {
  it.each([
    ['/list-task/add-task/7', STUDENT, '/'],
    ['/add-subject', DEVELOPER, '/'],
    ['/settings/admin-panel/withdrawals', STUDENT, '/settings'],
    ['/wallet/withdraw', ADMIN, '/wallet'],
    ['/settings/dev-panel', STUDENT, '/settings'],
  ])('sends someone without the role from %s to the root of its tab', async (path, me, tab) => {
    renderRoutes(ROUTES, path, me);
    expect(await screen.findByTestId('path')).toHaveTextContent(new RegExp(`^${tab}$`));
    expect(screen.queryByRole('heading', { name: 'Захищений екран' })).not.toBeInTheDocument();
  });

  it.each([
    ['/list-task/add-task/7', ADMIN],
    ['/settings/admin-panel/withdrawals', ADMIN],
    ['/wallet/withdraw', DEVELOPER],
  ])('shows %s to its role', async (path, me) => {
    renderRoutes(ROUTES, path, me);
    expect(await screen.findByRole('heading', { name: 'Захищений екран' })).toBeInTheDocument();
  });
});
