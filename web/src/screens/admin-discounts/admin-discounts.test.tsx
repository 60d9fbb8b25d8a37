import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG, type DiscountListItem, type TaskPick } from '@zalik/contract';
import { hideError } from '../../ui';
import { ADMIN, json, mockFetch, type MockRoute, preloadLazy, renderRoutes, STUDENT, unmountAll } from '../../../test/harness';
import { user } from '../../../test/fixtures';
import { adminDiscountsRoutes } from './routes';

vi.mock('../../ui/Lottie', () => ({ Lottie: () => null }));
beforeAll(() => preloadLazy(adminDiscountsRoutes));
afterEach(async () => {
  await unmountAll();
  vi.unstubAllGlobals();
  hideError();
});

const discount = (id: string, over: Partial<DiscountListItem> = {}): DiscountListItem => ({
  id,
  type: 'GLOBAL',
  discountValue: 20,
  availableValue: null,
  telegramId: null,
  taskId: '5',
  validFrom: null,
  validTo: null,
  username: '',
  active: true,
  taskTitle: 'Лабораторна 1',
  taskPrice: 200,
  subjectName: 'Фізика',
  teacherName: 'Коваль О. О.',
  courseNumber: 2,
  ...over,
});
const GLOBAL = discount('1');
/** Opens on 1 September 2030, 00:00 Kyiv time, for a week. */
const LOCAL = discount('2', {
  type: 'LOCAL', discountValue: 35, availableValue: 2, telegramId: '100001', username: 'student_demo', taskId: '6', taskTitle: 'Курсова',
  validFrom: '2030-08-31T21:00:00.000Z', validTo: '2030-09-07T21:00:00.000Z', active: false,
});
const pick = (id: string, title: string): TaskPick => ({ id, title, price: 100, visible: true, subjectName: 'Фізика', teacherName: 'Коваль О. О.', courseNumber: 2 });

const LIST = '/settings/admin-panel/discounts';
const routes = (): MockRoute[] => [
  { path: '/api/v1/discounts?page=0&limit=20', body: [LOCAL, GLOBAL] },
  { path: '/api/v1/discounts?page=0&limit=20&search=%D0%BA%D1%83%D1%80%D1%81', body: [LOCAL] },
  { path: '/api/v1/discounts?page=0&limit=20&type=LOCAL', body: [LOCAL] },
  { path: '/api/v1/discounts/2', body: LOCAL },
  { method: 'PATCH', path: '/api/v1/discounts/2', body: LOCAL },
  { method: 'DELETE', path: /^\/api\/v1\/discounts\/\d+$/, body: { ok: true } },
  { path: /^\/api\/v1\/tasks\/search\?title=.*&limit=6$/, body: [pick('5', 'Лабораторна 1'), pick('6', 'Курсова'), pick('7', 'Реферат')] },
  { path: /^\/api\/v1\/users\/search\?.*limit=6$/, body: [user('100001', { username: 'student_demo' }), user('100009', { username: 'vira' })] },
  { method: 'POST', path: '/api/v1/discounts/bulk', body: { created: 4, updated: 0 } },
];
const rowOf = (title: string) => screen.findByRole('link', { name: new RegExp(title) });

