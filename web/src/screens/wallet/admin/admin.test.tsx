import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatUah, type Wallet, type Withdrawal } from '@zalik/contract';
import { ADMIN, json, mockFetch, renderRoutes, STUDENT } from '../../../../test/harness';
import { tx } from '../../../../test/fixtures';
import { walletStaffRoutes } from '../staffRoutes';

vi.mock('../../../telegram/sdk', () => import('../../../../test/sdk-mock'));

const plain = (s: string | null) => (s ?? '').replace(/\s/g, ' ');
const uah = (n: number) => plain(formatUah(n));
const general = (balance: number): Wallet => ({ name: 'Загальний гаманець', balance, kind: 'general' });
const pending: Withdrawal = {
  id: '3',
  user: { telegramId: '100002', username: 'dev_demo' },
  cardNumber: '4242424242424242',
  cardLast4: '4242',
  amount: 250,
  fee: 12.5,
  payout: 237.5,
  status: 'PENDING',
  createdAt: '2026-11-22T13:33:00.000Z',
  resolvedAt: null,
};

beforeEach(() => vi.clearAllMocks());

describe('admin: a user wallet', () => {
  it("tops up the user's general wallet and shows the new balance and rows", async () => {
    let balance = 0;
    const { calls } = mockFetch({
      'GET /api/v1/wallets/user/100001': () => json([general(balance)]),
      'GET /api/v1/transactions/history/user/100001': () =>
        json(balance ? [tx(1, { transactionType: 'DEPOSIT', initials: 'Поповнення', amount: balance })] : []),
      'PATCH /api/v1/wallets/deposit': (c) => {
        balance += Number((c.body as { amount: number }).amount);
        return json([general(balance)]);
      },
    });
    renderRoutes(walletStaffRoutes, '/settings/admin-panel/profile/wallet?telegramId=100001', ADMIN);

    expect(await screen.findByText('Telegram ID 100001')).toBeInTheDocument();
    await userEvent.type(await screen.findByLabelText(/Поповнити загальний гаманець/), '300');
    await userEvent.click(screen.getByRole('button', { name: 'Поповнити' }));

    expect(await screen.findByRole('status')).toHaveTextContent(`Зараховано ${uah(300)}`);
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toEqual({ userTelegramId: '100001', amount: 300 });
    expect(patch.headers['idempotency-key']).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Загальний гаманець').closest('div')).toHaveTextContent(uah(300)));
    expect(await screen.findByText(`+${uah(300)}`)).toBeInTheDocument();
  });

  it("shows the server's own answer when a top-up is refused", async () => {
    mockFetch({
      'GET /api/v1/wallets/user/100001': () => json([general(0)]),
      'GET /api/v1/transactions/history/user/100001': () => json([]),
      'PATCH /api/v1/wallets/deposit': () => json({ message: 'Користувача не знайдено.' }, 404),
    });
    renderRoutes(walletStaffRoutes, '/settings/admin-panel/profile/wallet?telegramId=100001', ADMIN);
    await userEvent.type(await screen.findByLabelText(/Поповнити загальний гаманець/), '300');
    await userEvent.click(screen.getByRole('button', { name: 'Поповнити' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Користувача не знайдено.');
  });

  it('is not for students', async () => {
    mockFetch({});
    const { router } = renderRoutes(walletStaffRoutes, '/settings/admin-panel/profile/wallet?telegramId=100001', STUDENT);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
  });
});

describe('admin: withdraw requests', () => {
  it('shows the full card and sums, and marks a request paid after confirmation', async () => {
    let list = [pending];
    const { calls } = mockFetch({
      'GET /api/v1/wallets/withdrawals': () => json(list),
      'PATCH /api/v1/wallets/withdrawals/3': () => {
        list = [];
        return json({ ...pending, status: 'PAID', cardNumber: '•••• 4242' });
      },
    });
    renderRoutes(walletStaffRoutes, '/settings/admin-panel/withdrawals', ADMIN);

    const card = await screen.findByRole('article', { name: /dev_demo/ });
    expect(within(card).getByText('4242 4242 4242 4242')).toBeInTheDocument();
    expect(plain(card.textContent)).toContain(`Сума${uah(250)}`);
    expect(plain(card.textContent)).toContain(`Комісія${uah(12.5)}`);
    expect(plain(card.textContent)).toContain(`До виплати${uah(237.5)}`);
    expect(calls[0]!.query.get('status')).toBe('PENDING');

    await userEvent.click(within(card).getByRole('button', { name: 'Виплачено' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(plain(dialog.textContent)).toContain(`переказали ${uah(237.5)} на картку 4242 4242 4242 4242`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Підтвердити' }));

    expect(await screen.findByText('Нових заявок на виведення немає')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ status: 'PAID' });
  });

  it('rejects only after confirmation; cancelling sends nothing', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/wallets/withdrawals': () => json([pending]),
      'PATCH /api/v1/wallets/withdrawals/3': () => json({ ...pending, status: 'REJECTED' }),
    });
    renderRoutes(walletStaffRoutes, '/settings/admin-panel/withdrawals', ADMIN);
    const card = await screen.findByRole('article', { name: /dev_demo/ });

    await userEvent.click(within(card).getByRole('button', { name: 'Відхилити' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Скасувати' }));
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await userEvent.click(within(card).getByRole('button', { name: 'Відхилити' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(plain(dialog.textContent)).toContain(`${uah(250)} повернуться на гаманець розробника`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Підтвердити' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'REJECTED' }));
  });
});
