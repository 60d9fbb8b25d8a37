import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@zalik/contract';
import { formatDate } from '../../lib/date';
import { hideError } from '../../ui';
import { ADMIN, json, mockFetch, type MockRoute, renderRoutes, STUDENT } from '../../../test/harness';
import { user } from '../../../test/fixtures';
import { adminUsersRoutes } from './routes';

vi.mock('../../ui/Lottie', () => ({ Lottie: () => null }));

const OLENA = user('100001', { username: 'student_demo', courseNumber: 2 });
const NONAME = user('100777', { username: '', courseNumber: 0, isBanned: true });
const DEV = user('200002', { username: 'dev_demo', roles: ['ROLE_USER', 'ROLE_DEVELOPER'] });
/** A page of a user list, as the server answers a request that names `page`. */
const page = (content: unknown[], last = true) => ({ content, last });
const routes = (): MockRoute[] => [
  { path: '/api/v1/users?page=0&limit=30', body: page([OLENA, NONAME, DEV]) },
  { path: '/api/v1/users/search?prefix=100&page=0&limit=30', body: page([OLENA, NONAME]) },
  { path: '/api/v1/users/search?username=dev&page=0&limit=30', body: page([DEV]) },
  { path: '/api/v1/users/100001', body: OLENA },
  { path: '/api/v1/users/100777', body: NONAME },
  { method: 'PATCH', path: /^\/api\/v1\/users\/\d+\/ban\?value=(true|false)$/, body: OLENA },
  { method: 'PATCH', path: '/api/v1/users/100001/roles', body: { ...OLENA, roles: ['ROLE_USER', 'ROLE_DEVELOPER'] } },
  // The profile's latest admin actions on the user (none here).
  { path: /^\/api\/v1\/audit\?userId=\d+&page=0&limit=3$/, body: { content: [], last: true } },
];
const patches = (api: ReturnType<typeof mockFetch>) => api.calls.filter((c) => c.method === 'PATCH');
const row = (name: string) => screen.findByRole('link', { name: new RegExp(name) });

afterEach(() => {
  vi.unstubAllGlobals();
  hideError();
});

