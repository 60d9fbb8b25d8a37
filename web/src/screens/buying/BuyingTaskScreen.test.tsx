import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, formatUah, type ProcessedTask, type Review } from '@zalik/contract';
import * as sdk from '../../../test/sdk-mock';
import { buyingRoutes } from './routes';
import { ADMIN, DEVELOPER, json, mockFetch, renderRoutes, STUDENT, preloadLazy } from '../../../test/harness';
import { FREE_TAKE_NOTE } from './Payment';
import { buyableTask, orderTask } from '../../../test/fixtures';

vi.mock('../../telegram/sdk', () => import('../../../test/sdk-mock'));

/** The student's wallets: the buying screen shows the balance it pays from. */
const wallet = (balance: number) => ({ 'GET /api/v1/wallets/user/100001': () => json([{ name: 'Загальний гаманець', balance, kind: 'general' }]) });
const WALLET = wallet(500);
/** The purchases sent (the screen also reads the wallet). */
const posts = <C extends { method: string }>(api: { calls: C[] }) => api.calls.filter((c) => c.method === 'POST');

const PROCESSED: ProcessedTask = {
  id: '41',
  developerName: 'dev_demo',
  subjectName: 'Вища математика',
  taskTitle: 'Лабораторна робота №1',
  autoGenerate: true,
  fileName: 'Лабораторна робота №1.docx',
  link: 'http://127.0.0.1/api/v1/files/9?exp=1&sig=abc',
  createdAt: '2026-11-22T13:33:00.000Z',
  explanationSessionId: null,
  message: null,
  status: 'COMPLETED',
  orderStatus: 'DONE',
  task: orderTask('Лабораторна робота №1', 'Вища математика', true),
  charged: 0,
  free: false,
  deadlineAt: null,
};

/** The server's answer to a manual purchase: the order is in progress, the answer due by the deadline. */
const MANUAL: ProcessedTask = {
  ...PROCESSED,
  autoGenerate: false,
  fileName: null,
  link: null,
  orderStatus: 'IN_PROGRESS',
  message: MSG.orderAccepted,
  deadlineAt: '2026-11-23T13:33:00.000Z',
};

const at = (task = buyableTask()) => ({ pathname: '/list-task/5/buying-task', state: { task } });
const send = () => screen.getByRole('button', { name: /^Відправити/ });

beforeEach(() => {
  vi.clearAllMocks();
});

// The screens are lazy chunks: load them once, so each test renders at once.
beforeAll(() => preloadLazy(buyingRoutes));

