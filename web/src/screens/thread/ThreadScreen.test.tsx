import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_MASK, MSG, ORDER_FILE_EXTENSIONS, type ThreadInfo, type ThreadMessage, type ThreadPage, type ThreadStreamEvent } from '@zalik/contract';
import * as sdk from '../../../test/sdk-mock';
import { ADMIN, DEVELOPER, STUDENT, json, mockFetch, preloadLazy, renderRoutes, unmountAll } from '../../../test/harness';
import { hideError } from '../../ui';
import { markOnline } from '../../api/network';
import { threadRoutes } from './routes';

vi.mock('../../telegram/sdk', () => import('../../../test/sdk-mock'));
vi.mock('../../telegram/reach', () => import('../../../test/sdk-mock'));
vi.mock('../../ui/Lottie', () => ({ Lottie: () => null }));
// jsdom has no streams: the live stream's events come from the test (api/stream.ts has its own test).
const stream = vi.hoisted(() => ({ onEvent: null as ((e: unknown) => void) | null, queries: [] as unknown[] }));
vi.mock('../../api/stream', () => ({
  streamEvents: (_endpoint: unknown, input: { query?: unknown }, onEvent: (e: unknown) => void, signal?: AbortSignal) => {
    stream.queries.push(input.query);
    stream.onEvent = onEvent;
    // Open until the screen leaves.
    return new Promise<void>((_resolve, reject) => signal?.addEventListener('abort', () => reject(new DOMException('left', 'AbortError'))));
  },
}));

// The chat's days are Kyiv days: on the real clock, the first half hour after Kyiv's midnight put
// the lines of "30 minutes ago" on yesterday. The clock reads a Kyiv noon in these tests.
const NOW = Date.parse('2026-11-27T10:00:00Z');
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterAll(() => {
  vi.useRealTimers();
});
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

const line = (id: number, over: Partial<ThreadMessage> = {}): ThreadMessage => ({
  id: String(id),
  kind: 'MESSAGE',
  author: { telegramId: '100001', username: 'student_demo', role: 'STUDENT' },
  text: `Повідомлення ${id}`,
  files: [],
  createdAt: ago(60 - id),
  hidden: false,
  hiddenReason: null,
  masked: false,
  read: false,
  ...over,
});
const dev = { telegramId: '100002', username: 'dev_demo', role: 'DEVELOPER' as const };

const INFO: ThreadInfo = {
  orderId: '12',
  taskTitle: 'Курсова робота',
  subjectName: 'Вища математика',
  status: 'IN_PROGRESS',
  buyer: { telegramId: '100001', username: 'student_demo' },
  developer: { telegramId: '100002', username: 'dev_demo' },
  writable: true,
  closesAt: null,
  unread: 1,
};

/** Newest first, as the server answers. */
const page = (lines: ThreadMessage[], over: Partial<ThreadInfo> = {}): ThreadPage => ({
  content: [...lines].sort((a, b) => Number(b.id) - Number(a.id)),
  last: true,
  thread: { ...INFO, ...over },
});

const PATH = '/settings/chat/12';

/** The live stream of the screen: an event as the server would send it. */
const push = async (e: ThreadStreamEvent) => {
  await waitFor(() => expect(stream.onEvent).not.toBeNull());
  act(() => stream.onEvent!(e));
};

/** Back online for the app and for TanStack Query's own online manager (which hears no event while no client is mounted). */
function online() {
  markOnline();
  onlineManager.setOnline(true);
}

beforeAll(() => preloadLazy(threadRoutes));
beforeEach(() => {
  // Each test starts with no draft in Telegram's storage (one test's typing would be the next one's draft).
  sdk.draftStore.clear();
  vi.clearAllMocks();
  stream.onEvent = null;
  stream.queries = [];
  localStorage.clear();
  online();
});
afterEach(async () => {
  hideError();
  await unmountAll();
});

