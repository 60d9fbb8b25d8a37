import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, TEST_MAX_QUESTIONS, type ProcessedTask } from '@zalik/contract';
import { buyingRoutes } from './routes';
import { json, mockFetch, renderRoutes, preloadLazy } from '../../../test/harness';
import { buyableTask, orderTask } from '../../../test/fixtures';

import * as sdk from '../../../test/sdk-mock';

vi.mock('../../telegram/sdk', () => import('../../../test/sdk-mock'));
vi.mock('../../telegram/reach', () => import('../../../test/sdk-mock'));

/** The student's wallets: the buying screen shows the balance it pays from. */
const wallet = (balance: number) => ({ 'GET /api/v1/wallets/user/100001': () => json([{ name: 'Загальний гаманець', balance, kind: 'general' }]) });
const WALLET = wallet(500);
/** The purchases sent (the screen also reads the wallet). */
const posts = <C extends { method: string }>(api: { calls: C[] }) => api.calls.filter((c) => c.method === 'POST');

const TEST_TASK = buyableTask({
  id: '9',
  type: 'TEST',
  autoGenerate: false,
  title: 'Тест: SQL-запити',
  arguments: [{ id: '5', name: 'Питання', description: 'Текст питання разом із варіантами' }],
});
const at = { pathname: '/list-task/5/buying-test', state: { task: TEST_TASK } };
const ORDER: ProcessedTask = {
  id: '50',
  developerName: 'dev_demo',
  subjectName: 'Бази даних',
  taskTitle: 'Тест: SQL-запити',
  autoGenerate: false,
  fileName: null,
  link: null,
  createdAt: '2026-11-22T13:33:00.000Z',
  explanationSessionId: null,
  message: MSG.orderAccepted,
  status: 'IN_PROGRESS',
  orderStatus: 'IN_PROGRESS',
  task: orderTask('Тест: SQL-запити', 'Бази даних'),
  charged: 0,
  free: false,
  deadlineAt: '2026-11-23T13:33:00.000Z',
};

beforeEach(() => {
  // One test's typing would be the next one's draft (Telegram's storage is one map per file).
  sdk.draftStore.clear();
  vi.clearAllMocks();
});

// The screens are lazy chunks: load them once, so each test renders at once.
beforeAll(() => preloadLazy(buyingRoutes));

