import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, type ProcessedTask } from '@zalik/contract';
import { buyingRoutes } from './routes';
import { json, mockFetch, renderRoutes, preloadLazy } from '../../../test/harness';
import { buyableTask } from '../../../test/fixtures';

vi.mock('../../telegram/sdk', () => import('../../../test/sdk-mock'));

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
  message: MSG.orderAccepted,
  status: 'IN_PROGRESS',
  charged: 0,
  free: false,
};

beforeEach(() => {
  vi.clearAllMocks();
});

// The screens are lazy chunks: load them once, so each test renders at once.
beforeAll(() => preloadLazy(buyingRoutes));

describe('buying a test task', () => {
  it('numbers the fields after the first argument and adds one per tap', async () => {
    mockFetch({});
    renderRoutes(buyingRoutes, at);
    expect(screen.getByLabelText('Питання №1')).toHaveAttribute('placeholder', 'Текст питання разом із варіантами');
    expect(screen.queryByLabelText('Питання №2')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Добавити одне запитання' }));
    await userEvent.click(screen.getByRole('button', { name: 'Добавити одне запитання' }));
    expect(screen.getByLabelText('Питання №2')).toBeInTheDocument();
    expect(screen.getByLabelText('Питання №3')).toBeInTheDocument();
  });

  it('refuses an empty (or blank) question with the spec message and sends nothing', async () => {
    const api = mockFetch({});
    renderRoutes(buyingRoutes, at);
    await userEvent.type(screen.getByLabelText('Питання №1'), '2+2?');
    await userEvent.click(screen.getByRole('button', { name: 'Добавити одне запитання' }));
    await userEvent.type(screen.getByLabelText('Питання №2'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Відправити' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.argumentEmpty);
    expect(api.calls).toHaveLength(0);
  });

  it('sends every answer, trailing whitespace removed, and shows that the order is in progress', async () => {
    const api = mockFetch({ 'POST /api/v1/tasks/process': () => json(ORDER) });
    renderRoutes(buyingRoutes, at);
    await userEvent.type(screen.getByLabelText('Питання №1'), 'Що таке JOIN?  ');
    await userEvent.click(screen.getByRole('button', { name: 'Добавити одне запитання' }));
    await userEvent.type(screen.getByLabelText('Питання №2'), '  Що таке індекс?');
    await userEvent.click(screen.getByRole('button', { name: 'Відправити' }));
    await screen.findByRole('heading', { name: 'Замовлення прийнято' });
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]!.body).toEqual({ taskId: '9', arguments: ['Що таке JOIN?', '  Що таке індекс?'] });
    expect(screen.getByText(MSG.orderAccepted)).toBeInTheDocument();
  });
});