describe('the thread screen', () => {
  it('draws the chat: date separators, bubbles by side with names, system lines, files, read marks; marks the others’ lines read', async () => {
    const lines = [
      line(1, { createdAt: new Date(NOW - 2 * 86_400_000).toISOString(), read: true }),
      line(2, { author: dev, text: 'Вітаю! Уточніть варіант.', createdAt: new Date(NOW - 2 * 86_400_000 + 60_000).toISOString() }),
      line(3, { kind: 'REVISION', text: 'Додайте висновки', createdAt: ago(30) }),
      line(4, { text: 'Методичка', files: [{ fileName: 'Методичка.pdf', link: 'http://127.0.0.1/f/4' }], createdAt: ago(20) }),
      line(5, { author: { telegramId: null, username: null, role: 'SUPPORT' }, text: 'Підтримка на зв’язку', createdAt: ago(10) }),
      line(6, { author: dev, text: MSG.threadHidden, hidden: true, createdAt: ago(5) }),
    ];
    const api = mockFetch({
      'GET /api/v1/histories/12/messages': () => json(page(lines)),
      'POST /api/v1/histories/12/messages/read': () => json({ unread: 0 }),
    });
    renderRoutes(threadRoutes, PATH, STUDENT);
    const log = await screen.findByRole('log', { name: 'Переписка' });
    expect(screen.getByText('№12 · Курсова робота')).toBeInTheDocument();
    expect(screen.getByText('Розробник @dev_demo і підтримка')).toBeInTheDocument();
    expect(within(log).getAllByRole('separator').map((s) => s.textContent)).toEqual([expect.stringMatching(/^\d{1,2} \p{L}+$/u), 'Сьогодні']);
    const bubbles = within(log).getAllByTestId('thread-message');
    expect(bubbles.map((b) => b.className.includes('mine'))).toEqual([true, false, true, false, false]);
    expect(bubbles[1]).toHaveTextContent('@dev_demo');
    expect(bubbles[3]).toHaveTextContent(`${MSG.threadSupportName}Підтримка на зв’язку`);
    expect(bubbles[4]).toHaveTextContent(MSG.threadHidden);
    expect(within(bubbles[0]!).getByRole('img', { name: 'прочитано' })).toBeInTheDocument();
    expect(within(bubbles[2]!).getByRole('img', { name: 'надіслано' })).toBeInTheDocument();
    expect(within(log).getByTestId('thread-system')).toHaveTextContent('Запит на доопрацювання');
    await userEvent.click(within(bubbles[2]!).getByRole('button', { name: 'Скачати Методичка.pdf' }));
    expect(sdk.downloadFile).toHaveBeenCalledWith('http://127.0.0.1/f/4', 'Методичка.pdf');
    // The newest line of the others is read once it is shown.
    await waitFor(() => expect(api.bodies('POST', '/api/v1/histories/12/messages/read')).toEqual([{ upTo: '6' }]));
    // The stream goes on from the newest line held.
    await waitFor(() => expect(stream.queries).toEqual([{ after: '6', wait: 300 }]));
  });

  it('puts live lines in place and shows the other side’s read marks as they come', async () => {
    mockFetch({
      'GET /api/v1/histories/12/messages': () => json(page([line(1), line(2)])),
      'POST /api/v1/histories/12/messages/read': () => json({ unread: 0 }),
    });
    renderRoutes(threadRoutes, PATH, STUDENT);
    await screen.findByText('Повідомлення 2');
    await waitFor(() => expect(screen.getAllByRole('img', { name: 'надіслано' })).toHaveLength(2));
    await push({ type: 'read', telegramId: '100002', upTo: '1' });
    await waitFor(() => expect(screen.getAllByRole('img', { name: 'прочитано' })).toHaveLength(1));
    await push({ type: 'message', message: line(3, { author: dev, text: 'Отримав, беру в роботу', createdAt: new Date().toISOString() }) });
    expect(await screen.findByText('Отримав, беру в роботу')).toBeInTheDocument();
    await push({ type: 'message', message: line(3, { author: dev, text: MSG.threadHidden, hidden: true, createdAt: new Date().toISOString() }) });
    await waitFor(() => expect(screen.queryByText('Отримав, беру в роботу')).toBeNull());
    expect(screen.getAllByTestId('thread-message')).toHaveLength(3);
  });

  it('sends text with a file: a haptic, the bubble at once, the server’s answer in its place', async () => {
    let answer: ThreadMessage | null = null;
    const api = mockFetch({
      'GET /api/v1/histories/12/messages': () => json(page([line(1)])),
      'POST /api/v1/histories/12/messages': () => {
        answer = line(2, { text: 'Ось методичка', files: [{ fileName: 'Методичка.pdf', link: 'http://127.0.0.1/f/2' }], createdAt: new Date().toISOString() });
        return json(answer, 201);
      },
    });
    renderRoutes(threadRoutes, PATH, DEVELOPER);
    const box = await screen.findByRole('textbox', { name: 'Повідомлення' });
    const send = screen.getByRole('button', { name: 'Надіслати' });
    expect(send).toBeDisabled();
    await userEvent.type(box, '  Ось методичка ');
    // Kept as a draft in Telegram's storage until it is sent.
    await waitFor(async () => expect(await sdk.draftStore.get('draft_thread_12')).toBe('  Ось методичка '));
    await userEvent.upload(screen.getByTestId('thread-files'), new File(['%PDF-1.4'], 'Методичка.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('list', { name: 'Файли до повідомлення' })).toHaveTextContent('Методичка.pdf');
    await userEvent.click(send);
    expect(sdk.haptic.impact).toHaveBeenCalledWith('light');
    await screen.findByText('Ось методичка');
    await waitFor(() => expect(sdk.haptic.notification).toHaveBeenCalledWith('success'));
    const sent = api.calls.find((c) => c.method === 'POST' && c.pathname === '/api/v1/histories/12/messages')!;
    const form = sent.body as FormData;
    expect(form.get('text')).toBe('Ось методичка');
    expect((form.getAll('files') as File[]).map((f) => f.name)).toEqual(['Методичка.pdf']);
    expect(box).toHaveValue('');
    expect(screen.queryByRole('list', { name: 'Файли до повідомлення' })).toBeNull();
    await waitFor(async () => expect(await sdk.draftStore.get('draft_thread_12')).toBeNull());
  });

  it('leaves out an attachment of a type the server refuses, naming it and the allowed types', async () => {
    mockFetch({ 'GET /api/v1/histories/12/messages': () => json(page([line(1)])) });
    renderRoutes(threadRoutes, PATH, DEVELOPER);
    await screen.findByRole('textbox', { name: 'Повідомлення' });
    await userEvent.upload(screen.getByTestId('thread-files'), [
      new File(['%PDF-1.4'], 'Методичка.pdf', { type: 'application/pdf' }),
      new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }),
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.fileTypeUnsupported('setup.exe', ORDER_FILE_EXTENSIONS));
    const chosen = screen.getByRole('list', { name: 'Файли до повідомлення' });
    expect(chosen).toHaveTextContent('Методичка.pdf');
    expect(chosen).not.toHaveTextContent('setup.exe');
  });

  it('warns before sending a contact, by the rule the server masks with', async () => {
    mockFetch({
      'GET /api/v1/histories/12/messages': () => json(page([line(1, { text: `Мій номер ${CONTACT_MASK}`, masked: true })])),
    });
    renderRoutes(threadRoutes, PATH, STUDENT);
    const box = await screen.findByRole('textbox', { name: 'Повідомлення' });
    // A masked message says so in its bubble too.
    expect(screen.getByTestId('thread-message')).toHaveTextContent(MSG.threadContactsWarning);
    expect(screen.getAllByText(MSG.threadContactsWarning)).toHaveLength(1);
    await userEvent.type(box, 'пишіть у т.ме/ivan');
    expect(screen.getAllByText(MSG.threadContactsWarning)).toHaveLength(2);
    await userEvent.clear(box);
    await userEvent.type(box, 'Варіант 12-б');
    expect(screen.getAllByText(MSG.threadContactsWarning)).toHaveLength(1);
  });

  it('keeps what was typed while offline and across visits, and sends only online', async () => {
    mockFetch({
      'GET /api/v1/histories/12/messages': () => json(page([line(1)])),
    });
    const first = renderRoutes(threadRoutes, PATH, STUDENT);
    const box = await screen.findByRole('textbox', { name: 'Повідомлення' });
    await userEvent.type(box, 'Чернетка питання');
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('button', { name: 'Надіслати' })).toBeDisabled();
    first.unmount();
    online();
    renderRoutes(threadRoutes, PATH, STUDENT);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Повідомлення' })).toHaveValue('Чернетка питання'));
    expect(screen.getByRole('button', { name: 'Надіслати' })).toBeEnabled();
  });

  it('is read-only once the order ended 30 days ago, and says so', async () => {
    mockFetch({
      'GET /api/v1/histories/12/messages': () => json(page([line(1)], { writable: false, status: 'DONE', closesAt: '2026-11-22T13:33:00.000Z' })),
    });
    renderRoutes(threadRoutes, PATH, STUDENT);
    // The loading skeleton is a status too, until the messages replace it.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Переписку закрито 22 листопада, 15:33, 2026'));
    expect(screen.queryByRole('textbox', { name: 'Повідомлення' })).toBeNull();
  });

  it('lets an admin hide a message with a required reason, from its menu (long press or right click)', async () => {
    const api = mockFetch({
      'GET /api/v1/histories/12/messages': () => json(page([line(1, { text: 'Пишіть мені напряму' })])),
      'POST /api/v1/histories/12/messages/read': () => json({ unread: 0 }),
      'POST /api/v1/histories/12/messages/1/hide': () => json(line(1, { text: 'Пишіть мені напряму', hidden: true, hiddenReason: 'Обмін контактами' })),
    });
    renderRoutes(threadRoutes, PATH, ADMIN);
    const bubble = await screen.findByTestId('thread-message');
    fireEvent.contextMenu(bubble);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Приховати' }));
    const sheet = screen.getByRole('dialog');
    expect(sheet).toHaveTextContent('Пишіть мені напряму');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Приховати' }));
    expect(within(sheet).getByRole('alert')).toHaveTextContent(MSG.threadHideReasonRequired);
    await userEvent.type(within(sheet).getByLabelText('Причина'), 'Обмін контактами');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Приховати' }));
    await waitFor(() => expect(api.bodies('POST', '/api/v1/histories/12/messages/1/hide')).toEqual([{ reason: 'Обмін контактами' }]));
    expect(await screen.findByText('Приховано модератором: Обмін контактами')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers the parties no hiding', async () => {
    mockFetch({ 'GET /api/v1/histories/12/messages': () => json(page([line(1, { author: dev })])), 'POST /api/v1/histories/12/messages/read': () => json({ unread: 0 }) });
    renderRoutes(threadRoutes, PATH, STUDENT);
    fireEvent.contextMenu(await screen.findByTestId('thread-message'));
    expect(screen.queryByRole('menuitem', { name: 'Приховати' })).toBeNull();
  });

  it('shows the server’s refusal for someone else’s thread', async () => {
    mockFetch({ 'GET /api/v1/histories/12/messages': () => json({ message: MSG.threadNotFound }, 404) });
    renderRoutes(threadRoutes, PATH, STUDENT);
    expect((await screen.findAllByText(MSG.threadNotFound)).length).toBeGreaterThan(0);
  });
});
