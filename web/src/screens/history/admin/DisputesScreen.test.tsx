import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DISPUTE_PAGE_SIZE, type Dispute, type ThreadMessage, type ThreadPage } from '@zalik/contract';
import * as sdk from '../../../../test/sdk-mock';
import { ADMIN, json, mockFetch, preloadLazy, renderRoutes, STUDENT } from '../../../../test/harness';
import { hideError } from '../../../ui';
import { historyStaffRoutes } from '../staffRoutes';

vi.mock('../../../telegram/sdk', () => import('../../../../test/sdk-mock'));
vi.mock('../../../ui/Lottie', () => ({ Lottie: () => null }));

const DISPUTE: Dispute = {
  id: '31',
  taskTitle: 'Контрольна робота з лінійної алгебри',
  subjectName: 'Вища математика',
  teacherName: 'Петренко О. В.',
  price: 200,
  arguments: ['Шевченко Т. Г.', 'КН-21', 'Власні вектори'],
  buyer: { telegramId: '100001', username: 'student_demo' },
  developer: { telegramId: '100002', username: 'dev_demo' },
  createdAt: '2026-11-20T10:00:00.000Z',
  deadlineAt: '2026-11-21T10:00:00.000Z',
  deliveredAt: '2026-11-21T08:00:00.000Z',
  disputedAt: '2026-11-22T13:33:00.000Z',
  disputeReason: 'Розв’язано інший варіант',
  message: 'Розв’язок у PDF.',
  files: [{ fileName: 'розв’язок.pdf', link: 'http://127.0.0.1/f/9' }],
  events: [
    { kind: 'PURCHASE', from: null, to: 'IN_PROGRESS', actor: 'STUDENT', actorId: '100001', note: null, at: '2026-11-20T10:00:00.000Z' },
    { kind: 'DELIVERY', from: 'IN_PROGRESS', to: 'DELIVERED', actor: 'DEVELOPER', actorId: '100002', note: 'Розв’язок у PDF.', at: '2026-11-21T08:00:00.000Z' },
    { kind: 'DISPUTE', from: 'DELIVERED', to: 'DISPUTED', actor: 'STUDENT', actorId: '100001', note: 'Розв’язано інший варіант', at: '2026-11-22T13:33:00.000Z' },
  ],
};
const path = '/settings/admin-panel/disputes';
/** One page of open disputes, as the server answers the screen's `?page&limit`. */
const page = (content: Dispute[], last = true) => ({ content, last });
/** Another dispute like DISPUTE, opened `n` minutes later. */
const another = (n: number): Dispute => ({ ...DISPUTE, id: String(100 + n), taskTitle: `Лабораторна робота №${n}`, disputedAt: new Date(Date.parse(DISPUTE.disputedAt) + n * 60_000).toISOString() });

beforeAll(() => preloadLazy(historyStaffRoutes));
beforeEach(() => {
  vi.clearAllMocks();
});
afterEach(() => {
  hideError();
});

