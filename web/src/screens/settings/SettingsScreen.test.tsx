import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { DEVELOPER, STUDENT, json, mockFetch, renderRoutes } from '../../../test/harness';
import { hideError } from '../../ui';
import { SettingsScreen } from './SettingsScreen';

vi.mock('../../telegram/sdk', () => import('../../../test/sdk-mock'));

const routes: RouteObject[] = [{ path: '/settings', element: <SettingsScreen /> }];

afterEach(() => hideError());

describe('the settings menu', () => {
  it('shows the unread thread messages on the history (purchases) and the dev panel (orders fulfilled)', async () => {
    mockFetch({ 'GET /api/v1/histories/messages/unread': () => json({ asBuyer: 2, asDeveloper: 5 }), 'GET /api/v1/users/me/course': () => json({ courseNumber: 2 }) });
    renderRoutes(routes, '/settings', DEVELOPER);
    const history = (await screen.findByRole('status', { name: '2 нові повідомлення' })).closest('a')!;
    expect(history).toHaveTextContent('Історія завдань');
    const panel = screen.getByRole('status', { name: '5 нових повідомлень' }).closest('a')!;
    expect(panel).toHaveTextContent('Панель розробника');
  });

  it('shows no badge when everything is read', async () => {
    const api = mockFetch({ 'GET /api/v1/histories/messages/unread': () => json({ asBuyer: 0, asDeveloper: 0 }), 'GET /api/v1/users/me/course': () => json({ courseNumber: 2 }) });
    const { client } = renderRoutes(routes, '/settings', STUDENT);
    const history = (await screen.findByText('Історія завдань')).closest('a')!;
    await waitFor(() => expect(client.getQueryData(['threads', 'unread'])).toEqual({ asBuyer: 0, asDeveloper: 0 }));
    expect(api.endpoints()).toContain('GET /api/v1/histories/messages/unread');
    expect(within(history).queryByRole('status')).toBeNull();
  });
});