describe('buying a test task', () => {
  it('numbers the fields after the first argument and adds one per tap', async () => {
    mockFetch({ ...WALLET });
    renderRoutes(buyingRoutes, at);
    expect(screen.getByLabelText('Питання №1')).toHaveAttribute('placeholder', 'Текст питання разом із варіантами');
    expect(screen.queryByLabelText('Питання №2')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Додати одне запитання' }));
    await userEvent.click(screen.getByRole('button', { name: 'Додати одне запитання' }));
    expect(screen.getByLabelText('Питання №2')).toBeInTheDocument();
    expect(screen.getByLabelText('Питання №3')).toBeInTheDocument();
  });

  it('refuses an empty (or blank) question with the spec message and sends nothing', async () => {
    const api = mockFetch({ ...WALLET });
    renderRoutes(buyingRoutes, at);
    await userEvent.type(screen.getByLabelText('Питання №1'), '2+2?');
    await userEvent.click(screen.getByRole('button', { name: 'Додати одне запитання' }));
    await userEvent.type(screen.getByLabelText('Питання №2'), '   ');
    await userEvent.click(screen.getByRole('button', { name: /^Відправити/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.argumentEmpty);
    expect(posts(api)).toHaveLength(0);
  });

  it('lets an added question go again (never the first), renumbering the rest', async () => {
    const api = mockFetch({ ...WALLET, 'POST /api/v1/tasks/process': () => json(ORDER) });
    renderRoutes(buyingRoutes, at);
    const add = screen.getByRole('button', { name: 'Додати одне запитання' });
    await userEvent.type(screen.getByLabelText('Питання №1'), 'Перше');
    await userEvent.click(add);
    await userEvent.click(add);
    await userEvent.type(screen.getByLabelText('Питання №3'), 'Третє');
    expect(screen.queryByRole('button', { name: 'Прибрати: Питання №1' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Прибрати: Питання №2' }));
    expect(screen.getByLabelText('Питання №2')).toHaveValue('Третє');
    expect(screen.queryByLabelText('Питання №3')).toBeNull();
    // The extra tap no longer blocks the purchase.
    await userEvent.click(screen.getByRole('button', { name: /^Відправити/ }));
    await screen.findByRole('heading', { name: 'Замовлення прийнято' });
    expect(posts(api)[0]!.body).toEqual({ taskId: '9', arguments: ['Перше', 'Третє'] });
  });

  it(`stops at ${TEST_MAX_QUESTIONS} questions`, async () => {
    mockFetch({ ...WALLET });
    renderRoutes(buyingRoutes, at);
    const add = screen.getByRole('button', { name: 'Додати одне запитання' });
    for (let i = 1; i < TEST_MAX_QUESTIONS; i++) await userEvent.click(add);
    expect(screen.getByLabelText(`Питання №${TEST_MAX_QUESTIONS}`)).toBeInTheDocument();
    expect(add).toBeDisabled();
    expect(screen.getByText(`Не більше ${TEST_MAX_QUESTIONS} запитань в одному замовленні.`)).toBeInTheDocument();
  });

  it('marks every empty question at once, and the mark goes as the question is filled', async () => {
    const api = mockFetch({ ...WALLET });
    renderRoutes(buyingRoutes, at);
    const add = screen.getByRole('button', { name: 'Додати одне запитання' });
    await userEvent.click(add);
    await userEvent.click(add);
    await userEvent.type(screen.getByLabelText('Питання №2'), 'Друге');
    await userEvent.click(screen.getByRole('button', { name: /^Відправити/ }));
    // Both marks come with the same render; wait for it rather than for the first alert alone.
    await waitFor(() => {
      expect(screen.getAllByRole('alert')).toHaveLength(2);
      expect(screen.getByLabelText('Питання №1')).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText('Питання №3')).toHaveAttribute('aria-invalid', 'true');
    });
    expect(screen.getByLabelText('Питання №2')).not.toHaveAttribute('aria-invalid');
    await userEvent.type(screen.getByLabelText('Питання №1'), 'Перше');
    // The mark goes with the render after the edit (the draft is saved on the same change).
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(1));
    expect(posts(api)).toHaveLength(0);
  });

  it('sends every answer, trailing whitespace removed, and shows that the order is in progress', async () => {
    const api = mockFetch({ ...WALLET, 'POST /api/v1/tasks/process': () => json(ORDER) });
    renderRoutes(buyingRoutes, at);
    await userEvent.type(screen.getByLabelText('Питання №1'), 'Що таке JOIN?  ');
    await userEvent.click(screen.getByRole('button', { name: 'Додати одне запитання' }));
    await userEvent.type(screen.getByLabelText('Питання №2'), '  Що таке індекс?');
    await userEvent.click(screen.getByRole('button', { name: /^Відправити/ }));
    await screen.findByRole('heading', { name: 'Замовлення прийнято' });
    await waitFor(() => expect(posts(api)).toHaveLength(1));
    expect(posts(api)[0]!.body).toEqual({ taskId: '9', arguments: ['Що таке JOIN?', '  Що таке індекс?'] });
    expect(screen.getByText(MSG.orderAccepted)).toBeInTheDocument();
  });

  it('takes a long question with its options on several lines, whole (a multi-line field, not a one-line input)', async () => {
    const api = mockFetch({ ...WALLET, 'POST /api/v1/tasks/process': () => json(ORDER) });
    renderRoutes(buyingRoutes, at);
    const field = screen.getByRole('textbox', { name: 'Питання №1' });
    expect(field.tagName).toBe('TEXTAREA');
    await userEvent.type(field, 'Що повертає LEFT JOIN?{Enter}а) лише збіги{Enter}б) усі рядки лівої таблиці');
    expect(field).toHaveValue('Що повертає LEFT JOIN?\nа) лише збіги\nб) усі рядки лівої таблиці');
    await userEvent.click(screen.getByRole('button', { name: /^Відправити/ }));
    await screen.findByRole('heading', { name: 'Замовлення прийнято' });
    expect(posts(api)[0]!.body).toEqual({ taskId: '9', arguments: ['Що повертає LEFT JOIN?\nа) лише збіги\nб) усі рядки лівої таблиці'] });
  });

  it('keeps typed questions as a draft and puts them back when the form opens again', async () => {
    mockFetch({ ...WALLET });
    const first = renderRoutes(buyingRoutes, at);
    await userEvent.type(screen.getByLabelText('Питання №1'), 'Що таке JOIN?');
    await userEvent.click(screen.getByRole('button', { name: 'Додати одне запитання' }));
    await userEvent.type(screen.getByLabelText('Питання №2'), 'Що таке індекс?');
    await waitFor(async () => expect(await sdk.draftStore.get('draft_buy_9')).toBe(JSON.stringify(['Що таке JOIN?', 'Що таке індекс?'])));
    first.unmount();

    renderRoutes(buyingRoutes, at);
    await waitFor(() => expect(screen.getByLabelText('Питання №2')).toHaveValue('Що таке індекс?'));
    expect(screen.getByLabelText('Питання №1')).toHaveValue('Що таке JOIN?');
  });
});