describe('buying a regular task', () => {
  it('shows the title, the subject and one labelled input per argument', () => {
    mockFetch({ ...WALLET });
    renderRoutes(buyingRoutes, at());
    expect(screen.getByRole('heading', { name: 'Лабораторна робота №1' })).toBeInTheDocument();
    expect(screen.getByText('Вища математика')).toBeInTheDocument();
    // Generated at once: no deadline to wait for.
    expect(screen.queryByText('Строк виконання')).toBeNull();
    expect(screen.getByLabelText('ПІБ студента')).toHaveAttribute('placeholder', 'Прізвище та ініціали');
    expect(screen.getByLabelText('Група')).toHaveAttribute('placeholder', 'Наприклад, КН-21');
  });

  it("says a manual task's deadline: the task's own, or the default day", () => {
    mockFetch({ ...WALLET });
    const { unmount } = renderRoutes(buyingRoutes, at(buyableTask({ autoGenerate: false, deadlineHours: 72 })));
    expect(screen.getByText('Строк виконання').nextSibling).toHaveTextContent('3 дні після оплати');
    unmount();
    renderRoutes(buyingRoutes, at(buyableTask({ autoGenerate: false })));
    expect(screen.getByText('Строк виконання').nextSibling).toHaveTextContent('24 години після оплати');
  });

  it('shows a short instruction in full, and cuts a long one at 90 characters behind a toggle', async () => {
    mockFetch({ ...WALLET });
    const short = 'К'.repeat(90);
    const { unmount } = renderRoutes(buyingRoutes, at(buyableTask({ description: short })));
    expect(screen.getByText(short)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'розгорнути' })).toBeNull();
    unmount();

    const long = `${'а'.repeat(90)}КІНЕЦЬ`;
    renderRoutes(buyingRoutes, at(buyableTask({ description: long })));
    expect(screen.getByText(`${'а'.repeat(90)}…`)).toBeInTheDocument();
    expect(screen.queryByText(long)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'розгорнути' }));
    expect(screen.getByText(long)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'згорнути' }));
    expect(screen.queryByText(long)).toBeNull();
  });

  it('sends without an emptiness check, trims trailing whitespace, shows "Генерація" while sending, then opens the result', async () => {
    let answer!: (r: Response) => void;
    const api = mockFetch({ ...WALLET, 'POST /api/v1/tasks/process': () => new Promise<Response>((r) => (answer = r)) });
    renderRoutes(buyingRoutes, at());

    await userEvent.type(screen.getByLabelText('ПІБ студента'), 'Іваненко І. І.   ');
    await userEvent.click(send());

    const busy = await screen.findByRole('button', { name: 'Генерація' });
    expect(busy).toBeDisabled();
    expect(posts(api)).toHaveLength(1);
    expect(posts(api)[0]!.body).toEqual({ taskId: '7', arguments: ['Іваненко І. І.', ''] });
    expect(posts(api)[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);

    // A second tap while sending does nothing.
    fireEvent.click(busy);
    expect(posts(api)).toHaveLength(1);

    await act(async () => answer(json(PROCESSED)));
    await screen.findByRole('heading', { name: 'Готово!' });
    expect(sdk.haptic.notification).toHaveBeenCalledWith('success');
    expect(screen.getByText('@dev_demo')).toBeInTheDocument();
    expect(screen.getByText('Лабораторна робота №1.docx')).toBeInTheDocument();
    expect(screen.getByText('22 листопада, 15:33, 2026')).toBeInTheDocument();
  });

  it('asks for a Telegram username before buying, and sends nothing', async () => {
    const api = mockFetch({ ...WALLET });
    renderRoutes(buyingRoutes, at(), { ...STUDENT, username: '' });
    await userEvent.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.usernameRequired);
    expect(sdk.haptic.notification).toHaveBeenCalledWith('error');
    expect(posts(api)).toHaveLength(0);
  });

  it('retries the same values with the same Idempotency-Key, and a changed input gets a new one', async () => {
    let fail = true;
    const api = mockFetch({
      ...WALLET,
      'POST /api/v1/tasks/process': () => (fail ? Promise.reject(new TypeError('Failed to fetch')) : json(PROCESSED)),
    });
    renderRoutes(buyingRoutes, at());
    await userEvent.type(screen.getByLabelText('Група'), 'КН-21');

    await userEvent.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.networkError);
    expect(sdk.haptic.notification).toHaveBeenCalledWith('error');
    await userEvent.click(await screen.findByRole('button', { name: /^Відправити/ }));
    await waitFor(() => expect(posts(api)).toHaveLength(2));
    const [first, retry] = posts(api);
    expect(retry!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);

    await userEvent.type(screen.getByLabelText('Група'), 'А');
    fail = false;
    await userEvent.click(await screen.findByRole('button', { name: /^Відправити/ }));
    await screen.findByRole('heading', { name: 'Готово!' });
    // The banner of the failed attempt does not stay on top of the success.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(posts(api)).toHaveLength(3);
    expect(posts(api)[2]!.body).toEqual({ taskId: '7', arguments: ['', 'КН-21А'] });
    expect(posts(api)[2]!.headers['idempotency-key']).not.toBe(first!.headers['idempotency-key']);
  });

  it("shows the server's message in the banner and stays on the form", async () => {
    mockFetch({ ...WALLET, 'POST /api/v1/tasks/process': () => json({ message: MSG.insufficientFunds }, 400) });
    renderRoutes(buyingRoutes, at());
    await userEvent.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.insufficientFunds);
    expect(screen.getByRole('button', { name: /^Відправити/ })).toBeEnabled();
    expect(sdk.haptic.notification).not.toHaveBeenCalledWith('success');
  });

  it('finds the task by ?taskId and ?teacherId when opened without navigation state', async () => {
    mockFetch({ ...WALLET, 'GET /api/v1/tasks/teacher/3': () => json([buyableTask({ id: '6', title: 'Інше' }), buyableTask()]) });
    renderRoutes(buyingRoutes, { pathname: '/list-task/5/buying-task', search: '?taskId=7&teacherId=3' });
    expect(await screen.findByRole('heading', { name: 'Лабораторна робота №1' })).toBeInTheDocument();
    expect(screen.getByLabelText('Група')).toBeInTheDocument();
  });
});