describe('disputes (admins)', () => {
  it('shows each dispute with its order, reason, files and history of states', async () => {
    mockFetch({ 'GET /api/v1/histories/disputes': () => json(page([DISPUTE])) });
    renderRoutes(historyStaffRoutes, path, ADMIN);
    const card = await screen.findByRole('article', { name: DISPUTE.taskTitle });
    for (const text of ['200 грн', '@student_demo · 100001', '@dev_demo · 100002', 'Петренко О. В.', 'Розв’язано інший варіант', 'Власні вектори', '22 листопада, 15:33, 2026']) {
      expect(within(card).getAllByText(text).length).toBeGreaterThan(0);
    }
    await userEvent.click(within(card).getByRole('button', { name: 'Скачати розв’язок.pdf' }));
    expect(sdk.downloadFile).toHaveBeenCalledWith('http://127.0.0.1/f/9', 'розв’язок.pdf');
    const events = within(within(card).getByRole('list', { name: 'Історія замовлення' })).getAllByRole('listitem');
    expect(events.map((e) => e.textContent)).toEqual([
      'Оплачено · студент20 листопада, 12:00, 2026',
      'Відповідь надіслано · розробник21 листопада, 10:00, 2026Розв’язок у PDF.',
      'Відкрито спір · студент22 листопада, 15:33, 2026Розв’язано інший варіант',
    ]);
  });

  it('shows the order’s thread, so the admin reads the whole conversation before deciding', async () => {
    const message = (id: number, over: Partial<ThreadMessage>): ThreadMessage => ({
      id: String(id),
      kind: 'MESSAGE',
      author: { telegramId: '100001', username: 'student_demo', role: 'STUDENT' },
      text: '',
      files: [],
      createdAt: '2026-11-22T13:00:00.000Z',
      hidden: false,
      hiddenReason: null,
      masked: false,
      read: true,
      ...over,
    });
    const thread: ThreadPage = {
      content: [
        message(3, { kind: 'DISPUTE', text: 'Розв’язано інший варіант' }),
        message(2, { author: { telegramId: '100002', username: 'dev_demo', role: 'DEVELOPER' }, text: 'Варіант 7, як у методичці' }),
        message(1, { text: 'Мій варіант 12-б' }),
      ],
      last: true,
      thread: {
        orderId: '31', taskTitle: DISPUTE.taskTitle, subjectName: DISPUTE.subjectName, status: 'DISPUTED', buyer: DISPUTE.buyer, developer: DISPUTE.developer,
        writable: true, closesAt: null, unread: 0,
      },
    };
    mockFetch({ 'GET /api/v1/histories/disputes': () => json(page([DISPUTE])), 'GET /api/v1/histories/31/messages': () => json(thread) });
    renderRoutes(historyStaffRoutes, path, ADMIN);
    const card = await screen.findByRole('article', { name: DISPUTE.taskTitle });
    const log = await within(card).findByRole('log', { name: 'Переписка' });
    expect(within(log).getAllByTestId('thread-message').map((m) => m.textContent)).toEqual([
      expect.stringContaining('Мій варіант 12-б'),
      expect.stringContaining('@dev_demoВаріант 7, як у методичці'),
    ]);
    expect(within(log).getByTestId('thread-system')).toHaveTextContent('Відкрито спір · 15:00Розв’язано інший варіант');
    await userEvent.click(within(card).getByTestId('thread-button'));
    expect(screen.getByTestId('path')).toHaveTextContent('/settings/chat/31');
  });

  it('pays the developer after a confirmation, and the dispute leaves the list', async () => {
    let open = [DISPUTE];
    const api = mockFetch({
      'GET /api/v1/histories/disputes': () => json(page(open)),
      'PATCH /api/v1/histories/31/resolve': () => {
        open = [];
        return json({});
      },
    });
    renderRoutes(historyStaffRoutes, path, ADMIN);
    const card = await screen.findByRole('article', { name: DISPUTE.taskTitle });
    await userEvent.click(within(card).getByRole('button', { name: 'Виплатити розробнику' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('200 грн без комісії платформи отримає розробник @dev_demo. Рішення остаточне.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Виплатити' }));
    expect(api.bodies('PATCH', '/api/v1/histories/31/resolve')).toEqual([{ outcome: 'RELEASE' }]);
    expect(await screen.findByRole('status')).toHaveTextContent('Кошти виплачено розробнику');
    expect(sdk.haptic.notification).toHaveBeenCalledWith('success');
    expect(await screen.findByText('Відкритих спорів немає.')).toBeInTheDocument();
  });

  it('refunds the student after a confirmation; cancelling the dialog sends nothing', async () => {
    const api = mockFetch({ 'GET /api/v1/histories/disputes': () => json(page([DISPUTE])), 'PATCH /api/v1/histories/31/resolve': () => json({}) });
    renderRoutes(historyStaffRoutes, path, ADMIN);
    const card = await screen.findByRole('article', { name: DISPUTE.taskTitle });
    await userEvent.click(within(card).getByRole('button', { name: 'Повернути студенту' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Скасувати' }));
    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
    await userEvent.click(within(card).getByRole('button', { name: 'Повернути студенту' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('200 грн повернуться студенту @student_demo.');
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Повернути' }));
    expect(api.bodies('PATCH', '/api/v1/histories/31/resolve')).toEqual([{ outcome: 'REFUND' }]);
  });

  it('loads the next page at the end of the list, with a placeholder card meanwhile; a decided dispute leaves without moving the rest', async () => {
    const first = Array.from({ length: DISPUTE_PAGE_SIZE }, (_, i) => another(i + 1));
    const second = [another(11), another(12)];
    let open = [...first, ...second];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let gated = true;
    let held: Promise<void> | null = null;
    const api = mockFetch({
      'GET /api/v1/histories/disputes': async (call) => {
        const n = Number(call.query.get('page'));
        const limit = Number(call.query.get('limit'));
        if (n === 1 && gated) await gate;
        if (held) await held;
        return json(page(open.slice(n * limit, n * limit + limit), open.length <= n * limit + limit));
      },
      'PATCH /api/v1/histories/101/resolve': () => {
        open = open.filter((d) => d.id !== '101');
        return json({});
      },
    });
    renderRoutes(historyStaffRoutes, path, ADMIN);
    await screen.findByRole('article', { name: 'Лабораторна робота №10' });
    expect(screen.queryByRole('article', { name: 'Лабораторна робота №11' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Показати ще' }));
    expect(await screen.findByLabelText('Завантаження')).toBeInTheDocument();
    gated = false;
    release();
    await screen.findByRole('article', { name: 'Лабораторна робота №12' });
    const titles = () => screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'));
    expect(titles()).toEqual([...first, ...second].map((d) => d.taskTitle));
    expect(screen.queryByRole('button', { name: 'Показати ще' })).not.toBeInTheDocument();
    const pages = [0, 1].map((n) => `GET /api/v1/histories/disputes?page=${n}&limit=${DISPUTE_PAGE_SIZE}`);
    expect(api.lines().filter((l) => l.startsWith('GET /api/v1/histories/disputes'))).toEqual(pages);

    // The lists' reading again is held: the decided dispute leaves before it, the others stay in place.
    let unhold!: () => void;
    held = new Promise<void>((r) => (unhold = r));
    const card = screen.getByRole('article', { name: 'Лабораторна робота №1' });
    await userEvent.click(within(card).getByRole('button', { name: 'Повернути студенту' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Повернути' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Лабораторна робота №1' })).not.toBeInTheDocument());
    const rest = [...first.slice(1), ...second].map((d) => d.taskTitle);
    expect(titles()).toEqual(rest);
    unhold();
    // Both pages are read again, and they are the same list: nothing twice, nothing lost.
    await waitFor(() => expect(api.lines().filter((l) => l.startsWith('GET /api/v1/histories/disputes')).slice(2)).toEqual(pages));
    await waitFor(() => expect(screen.queryByLabelText('Завантаження')).not.toBeInTheDocument());
    expect(titles()).toEqual(rest);
  });

  it('is not for students: they go to settings without a request', async () => {
    const api = mockFetch({});
    renderRoutes(historyStaffRoutes, path, STUDENT);
    expect(await screen.findByTestId('path')).toHaveTextContent(/^\/settings$/);
    expect(api.lines()).toEqual([]);
  });
});
