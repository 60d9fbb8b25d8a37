import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HISTORY_PAGE_SIZE, MSG, formatUah, type Wallet } from '@zalik/contract';
import { DEVELOPER, json, mockFetch, preloadLazy, renderRoutes, STUDENT } from '../../../test/harness';
import { tx } from '../../../test/fixtures';
import { walletRoutes } from './routes';

vi.mock('../../telegram/sdk', () => import('../../../test/sdk-mock'));

const general: Wallet = { name: 'Загальний гаманець', balance: 1500, kind: 'general' };
/** toHaveTextContent collapses the no-break spaces of formatUah: expect plain ones. */
const uah = (n: number) => formatUah(n).replace(/\s/g, ' ');

const dev: Wallet = { name: 'Dev гаманець', balance: 950, kind: 'dev', pending: 250 };

beforeEach(() => vi.clearAllMocks());

// The screens are lazy chunks: load them once, so each test renders (and navigates) at once.
beforeAll(() => preloadLazy(walletRoutes));

describe('/wallet', () => {
  it("says what escrow holds: the buyer's money until acceptance, the developer's share of delivered orders and when it comes", async () => {
    mockFetch({
      'GET /api/v1/wallets/user/100002': () =>
        json([
          { ...general, held: 120 },
          { ...dev, pending: 0, incoming: 270, incomingFrom: '2026-11-29T13:33:00.000Z' },
        ]),
      'GET /api/v1/transactions/history/user/100002': () => json([]),
    });
    renderRoutes(walletRoutes, '/wallet', DEVELOPER);
    expect(await screen.findByTestId('held')).toHaveTextContent(`Утримується: ${uah(120)} — до прийняття ваших замовлень, при поверненні сума повернеться сюди`);
    await userEvent.click(screen.getByRole('tab', { name: 'Гаманець розробника' }));
    expect(await screen.findByTestId('incoming')).toHaveTextContent(`Надійде після прийняття: ${uah(270)}, перша сума — 29 листопада, 15:33, 2026`);
    expect(screen.queryByTestId('held')).toBeNull();
  });

  it('lists the top-ups still waiting for payment with their code in one piece and status, and a tap reopens one', async () => {
    const waiting = {
      id: '41',
      paymentLink: 'https://send.monobank.ua/jar/zalik?a=250&t=ZLK-4SS6W',
      provider: 'MONOBANK',
      amount: 250,
      comment: 'ZLK-4SS6W',
      status: 'PENDING',
      credited: null,
      createdAt: '2026-11-22T13:00:00.000Z',
      expiresAt: '2999-11-22T14:00:00.000Z',
      paidAt: null,
      user: { telegramId: '100001', username: 'student_demo' },
    };
    const { lines } = mockFetch({
      'GET /api/v1/wallets/user/100001': () => json([general]),
      'GET /api/v1/transactions/history/user/100001': () => json([]),
      'GET /api/v1/transactions/request/deposit/my?status=PENDING&limit=5': () => json([waiting, { ...waiting, id: '40', expiresAt: '2020-01-01T00:00:00.000Z' }]),
    });
    const { router } = renderRoutes(walletRoutes, '/wallet', STUDENT);
    const list = await screen.findByRole('list', { name: MSG.depositPendingTitle });
    const rows = within(list).getAllByRole('listitem');
    // An expired one is no longer waited for, whatever the list said a moment ago.
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent(`${uah(250)} · картка`);
    expect(rows[0]).toHaveTextContent(MSG.depositPendingStatus);
    const code = within(rows[0]!).getByText('ZLK-4SS6W');
    expect(code.className).toMatch(/topupCode/);
    expect(lines()).toContain('GET /api/v1/transactions/request/deposit/my?status=PENDING&limit=5');
    await userEvent.click(within(rows[0]!).getByRole('link'));
    expect(router.state.location.pathname + router.state.location.search).toBe('/wallet/deposit?request=41');
  });

  it('shows a student the balance and signed transaction rows, with a top-up but no switch or withdraw', async () => {
    mockFetch({
      'GET /api/v1/wallets/user/100001': () => json([general]),
      'GET /api/v1/transactions/history/user/100001': () =>
        json([tx(2, { initials: 'Покупка: Лабораторна №1', amount: 120 }), tx(1, { transactionType: 'DEPOSIT', initials: 'Поповнення', amount: 1500 })]),
    });
    const { router } = renderRoutes(walletRoutes, '/wallet', STUDENT);

    expect(await screen.findByTestId('balance')).toHaveTextContent(uah(1500));
    const rows = within(await screen.findByRole('list', { name: 'Транзакції' })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Покупка: Лабораторна №1');
    expect(rows[0]).toHaveTextContent('22 листопада, 15:33, 2026');
    expect(rows[0]).toHaveTextContent(`\u2212${uah(120)}`);
    expect(rows[1]).toHaveTextContent(`+${uah(1500)}`);
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByRole('button', { name: /Вивести/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: /Поповнити/ }));
    expect(router.state.location.pathname).toBe('/wallet/deposit');
  });

  it("lets a developer switch to the dev wallet: its balance, pending payouts, its own rows and 'Вивести'", async () => {
    const { calls } = mockFetch({
      'GET /api/v1/wallets/user/100002': () => json([general, dev]),
      'GET /api/v1/transactions/history/user/100002': (c) =>
        json(c.query.get('wallet') === 'dev' ? [tx(9, { transactionType: 'WITHDRAWAL', initials: 'Виведення на картку •••• 4242', amount: 250, wallet: 'dev' })] : []),
    });
    const { router } = renderRoutes(walletRoutes, '/wallet', DEVELOPER);

    expect(await screen.findByRole('tab', { name: 'Загальний гаманець', selected: true })).toBeInTheDocument();
    expect(await screen.findByText(MSG.emptyHistory)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Вивести/ })).toBeNull();

    await userEvent.click(screen.getByRole('tab', { name: 'Гаманець розробника' }));
    expect(screen.getByTestId('balance')).toHaveTextContent(uah(950));
    expect(screen.getByText(`Очікує виплати: ${formatUah(250)}`)).toBeInTheDocument();
    expect(await screen.findByText('Виведення на картку •••• 4242')).toBeInTheDocument();
    expect(calls.some((c) => c.query.get('wallet') === 'dev')).toBe(true);
    expect(screen.queryByRole('button', { name: /Поповнити/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: /Вивести/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet/withdraw'));
  });

  it('loads the next page on demand and stops after a short page', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/wallets/user/100001': () => json([general]),
      'GET /api/v1/transactions/history/user/100001': (c) => {
        const page = Number(c.query.get('page'));
        const size = page === 0 ? HISTORY_PAGE_SIZE : 2;
        return json(Array.from({ length: size }, (_, i) => tx(100 - page * 10 - i, { initials: `Рядок ${page}-${i}` })));
      },
    });
    renderRoutes(walletRoutes, '/wallet', STUDENT);

    const list = await screen.findByRole('list', { name: 'Транзакції' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(HISTORY_PAGE_SIZE);
    await userEvent.click(screen.getByRole('button', { name: 'Показати ще' }));
    expect(await screen.findByText('Рядок 1-1')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(HISTORY_PAGE_SIZE + 2);
    expect(screen.queryByRole('button', { name: 'Показати ще' })).toBeNull();

    const pages = calls.filter((c) => c.path.startsWith('/api/v1/transactions/history'));
    expect(pages.map((c) => [c.query.get('page'), c.query.get('limit')])).toEqual([
      ['0', String(HISTORY_PAGE_SIZE)],
      ['1', String(HISTORY_PAGE_SIZE)],
    ]);
  });

  it("says 'Історії ще немає' when there are no transactions", async () => {
    mockFetch({
      'GET /api/v1/wallets/user/100001': () => json([{ ...general, balance: 0 }]),
      'GET /api/v1/transactions/history/user/100001': () => json([]),
    });
    renderRoutes(walletRoutes, '/wallet', STUDENT);
    expect(await screen.findByText(MSG.emptyHistory)).toBeInTheDocument();
    expect(screen.getByTestId('balance')).toHaveTextContent(uah(0));
  });

  it('offers to try again when the server fails to list the transactions, and lists them once it answers', async () => {
    let failing = true;
    mockFetch({
      'GET /api/v1/wallets/user/100001': () => json([general]),
      'GET /api/v1/transactions/history/user/100001': () =>
        failing ? json({ message: MSG.internal }, 500) : json([tx(1, { transactionType: 'DEPOSIT', initials: 'Поповнення', amount: 1500 })]),
    });
    renderRoutes(walletRoutes, '/wallet', STUDENT);
    expect(await screen.findByText(MSG.internal, undefined, { timeout: 15_000 })).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Спробувати ще раз' }));
    const list = await screen.findByRole('list', { name: 'Транзакції' });
    expect(within(list).getByText('Поповнення')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Спробувати ще раз' })).toBeNull();
  }, 30_000);

  it('says offline once, with a retry, and keeps the top-up inactive until the connection is back', async () => {
    let down = true;
    mockFetch({
      'GET /api/v1/wallets/user/100001': () => (down ? Promise.reject(new TypeError('Failed to fetch')) : json([general])),
      'GET /api/v1/transactions/history/user/100001': () => (down ? Promise.reject(new TypeError('Failed to fetch')) : json([])),
    });
    renderRoutes(walletRoutes, '/wallet', STUDENT);
    const bar = await screen.findByTestId('offline', undefined, { timeout: 15_000 });
    expect(bar).toHaveTextContent(MSG.networkError);
    await waitFor(() => expect(screen.getAllByText(MSG.networkError)).toHaveLength(1));
    expect(screen.getByRole('button', { name: /Поповнити/ })).toBeDisabled();

    down = false;
    await userEvent.click(within(bar).getByRole('button', { name: 'Спробувати ще раз' }));
    expect(await screen.findByTestId('balance')).toHaveTextContent(uah(1500));
    expect(screen.queryByTestId('offline')).toBeNull();
    expect(screen.getByRole('button', { name: /Поповнити/ })).toBeEnabled();
  }, 30_000);
});
