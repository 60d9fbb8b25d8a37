import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, formatUah, type BankPayment, type DepositRequest, type Wallet } from '@zalik/contract';
import { ADMIN, json, mockFetch, renderRoutes, STUDENT } from '../../../../test/harness';
import { walletStaffRoutes } from '../staffRoutes';
import { ADMIN_PAGE_SIZE } from './api';

vi.mock('../../../telegram/sdk', () => import('../../../../test/sdk-mock'));

const uah = (n: number) => new RegExp(formatUah(n).replace(/\s/g, '\\s'));
const deposit = (over: Partial<DepositRequest>): DepositRequest => ({
  id: '7',
  paymentLink: 'https://t.me/$x',
  provider: 'TELEGRAM_STARS',
  amount: 250,
  stars: 550,
  status: 'PAID',
  credited: 250,
  createdAt: '2026-11-24T10:00:00.000Z',
  expiresAt: '2026-11-24T11:00:00.000Z',
  paidAt: '2026-11-24T10:01:00.000Z',
  user: { telegramId: '100001', username: 'student_demo' },
  ...over,
});
const payment = (over: Partial<BankPayment> = {}): BankPayment => ({
  id: 'st-9',
  amount: 300,
  comment: 'за курсову',
  description: 'Від: Олена С.',
  occurredAt: '2026-11-24T09:00:00.000Z',
  status: 'UNMATCHED',
  depositRequestId: null,
  creditedTo: null,
  hold: null,
  currencyCode: 980,
  raw: null,
  ...over,
});
const wallets: Wallet[] = [{ name: 'Загальний гаманець', balance: 300, kind: 'general' }];

beforeEach(() => vi.clearAllMocks());