describe('paying', () => {
  it('shows the balance and the price after discount before the tap', async () => {
    mockFetch({ ...wallet(1490) });
    renderRoutes(buyingRoutes, at(buyableTask({ price: 200, discount: 10 })));
    const payment = screen.getByRole('region', { name: 'Оплата' });
    expect(await within(payment).findByText('1 490 грн')).toBeInTheDocument();
    expect(within(payment).getByText('180 грн')).toBeInTheDocument();
    expect(within(payment).queryByText(/Недостатньо коштів/)).toBeNull();
  });

  it('says the balance is short before the tap, keeps the purchase inactive and offers a top-up', async () => {
    const api = mockFetch({ ...wallet(50) });
    renderRoutes(buyingRoutes, at(buyableTask({ price: 120, discount: 0 })));
    expect(await screen.findByText('Недостатньо коштів: бракує 70 грн.')).toBeInTheDocument();
    expect(send()).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Група'), 'КН-21{Enter}');
    expect(posts(api)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Поповнити' }));
    expect(screen.getByTestId('elsewhere')).toHaveTextContent('/wallet/deposit');
  });

  it("drives Telegram's MainButton where the client has one, with its progress state", async () => {
    sdk.hasMainButton.mockReturnValue(true);
    let tap: () => void = () => {};
    sdk.onMainButton.mockImplementation((listener) => {
      tap = listener;
      return () => {};
    });
    let answer!: (r: Response) => void;
    const api = mockFetch({ ...WALLET, 'POST /api/v1/tasks/process': () => new Promise<Response>((r) => (answer = r)) });
    renderRoutes(buyingRoutes, at());
    expect(screen.queryByRole('button', { name: /^Відправити/ })).toBeNull();
    // The main action says what the tap spends: the task's price as the server listed it.
    await waitFor(() => expect(sdk.setMainButton).toHaveBeenLastCalledWith({ text: MSG.sendFor(formatUah(120)), enabled: true, loading: false }));
    act(() => tap());
    await waitFor(() => expect(sdk.setMainButton).toHaveBeenLastCalledWith({ text: 'Генерація', enabled: true, loading: true }));
    expect(posts(api)).toHaveLength(1);
    await act(async () => answer(json(PROCESSED)));
    await screen.findByRole('heading', { name: 'Готово!' });
    expect(sdk.setMainButton).toHaveBeenLastCalledWith(null);
    sdk.hasMainButton.mockReturnValue(false);
  });
});

describe('the main action names what it spends', () => {
  it("says 'Відправити · 96 грн' after a 20 % discount, and only 'Відправити' for a free take", async () => {
    mockFetch({ ...WALLET });
    const first = renderRoutes(buyingRoutes, at(buyableTask({ discount: 20 })));
    expect(send()).toHaveTextContent(`Відправити · ${formatUah(96)}`.replace(/\s/g, ' '));
    first.unmount();
    mockFetch({ 'GET /api/v1/wallets/user/100003': () => json([{ name: 'Загальний гаманець', balance: 0, kind: 'general' }]) });
    renderRoutes(buyingRoutes, at(), ADMIN);
    expect(send()).toHaveTextContent(/^Відправити$/);
  });
});

describe('the result of a manual purchase', () => {
  it('says the price is held until her acceptance, until when, and that a refund brings it back', async () => {
    const manual: ProcessedTask = { ...MANUAL, charged: 120 };
    mockFetch({ ...WALLET });
    renderRoutes(buyingRoutes, { pathname: '/list-task/5/buying-task/buying-result', state: { processed: manual } });
    expect(screen.queryByText('Списано')).toBeNull();
    expect(screen.getByText(MSG.heldLabel).nextSibling).toHaveTextContent('120 грн');
    expect(screen.getByTestId('result-held')).toHaveTextContent(
      '120 грн утримуються до вашого прийняття відповіді (розробник здає її до 23 листопада, 15:33, 2026). Якщо замовлення скасують, сума повернеться вам на баланс.',
    );
  });

  it('says nothing is held for an auto-generated purchase: it is spent at once', () => {
    mockFetch({ ...WALLET });
    renderRoutes(buyingRoutes, { pathname: '/list-task/5/buying-task/buying-result', state: { processed: { ...PROCESSED, charged: 120 } } });
    expect(screen.getByText('Списано')).toBeInTheDocument();
    expect(screen.queryByTestId('result-held')).toBeNull();
  });

  it("shows what the server's answer says was charged and the balance left", async () => {
    mockFetch({ ...wallet(310) });
    renderRoutes(buyingRoutes, { pathname: '/list-task/5/buying-task/buying-result', state: { processed: { ...PROCESSED, charged: 180 } } });
    expect(screen.getByText('Списано').nextSibling).toHaveTextContent('180 грн');
    await waitFor(() => expect(screen.getByText('Залишок на балансі').nextSibling).toHaveTextContent('310 грн'));
  });

  it('says the order is in progress and where the answer will come', async () => {
    mockFetch({ ...WALLET, 'POST /api/v1/tasks/process': () => json(MANUAL) });
    renderRoutes(buyingRoutes, at(buyableTask({ autoGenerate: false })));
    await userEvent.click(send());
    await screen.findByRole('heading', { name: 'Замовлення прийнято' });
    expect(screen.getByText(MSG.orderAccepted)).toBeInTheDocument();
    expect(screen.getByText('Виконати до').nextSibling).toHaveTextContent('23 листопада, 15:33, 2026');
    expect(screen.queryByRole('button', { name: /Завантажити/ })).toBeNull();
  });

  it('downloads the generated file through Telegram and keeps the button busy for a moment', async () => {
    renderRoutes(buyingRoutes, { pathname: '/list-task/5/buying-task/buying-result', state: { processed: PROCESSED } });
    const card = screen.getByText('Лабораторна робота №1.docx').closest('div')!;
    const button = within(card).getByRole('button', { name: /^Завантажити/ });
    await userEvent.click(button);
    expect(sdk.downloadFile).toHaveBeenCalledWith(PROCESSED.link, PROCESSED.fileName);
    expect(button).toBeDisabled();
    await waitFor(() => expect(button).toBeEnabled(), { timeout: 3000 });
  });
});

describe('a free take (the server charges the task\'s developer and admins nothing)', () => {
  const adminWallet = { 'GET /api/v1/wallets/user/100003': () => json([{ name: 'Загальний гаманець', balance: 0, kind: 'general' }]) };
  const devWallet = { 'GET /api/v1/wallets/user/100002': () => json([{ name: 'Загальний гаманець', balance: 0, kind: 'general' }]) };
  const FREE = { ...PROCESSED, charged: 0, free: true };

  it.each([
    ['an admin with an empty wallet', ADMIN, adminWallet],
    ["the task's own developer with an empty wallet", DEVELOPER, devWallet],
  ])('%s sees 0 грн to pay, no shortage, the send button active, and "Без оплати" after', async (_who, me, walletOf) => {
    const api = mockFetch({ ...walletOf, 'POST /api/v1/tasks/process': () => json(FREE) });
    renderRoutes(buyingRoutes, at(buyableTask({ price: 120 })), me);
    await waitFor(() => expect(screen.getByTestId('buying-balance')).toHaveTextContent('0 грн'));
    expect(screen.getByText('До сплати').nextSibling).toHaveTextContent('0 грн');
    expect(screen.getByText(FREE_TAKE_NOTE)).toBeInTheDocument();
    expect(screen.queryByText(/Недостатньо коштів/)).toBeNull();
    expect(send()).toBeEnabled();
    await userEvent.type(screen.getByLabelText('ПІБ студента'), 'Коваль І. І.');
    await userEvent.type(screen.getByLabelText('Група'), 'КН-21');
    await userEvent.click(send());
    await screen.findByRole('heading', { name: 'Готово!' });
    expect(posts(api)).toHaveLength(1);
    expect(screen.getByText('Списано').nextSibling).toHaveTextContent('Без оплати');
    expect(screen.getByText('Завдання видано без оплати, файл уже готовий.')).toBeInTheDocument();
    expect(screen.queryByText(/Оплата пройшла успішно/)).toBeNull();
  });

  it('another developer pays the price like any student', async () => {
    const other = { ...DEVELOPER, telegramId: '100009', username: 'other_dev' };
    mockFetch({ 'GET /api/v1/wallets/user/100009': () => json([{ name: 'Загальний гаманець', balance: 0, kind: 'general' }]) });
    renderRoutes(buyingRoutes, at(buyableTask({ price: 120 })), other);
    expect(await screen.findByText('Недостатньо коштів: бракує 120 грн.')).toBeInTheDocument();
    expect(screen.queryByText(FREE_TAKE_NOTE)).toBeNull();
  });
});

describe("the task's author and reviews", () => {
  const review = (id: string, rating: number, over: Partial<Review> = {}): Review => ({
    id, taskId: '7', taskTitle: 'Лабораторна робота №1', rating, text: `Текст ${id}`, authorName: 'Андрій', createdAt: '2026-11-20T10:00:00.000Z',
    editedAt: null, reply: null, hidden: false, hiddenReason: null, ...over,
  });

  it('shows the rating and the author as a link to their profile, then the reviews a page at a time', async () => {
    const api = mockFetch([
      ...Object.entries(WALLET).map(([k, reply]) => ({ path: k.slice(4), reply })),
      {
        path: '/api/v1/tasks/7/reviews?page=0&limit=5',
        body: { content: [1, 2, 3, 4, 5].map((n) => review(String(10 - n), 5, n === 1 ? { reply: { text: 'Дякую!', createdAt: '2026-11-21T10:00:00.000Z' } } : {})), last: false },
      },
      { path: '/api/v1/tasks/7/reviews?page=1&limit=5', body: { content: [review('4', 3)], last: true } },
    ]);
    renderRoutes(buyingRoutes, at(buyableTask({ rating: { average: 4.7, count: 6 } })));
    expect(screen.getByText('4,7')).toBeInTheDocument();
    expect(screen.getByText('· 6 відгуків')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '@dev_demo' })).toHaveAttribute('href', '/list-task/author/100002');

    const reviews = await screen.findByRole('region', { name: 'Відгуки' });
    expect(within(reviews).getByRole('heading')).toHaveTextContent('Відгуки · 6 відгуків');
    // The newest above the form, the rest on request.
    await within(reviews).findAllByRole('article');
    expect(within(reviews).getAllByRole('article')).toHaveLength(1);
    expect(within(reviews).getByText('Відповідь розробника').nextSibling).toHaveTextContent('Дякую!');
    await userEvent.click(within(reviews).getByRole('button', { name: 'усі відгуки' }));
    expect(within(reviews).getAllByRole('article')).toHaveLength(5);
    // A student can neither answer nor hide.
    expect(within(reviews).queryByRole('button', { name: 'Відповісти' })).toBeNull();
    expect(within(reviews).queryByRole('button', { name: 'Приховати' })).toBeNull();
    await userEvent.click(within(reviews).getByRole('button', { name: 'Показати ще' }));
    await waitFor(() => expect(within(reviews).getAllByRole('article')).toHaveLength(6));
    expect(within(reviews).queryByRole('button', { name: 'Показати ще' })).toBeNull();
    expect(api.lines().filter((l) => l.includes('/reviews'))).toHaveLength(2);
  });

  it('lets the task’s developer answer a review once, in a sheet', async () => {
    const api = mockFetch([
      { path: '/api/v1/wallets/user/100002', body: [{ name: 'Загальний гаманець', balance: 0, kind: 'general' }] },
      { path: '/api/v1/tasks/7/reviews?page=0&limit=5', body: { content: [review('9', 4)], last: true } },
      { method: 'POST', path: '/api/v1/reviews/9/reply', reply: () => json(review('9', 4, { reply: { text: 'Дякую за відгук', createdAt: '2026-11-21T10:00:00.000Z' } }), 201) },
    ]);
    renderRoutes(buyingRoutes, at(buyableTask({ rating: { average: 4, count: 1 } })), DEVELOPER);
    const reviews = await screen.findByRole('region', { name: 'Відгуки' });
    await userEvent.click(await within(reviews).findByRole('button', { name: 'Відповісти' }));
    await userEvent.type(screen.getByLabelText('Ваша відповідь'), 'Дякую за відгук');
    await userEvent.click(screen.getByRole('button', { name: 'Надіслати відповідь' }));
    await waitFor(() => expect(api.bodies('POST', '/api/v1/reviews/9/reply')).toEqual([{ text: 'Дякую за відгук' }]));
  });
});