describe('admin: the discount list', () => {
  it('shows each discount: task, subject, who, percent, uses, window and whether it applies now', async () => {
    mockFetch(routes());
    renderRoutes(adminDiscountsRoutes, LIST, ADMIN);
    const local = await rowOf('Курсова');
    expect(local).toHaveAttribute('href', '/settings/admin-panel/discounts/edit?id=2');
    expect(local).toHaveTextContent('−35%');
    expect(local).toHaveTextContent('Фізика · @student_demo');
    expect(local).toHaveTextContent('залишилось активацій: 2');
    expect(local).toHaveTextContent('з 1 вересня, 00:00, 2030 до 8 вересня, 00:00, 2030');
    expect(local).toHaveTextContent('Почнеться 1 вересня, 00:00, 2030');
    const global = await rowOf('Лабораторна 1');
    expect(global).toHaveTextContent('Фізика · Для всіх');
    expect(global).toHaveTextContent('без обмежень');
    expect(global).toHaveTextContent('Діє зараз');
    expect(screen.getByRole('link', { name: /Нова знижка/ })).toHaveAttribute('href', '/settings/admin-panel/discounts/new');
  });

  it('searches by task or username and filters by type, keeping both in the URL', async () => {
    const api = mockFetch(routes());
    const { router } = renderRoutes(adminDiscountsRoutes, LIST, ADMIN);
    await rowOf('Лабораторна 1');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Пошук за завданням або нікнеймом' }), 'курс');
    await waitFor(() => expect(screen.queryByRole('link', { name: /Лабораторна 1/ })).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?q=%D0%BA%D1%83%D1%80%D1%81');
    await userEvent.clear(screen.getByRole('searchbox'));
    await userEvent.click(screen.getByRole('tab', { name: 'Персональні' }));
    await waitFor(() => expect(api.lines()).toContain('GET /api/v1/discounts?page=0&limit=20&type=LOCAL'));
    await waitFor(() => expect(router.state.location.search).toBe('?type=LOCAL'));
  });

  it('loads the next page at the end of the list, with placeholder rows meanwhile', async () => {
    const first = Array.from({ length: 20 }, (_, i) => discount(String(100 + i), { taskTitle: `Варіант ${i}` }));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    mockFetch([...routes(), { path: '/api/v1/discounts?page=0&limit=20', body: first }, { path: '/api/v1/discounts?page=1&limit=20', body: [GLOBAL], gate }]);
    renderRoutes(adminDiscountsRoutes, LIST, ADMIN);
    await rowOf('Варіант 19');
    await userEvent.click(screen.getByRole('button', { name: 'Показати ще' }));
    expect(await screen.findByLabelText('Завантаження')).toBeInTheDocument();
    release();
    expect(await rowOf('Лабораторна 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Показати ще' })).not.toBeInTheDocument();
  });

  it('deletes a discount only after the confirmation', async () => {
    const api = mockFetch(routes());
    renderRoutes(adminDiscountsRoutes, LIST, ADMIN);
    await userEvent.click(await screen.findByRole('button', { name: 'Видалити знижку: Курсова, @student_demo' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Видалити знижку 35% на «Курсова» для @student_demo?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Скасувати' }));
    expect(api.endpoints()).not.toContain('DELETE /api/v1/discounts/2');

    await userEvent.click(screen.getByRole('button', { name: 'Видалити знижку: Курсова, @student_demo' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Видалити' }));
    await waitFor(() => expect(api.endpoints()).toContain('DELETE /api/v1/discounts/2'));
    expect(await screen.findByRole('status')).toHaveTextContent('Знижку видалено');
    // The list is read again: the deleted row leaves it.
    await waitFor(() => expect(api.lines().filter((l) => l === 'GET /api/v1/discounts?page=0&limit=20')).toHaveLength(2));
  });

  it('sends anyone but an admin back to settings', async () => {
    mockFetch(routes());
    renderRoutes(adminDiscountsRoutes, LIST, STUDENT);
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/settings');
  });
});

describe('admin: editing a discount', () => {
  const EDIT = '/settings/admin-panel/discounts/edit?id=2';

  it('sends only what changed: the percent and the window end', async () => {
    const api = mockFetch(routes());
    const { router } = renderRoutes(adminDiscountsRoutes, [LIST, EDIT], ADMIN);
    const slider = await screen.findByLabelText('Розмір знижки');
    expect(screen.getByLabelText('Діє з')).toHaveValue('2030-09-01T00:00');
    fireEvent.change(slider, { target: { value: '50' } });
    expect(screen.getByText('100 грн')).toBeInTheDocument(); // 200 − 50 %
    fireEvent.change(screen.getByLabelText('Діє до'), { target: { value: '2030-08-01T00:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.discountWindowOrder);
    expect(api.bodies('PATCH', '/api/v1/discounts/2')).toEqual([]);

    fireEvent.change(screen.getByLabelText('Діє до'), { target: { value: '2030-09-15T12:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST));
    expect(api.bodies('PATCH', '/api/v1/discounts/2')).toEqual([{ discountValue: 50, validTo: '2030-09-15T09:00:00.000Z' }]);
  });

  it("shows the server's refusal and stays", async () => {
    mockFetch([...routes(), { method: 'PATCH', path: '/api/v1/discounts/2', reply: () => json({ message: MSG.discountCount }, 400) }]);
    const { router } = renderRoutes(adminDiscountsRoutes, [LIST, EDIT], ADMIN);
    await userEvent.clear(await screen.findByLabelText('Залишилось активацій'));
    await userEvent.type(screen.getByLabelText('Залишилось активацій'), '7');
    await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.discountCount);
    expect(router.state.location.pathname).toBe('/settings/admin-panel/discounts/edit');
  });

  it('deletes it after the confirmation and goes back to the list', async () => {
    const api = mockFetch(routes());
    const { router } = renderRoutes(adminDiscountsRoutes, [LIST, EDIT], ADMIN);
    await userEvent.click(await screen.findByRole('button', { name: 'Видалити знижку' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Видалити' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST));
    expect(api.endpoints()).toContain('DELETE /api/v1/discounts/2');
  });

  it('says so when the discount is gone', async () => {
    mockFetch([...routes(), { path: '/api/v1/discounts/2', status: 404, body: { message: MSG.discountNotFound } }]);
    renderRoutes(adminDiscountsRoutes, EDIT, ADMIN);
    expect(await screen.findByText(MSG.discountNotFound)).toBeInTheDocument();
  });
});

describe('admin: a discount for several tasks and users', () => {
  const NEW = '/settings/admin-panel/discounts/new';

  it('picks two tasks and two users, with a window, and sends one bulk call', async () => {
    const api = mockFetch(routes());
    const { router } = renderRoutes(adminDiscountsRoutes, [LIST, NEW], ADMIN);
    await userEvent.click(await screen.findByRole('button', { name: /Створити знижку/ }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.discountTasksRequired);

    await userEvent.click(await screen.findByRole('checkbox', { name: /Лабораторна 1/ }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Пошук завдання' }), 'Кур');
    await waitFor(() => expect(api.lines()).toContain('GET /api/v1/tasks/search?title=%D0%9A%D1%83%D1%80&limit=6'));
    await userEvent.click(screen.getByRole('checkbox', { name: /Курсова/ }));
    expect(within(screen.getByLabelText('Обрано: завдання')).getAllByRole('button').map((b) => b.textContent)).toEqual(['Лабораторна 1', 'Курсова']);

    await userEvent.click(screen.getByRole('radio', { name: 'Персональна' }));
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Пошук користувача' }), '@vi');
    await waitFor(() => expect(api.lines()).toContain('GET /api/v1/users/search?username=vi&limit=6'));
    await userEvent.click(screen.getByRole('checkbox', { name: /@student_demo/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /@vira/ }));
    await userEvent.type(screen.getByLabelText('Кількість активацій'), '1');
    fireEvent.change(screen.getByLabelText('Розмір знижки'), { target: { value: '15' } });
    fireEvent.change(screen.getByLabelText('Діє з'), { target: { value: '2030-09-01T00:00' } });
    fireEvent.change(screen.getByLabelText('Діє до'), { target: { value: '2030-09-08T00:00' } });

    await userEvent.click(screen.getByRole('button', { name: 'Створити знижки (4)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST));
    expect(api.bodies('POST', '/api/v1/discounts/bulk')).toEqual([
      {
        type: 'LOCAL', discountValue: 15, availableValue: 1, taskIds: ['5', '6'], telegramIds: ['100001', '100009'],
        validFrom: '2030-08-31T21:00:00.000Z', validTo: '2030-09-07T21:00:00.000Z',
      },
    ]);
  });

  it('a chip removes its task; a personal discount needs a user and a count', async () => {
    const api = mockFetch(routes());
    renderRoutes(adminDiscountsRoutes, NEW, ADMIN);
    await userEvent.click(await screen.findByRole('checkbox', { name: /Реферат/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Прибрати: Реферат' }));
    expect(screen.getByRole('checkbox', { name: /Реферат/ })).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(screen.getByRole('checkbox', { name: /Реферат/ }));

    await userEvent.click(screen.getByRole('radio', { name: 'Персональна' }));
    await userEvent.click(screen.getByRole('button', { name: /Створити знижку/ }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.discountUserRequired);
    await userEvent.click(await screen.findByRole('checkbox', { name: /@vira/ }));
    await userEvent.click(screen.getByRole('button', { name: /Створити знижку/ }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.discountCount);
    expect(api.bodies('POST', '/api/v1/discounts/bulk')).toEqual([]);
  });
});
