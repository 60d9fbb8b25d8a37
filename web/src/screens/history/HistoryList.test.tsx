import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, type HistoryItem } from '@zalik/contract';
import * as sdk from '../../../test/sdk-mock';
import { ADMIN, json, mockFetch, renderRoutes, STUDENT } from '../../../test/harness';
import { historyRoutes } from './routes';

vi.mock('../../telegram/sdk', () => import('../../../test/sdk-mock'));

const base: HistoryItem = {
  id: '1',
  taskTitle: 'Лабораторна робота №1',
  subjectName: 'Бази даних',
  developerName: 'dev_demo',
  status: 'DONE',
  createdAt: '2026-11-22T13:33:00.000Z',
  fileName: 'Лабораторна робота №1.docx',
  link: 'http://127.0.0.1/api/v1/files/1?exp=1&sig=a',
  files: [{ fileName: 'Лабораторна робота №1.docx', link: 'http://127.0.0.1/api/v1/files/1?exp=1&sig=a' }],
  message: null,
  autoGenerate: true,
  price: 100,
  deadlineAt: null,
  overdue: false,
  deliveredAt: null,
  acceptUntil: null,
  completedAt: '2026-11-22T13:33:00.000Z',
  revisionsLeft: 0,
  revisionComment: null,
  disputeReason: null,
  disputeOutcome: null,
  cancelledBy: null,
  cancelReason: null,
  allowedReprocess: false,
};

beforeEach(() => {
  vi.clearAllMocks();
});

describe('purchase history', () => {
  it("says 'Історії ще немає' when there is nothing", async () => {
    mockFetch({ 'GET /api/v1/histories/user/100001': () => json([]) });
    renderRoutes(historyRoutes, { pathname: '/settings/history-task' });
    expect(await screen.findByText(MSG.emptyHistory)).toBeInTheDocument();
  });

  it('lists purchases with status, time and a download per file', async () => {
    const manual: HistoryItem = {
      ...base,
      id: '2',
      taskTitle: 'Курсова робота',
      autoGenerate: false,
      message: 'Дивіться розділ 2.',
      files: [
        { fileName: 'курсова.pdf', link: 'http://127.0.0.1/f/2' },
        { fileName: 'код.zip', link: 'http://127.0.0.1/f/3' },
      ],
    };
    const waiting: HistoryItem = { ...base, id: '3', taskTitle: 'Реферат', status: 'IN_PROGRESS', files: [], fileName: null, link: null, autoGenerate: false };
    mockFetch({ 'GET /api/v1/histories/user/100001': () => json([waiting, manual, base]) });
    renderRoutes(historyRoutes, { pathname: '/settings/history-task' }, STUDENT);

    const course = await screen.findByRole('article', { name: 'Курсова робота' });
    expect(within(course).getByText('Виконано')).toBeInTheDocument();
    expect(within(course).getByText('Бази даних')).toBeInTheDocument();
    expect(within(course).getByText('22 листопада, 15:33, 2026')).toBeInTheDocument();
    expect(within(course).getByText('Дивіться розділ 2.')).toBeInTheDocument();
    await userEvent.click(within(course).getByRole('button', { name: 'Скачати код.zip' }));
    expect(sdk.downloadFile).toHaveBeenCalledWith('http://127.0.0.1/f/3', 'код.zip');

    const pending = screen.getByRole('article', { name: 'Реферат' });
    expect(within(pending).getByText('В роботі')).toBeInTheDocument();
    expect(within(pending).queryByRole('button', { name: /Скачати/ })).toBeNull();
  });
});

describe("a user's history (admins)", () => {
  const path = { pathname: '/settings/admin-panel/profile/history-task', search: '?telegramId=100001' };

  it('is shown to an admin', async () => {
    mockFetch({ 'GET /api/v1/histories/user/100001': () => json([base]) });
    renderRoutes(historyRoutes, path, ADMIN);
    expect(await screen.findByRole('article', { name: base.taskTitle })).toBeInTheDocument();
    expect(screen.getByText('Telegram ID 100001')).toBeInTheDocument();
  });

  it('sends a student to settings without asking the server for anything', async () => {
    const fetch = mockFetch({});
    renderRoutes(historyRoutes, path, STUDENT);
    expect(await screen.findByTestId('path')).toHaveTextContent(/^\/settings$/);
    expect(fetch.lines()).toEqual([]);
  });
});