describe('admin: deposit requests', () => {
  it('lists requests by the chosen status and provider, and refunds a paid Stars one after confirmation', async () => {
    const refunded = new Set<string>();
    const { calls } = mockFetch({
      'GET /api/v1/transactions/request/deposit': () =>
        json([
          deposit({ status: refunded.has('7') ? 'REFUNDED' : 'PAID' }),
          deposit({ id: '8', provider: 'MONOBANK', stars: undefined, comment: 'ZLK-7F3K2', amount: 100, credited: 100 }),
        ]),
      'POST /api/v1/transactions/request/deposit/7/refund': () => {
        refunded.add('7');
        return json(deposit({ status: 'REFUNDED' }));
      },
    });
    renderRoutes(walletStaffRoutes, '/settings/admin-panel/deposits', ADMIN);

    const stars = await screen.findByRole('article', { name: /@student_demo на 250/ });
    expect(stars).toHaveTextContent('550 ⭐');
    const card = screen.getByRole('article', { name: /@student_demo на 100/ });
    expect(card).toHaveTextContent('код ZLK-7F3K2');
    // Only Stars come back through Telegram.
    expect(within(card).queryByRole('button', { name: 'Повернути зірки' })).toBeNull();

    await userEvent.click(within(stars).getByRole('button', { name: 'Повернути зірки' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('550 ⭐ повернуться @student_demo.');
    expect(dialog).toHaveTextContent(uah(250));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Повернути' }));
    expect(await screen.findByText(MSG.depositStarsRefunded)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('article', { name: /на 250/ })).toHaveTextContent('Повернуто'));

    await userEvent.click(screen.getByRole('tab', { name: 'Оплачені' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Telegram Stars' }));
    await waitFor(() => expect(calls.at(-1)?.query.toString()).toBe('page=0&limit=20&status=PAID&provider=TELEGRAM_STARS'));
  });

  it("shows the API's reason when a refund is refused", async () => {
    mockFetch({
      'GET /api/v1/transactions/request/deposit': () => json([deposit({})]),
      'POST /api/v1/transactions/request/deposit/7/refund': () => json({ message: MSG.depositRefundSpent }, 409),
    });
    renderRoutes(walletStaffRoutes, '/settings/admin-panel/deposits', ADMIN);
    await userEvent.click(await screen.findByRole('button', { name: 'Повернути зірки' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Повернути' }));
    expect(await screen.findByText(MSG.depositRefundSpent)).toBeInTheDocument();
  });

  it("shows twenty requests, then the next page with 'Показати ще' until the last one", async () => {
    const { calls } = mockFetch({
      'GET /api/v1/transactions/request/deposit': (call) =>
        json(
          call.query.get('page') === '0'
            ? Array.from({ length: ADMIN_PAGE_SIZE }, (_, i) => deposit({ id: String(100 + i), user: { telegramId: String(200 + i), username: `buyer_${i}` } }))
            : [deposit({ id: '99', user: { telegramId: '299', username: 'buyer_last' } })],
        ),
    });
    renderRoutes(walletStaffRoutes, '/settings/admin-panel/deposits', ADMIN);
    await screen.findByRole('article', { name: /@buyer_0 / });
    expect(screen.getAllByRole('article')).toHaveLength(ADMIN_PAGE_SIZE);
    await userEvent.click(screen.getByRole('button', { name: 'Показати ще' }));
    expect(await screen.findByRole('article', { name: /@buyer_last / })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(ADMIN_PAGE_SIZE + 1);
    expect(screen.queryByRole('button', { name: 'Показати ще' })).toBeNull();
    expect(calls.filter((c) => c.pathname === '/api/v1/transactions/request/deposit').map((c) => c.query.get('page'))).toEqual(['0', '1']);
  });

  it('is not for students', async () => {
    mockFetch({});
    renderRoutes(walletStaffRoutes, '/settings/admin-panel/deposits', STUDENT);
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/settings');
  });
});

describe('admin: bank payments', () => {
  it("credits an unmatched payment to the user whose Telegram ID the admin enters, after confirmation", async () => {
    let credited = false;
    const { bodies } = mockFetch({
      'GET /api/v1/transactions/bank-payments': () => json(credited ? [] : [payment()]),
      'POST /api/v1/transactions/bank-payments/st-9/credit': () => {
        credited = true;
        return json(wallets);
      },
    });
    renderRoutes(walletStaffRoutes, '/settings/admin-panel/bank-payments', ADMIN);

    const item = await screen.findByRole('article', { name: /Платіж 300/ });
    expect(item).toHaveTextContent('«за курсову»');
    const field = within(item).getByLabelText('Telegram ID користувача');
    await userEvent.type(field, '10 01');
    await userEvent.click(within(item).getByRole('button', { name: 'Зарахувати' }));
    expect(within(item).getByRole('alert')).toHaveTextContent(MSG.telegramIdInvalid);
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await userEvent.clear(field);
    await userEvent.type(field, '100001');
    await userEvent.click(within(item).getByRole('button', { name: 'Зарахувати' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent(/користувача 100001/);
    await userEvent.click(within(dialog).getByRole('button', { name: /^Зарахувати \d/ }));

    expect(await screen.findByText(MSG.bankPaymentCredited)).toBeInTheDocument();
    expect(bodies('POST', '/api/v1/transactions/bank-payments/st-9/credit')).toEqual([{ userTelegramId: '100001' }]);
    expect(await screen.findByText('Усі платежі зараховано')).toBeInTheDocument();
  });

  it("shows twenty payments, then the next page with 'Показати ще' until the last one", async () => {
    const { calls } = mockFetch({
      'GET /api/v1/transactions/bank-payments': (call) =>
        json(
          call.query.get('page') === '0'
            ? Array.from({ length: ADMIN_PAGE_SIZE }, (_, i) => payment({ id: `st-${100 + i}`, amount: 100 + i }))
            : [payment({ id: 'st-last', amount: 999 })],
        ),
    });
    renderRoutes(walletStaffRoutes, '/settings/admin-panel/bank-payments', ADMIN);
    await screen.findByRole('article', { name: /Платіж 100/ });
    expect(screen.getAllByRole('article')).toHaveLength(ADMIN_PAGE_SIZE);
    await userEvent.click(screen.getByRole('button', { name: 'Показати ще' }));
    expect(await screen.findByRole('article', { name: /Платіж 999/ })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(ADMIN_PAGE_SIZE + 1);
    expect(screen.queryByRole('button', { name: 'Показати ще' })).toBeNull();
    expect(calls.filter((c) => c.pathname === '/api/v1/transactions/bank-payments').map((c) => c.query.get('page'))).toEqual(['0', '1']);
  });

  it('shows who an admin credited a payment to', async () => {
    mockFetch({
      'GET /api/v1/transactions/bank-payments': (c) =>
        json(c.query.get('status') === 'CREDITED' ? [payment({ status: 'CREDITED', creditedTo: { telegramId: '100001', username: 'student_demo' } })] : []),
    });
    renderRoutes(walletStaffRoutes, '/settings/admin-panel/bank-payments', ADMIN);
    await userEvent.click(await screen.findByRole('tab', { name: 'Зараховані' }));
    const item = await screen.findByRole('article', { name: /Платіж 300/ });
    expect(item).toHaveTextContent('@student_demo · ID 100001');
    expect(within(item).queryByRole('button', { name: 'Зарахувати' })).toBeNull();
  });

  it('shows why a payment waits: unreadable (with its raw record), another currency, several codes; only the last is credited from here', async () => {
    mockFetch({
      'GET /api/v1/transactions/bank-payments': () =>
        json([
          payment({ id: 'q-1', amount: 0, comment: '', description: '', hold: 'QUARANTINED', raw: '{"id":"q-1","amount":"сто"}' }),
          payment({ id: 'usd-1', amount: 41.5, hold: 'FOREIGN_CURRENCY', currencyCode: 840 }),
          payment({ id: 'two-1', amount: 200, comment: 'ZLK-AAAAA ZLK-BBBBB', hold: 'SEVERAL_CODES' }),
        ]),
    });
    renderRoutes(walletStaffRoutes, '/settings/admin-panel/bank-payments', ADMIN);

    const unreadable = await screen.findByRole('article', { name: /Платіж 0/ });
    expect(unreadable).toHaveTextContent('Сума невідома');
    expect(unreadable).toHaveTextContent('Не вдалося прочитати');
    expect(within(unreadable).getByTestId('bank-raw')).toHaveTextContent('{"id":"q-1","amount":"сто"}');
    expect(within(unreadable).queryByRole('button', { name: 'Зарахувати' })).toBeNull();

    const usd = screen.getByRole('article', { name: /Платіж 41,5/ });
    expect(usd).toHaveTextContent('Не в гривнях');
    expect(usd).toHaveTextContent('Валюта платежу: код 840.');
    expect(within(usd).queryByRole('button', { name: 'Зарахувати' })).toBeNull();

    const two = screen.getByRole('article', { name: /Платіж 200/ });
    expect(two).toHaveTextContent('Кілька кодів');
    expect(within(two).getByRole('button', { name: 'Зарахувати' })).toBeInTheDocument();
  });
});