describe('admin: users', () => {
  it('lists users (username or Unknown) and searches by Telegram ID prefix or username', async () => {
    const api = mockFetch(routes());
    const { router } = renderRoutes(adminUsersRoutes, '/settings/admin-panel/profile', ADMIN);
    expect(await row('student_demo')).toHaveAttribute('href', '/settings/admin-panel/profile/user?telegramId=100001');
    expect(await row('Unknown')).toHaveTextContent('ID 100777');
    expect(screen.queryByRole('button', { name: 'Показати ще' })).not.toBeInTheDocument();

    const search = screen.getByRole('searchbox', { name: 'Пошук за Telegram ID або нікнеймом' });
    await userEvent.type(search, '100');
    await waitFor(() => expect(screen.queryByRole('link', { name: /dev_demo/ })).not.toBeInTheDocument());
    expect(api.lines()).toContain('GET /api/v1/users/search?prefix=100&page=0&limit=30');
    expect(router.state.location.search).toBe('?prefix=100');

    await userEvent.clear(search);
    await userEvent.type(search, '@dev');
    await waitFor(() => expect(screen.queryByRole('link', { name: /student_demo/ })).not.toBeInTheDocument());
    expect(await row('dev_demo')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?username=dev');
  });

  it('loads the next page at the end of the list (scrolled to, or "Показати ще"), with placeholder rows meanwhile', async () => {
    const first = Array.from({ length: 30 }, (_, i) => user(String(300000 + i), { username: `user${i}` }));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const api = mockFetch([
      ...routes(),
      { path: '/api/v1/users?page=0&limit=30', body: page(first, false) },
      // The admin who signed in between the pages shifts the second one: user29 comes again.
      { path: '/api/v1/users?page=1&limit=30', body: page([first[29], OLENA]), gate },
    ]);
    renderRoutes(adminUsersRoutes, '/settings/admin-panel/profile', ADMIN);
    await row('user29');
    await userEvent.click(screen.getByRole('button', { name: 'Показати ще' }));
    expect(await screen.findByLabelText('Завантаження')).toBeInTheDocument();
    release();
    expect(await row('student_demo')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /user29/ })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Показати ще' })).not.toBeInTheDocument();
    expect(api.lines().filter((l) => l.startsWith('GET /api/v1/users?'))).toEqual(['GET /api/v1/users?page=0&limit=30', 'GET /api/v1/users?page=1&limit=30']);
  });

  it('bans from the context menu after confirmation, sending the opposite of isBanned', async () => {
    const api = mockFetch(routes());
    renderRoutes(adminUsersRoutes, '/settings/admin-panel/profile', ADMIN);
    fireEvent.contextMenu(await row('student_demo'));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Заблокувати' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent(MSG.confirmTitle);
    expect(patches(api)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Підтвердити' }));
    await waitFor(() => expect(patches(api).map((c) => c.path)).toEqual(['/api/v1/users/100001/ban?value=true']));

    // A banned user is offered the unban, which sends false.
    fireEvent.contextMenu(await row('Unknown'));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Розблокувати' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Підтвердити' }));
    await waitFor(() => expect(patches(api).map((c) => c.path)).toContain('/api/v1/users/100777/ban?value=false'));
  });

  it('cancelling the confirmation sends nothing; the admin is never offered to ban themself', async () => {
    const api = mockFetch([...routes(), { path: '/api/v1/users?page=0&limit=30', body: page([OLENA, user(ADMIN.telegramId, { username: 'admin_demo' })]) }]);
    renderRoutes(adminUsersRoutes, '/settings/admin-panel/profile', ADMIN);
    fireEvent.contextMenu(await row('student_demo'));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Заблокувати' }));
    await userEvent.click(screen.getByRole('button', { name: 'Скасувати' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(patches(api)).toHaveLength(0);

    fireEvent.contextMenu(await row('admin_demo'));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Видати роль']);
  });

  it("'Видати роль' in the context menu opens the role screen for that user", async () => {
    mockFetch(routes());
    const { router } = renderRoutes(adminUsersRoutes, '/settings/admin-panel/profile', ADMIN);
    fireEvent.contextMenu(await row('student_demo'));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Видати роль' }));
    await screen.findByRole('heading', { name: 'Видати роль' });
    expect(router.state.location.pathname + router.state.location.search).toBe('/settings/admin-panel/profile/give-role?telegramId=100001');
  });

  it('shows a profile: Telegram ID, username or Unknown, course, created time, roles, ban state and links', async () => {
    mockFetch(routes());
    renderRoutes(adminUsersRoutes, '/settings/admin-panel/profile/user?telegramId=100777', ADMIN);
    const profile = (await screen.findByText('Telegram ID')).closest('section')!;
    const value = (label: string) => within(profile).getByText(label).closest('div')!.textContent;
    expect(value('Telegram ID')).toContain('100777');
    expect(value('Нікнейм')).toContain('Unknown');
    expect(value('Курс')).toContain('Не обрано');
    expect(value('Створено')).toContain(formatDate(NONAME.createdAt));
    expect(value('Ролі')).toContain('Студент');
    expect(value('Статус')).toContain('Заблоковано');
    expect(screen.getByRole('link', { name: 'Гаманець' })).toHaveAttribute('href', '/settings/admin-panel/profile/wallet?telegramId=100777');
    expect(screen.getByRole('link', { name: 'Історія завдань' })).toHaveAttribute('href', '/settings/admin-panel/profile/history-task?telegramId=100777');
    expect(screen.getByRole('button', { name: 'Розблокувати' })).toBeInTheDocument();
  });

  it('takes a role away from the profile after a confirmation naming it; the admin\'s own admin role is not offered', async () => {
    let dev = DEV;
    const api = mockFetch([
      ...routes(),
      { path: '/api/v1/users/200002', reply: () => json(dev) },
      { method: 'DELETE', path: '/api/v1/users/200002/roles/ROLE_DEVELOPER', reply: () => json((dev = { ...DEV, roles: ['ROLE_USER'] })) },
      { path: `/api/v1/users/${ADMIN.telegramId}`, body: user(ADMIN.telegramId, { username: 'admin_demo', roles: ['ROLE_USER', 'ROLE_ADMIN'] }) },
    ]);
    const { router } = renderRoutes(adminUsersRoutes, '/settings/admin-panel/profile/user?telegramId=200002', ADMIN);
    const take = await screen.findByRole('button', { name: 'Забрати роль «Розробник»' });
    expect(screen.queryByRole('button', { name: /Забрати роль «Адміністратор»/ })).not.toBeInTheDocument();
    await userEvent.click(take);
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Забрати роль «Розробник» у dev_demo?');
    await userEvent.click(screen.getByRole('button', { name: 'Забрати' }));
    await waitFor(() => expect(api.lines()).toContain('DELETE /api/v1/users/200002/roles/ROLE_DEVELOPER'));
    expect(await screen.findByText(`${MSG.roleRevoked}: Розробник`)).toBeInTheDocument();
    // The answer is shown at once: the row is gone.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Забрати роль «Розробник»' })).not.toBeInTheDocument());

    await router.navigate(`/settings/admin-panel/profile/user?telegramId=${ADMIN.telegramId}`);
    // The admin's own profile, not the developer's still on screen.
    await waitFor(() => expect(screen.getAllByText('@admin_demo').length).toBeGreaterThan(0));
    expect(screen.getByRole('link', { name: 'Видати роль' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Забрати роль/ })).not.toBeInTheDocument();
  });

  it('grants exactly one role: a radio group, the button waits for a pick', async () => {
    const api = mockFetch(routes());
    const { router } = renderRoutes(adminUsersRoutes, '/settings/admin-panel/profile/give-role?telegramId=100001', ADMIN);
    await screen.findByText('student_demo · ID 100001');
    const submit = screen.getByRole('button', { name: 'Видати роль' });
    expect(submit).toBeDisabled();

    await userEvent.click(screen.getByRole('radio', { name: /Адміністратор/ }));
    await userEvent.click(screen.getByRole('radio', { name: /Розробник/ }));
    expect(screen.getByRole('radio', { name: /Адміністратор/ })).not.toBeChecked();
    expect(patches(api)).toHaveLength(0);
    await userEvent.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/admin-panel/profile/user'));
    const [patch] = patches(api);
    expect(patch!.path).toBe('/api/v1/users/100001/roles');
    expect(JSON.parse(String(patch!.init!.body))).toEqual({ roleName: 'ROLE_DEVELOPER' });
  });

  it('sends anyone but an admin back to settings', async () => {
    mockFetch(routes());
    renderRoutes(adminUsersRoutes, '/settings/admin-panel/profile', STUDENT);
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/settings');
  });

  it('the admin menu leads to users, top-ups, bank payments, withdrawals and discounts', async () => {
    mockFetch(routes());
    renderRoutes(adminUsersRoutes, '/settings/admin-panel', ADMIN);
    expect(await screen.findByRole('link', { name: /Користувачі/ })).toHaveAttribute('href', '/settings/admin-panel/profile');
    expect(screen.getByRole('link', { name: /Поповнення/ })).toHaveAttribute('href', '/settings/admin-panel/deposits');
    expect(screen.getByRole('link', { name: /Платежі на банку/ })).toHaveAttribute('href', '/settings/admin-panel/bank-payments');
    expect(screen.getByRole('link', { name: /Заявки на виведення/ })).toHaveAttribute('href', '/settings/admin-panel/withdrawals');
    expect(screen.getByRole('link', { name: /Знижки/ })).toHaveAttribute('href', '/settings/admin-panel/discounts');
  });
});
