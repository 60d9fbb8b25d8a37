import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, formatUah, type Wallet, type WithdrawQueueItem } from '@zalik/contract';
import { ADMIN, json, mockFetch, renderRoutes, STUDENT } from '../../../../test/harness';
import { tx } from '../../../../test/fixtures';
import { walletStaffRoutes } from '../staffRoutes';

vi.mock('../../../telegram/sdk', () => import('../../../../test/sdk-mock'));

const plain = (s: string | null) => (s ?? '').replace(/\s/g, ' ');
const uah = (n: number) => plain(formatUah(n));
const general = (balance: number): Wallet => ({ name: 'Загальний гаманець', balance, kind: 'general' });
const pending: WithdrawQueueItem = {
  id: '3',
  transactionId: '3',
  type: 'WITHDRAW',
  status: 'PROCESSING',
  amount: 250,
  fee: 12.5,
  payout: 237.5,
  createdAt: '2026-11-22T13:33:00.000Z',
  deadlineAt: '2026-11-23T13:33:00.000Z',
  source: { user: { telegramId: '100002', username: 'dev_demo', photo: '' }, paymentDetails: '4242424242424242', paymentDetailsType: 'BANK_CARD' },
};
const confirmed = { id: '3', status: 'PAID' };

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
    await userEvent.click(screen.getByRole('button', { name: /^Поповнити · \d/ }));
    // Nothing is sent before the admin has seen the amount and confirmed it.
    const dialog = await screen.findByRole('alertdialog', { name: 'Підтвердіть поповнення' });
    expect(dialog).toHaveTextContent(MSG.adminTopUpConfirm(uah(300), '100001').replace(/\s/g, ' '));
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: /^Поповнити \d/ }));

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
    await userEvent.click(screen.getByRole('button', { name: /^Поповнити · \d/ }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: /^Поповнити \d/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Користувача не знайдено.');
  });

  it('sends nothing when the admin cancels the confirmation', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/wallets/user/100001': () => json([general(0)]),
      'GET /api/v1/transactions/history/user/100001': () => json([]),
    });
    renderRoutes(walletStaffRoutes, '/settings/admin-panel/profile/wallet?telegramId=100001', ADMIN);
    await userEvent.type(await screen.findByLabelText(/Поповнити загальний гаманець/), '300');
    await userEvent.click(screen.getByRole('button', { name: /^Поповнити · \d/ }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Скасувати' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });

  it('is not for students', async () => {
    mockFetch({});
    const { router } = renderRoutes(walletStaffRoutes, '/settings/admin-panel/profile/wallet?telegramId=100001', STUDENT);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
  });
});

describe('admin: withdraw requests', () => {
  it('shows the full card, sums and deadline, and marks a request paid after confirmation', async () => {
    let list = [pending];
    const { calls } = mockFetch({
      'GET /api/v1/transactions/withdraw/processing': () => json(list),
      'PATCH /api/v1/transactions/confirm-withdraw': () => {
        list = [];
        return json(confirmed);
      },
    });
    renderRoutes(walletStaffRoutes, '/settings/admin-panel/withdrawals', ADMIN);

    const card = await screen.findByRole('article', { name: /dev_demo/ });
    expect(within(card).getByText('4242 4242 4242 4242')).toBeInTheDocument();
    expect(plain(card.textContent)).toContain(`Сума${uah(250)}`);
    expect(plain(card.textContent)).toContain(`Комісія${uah(12.5)}`);
    expect(plain(card.textContent)).toContain(`До виплати${uah(237.5)}`);
    expect(plain(card.textContent)).toContain('Відхилиться автоматично');

    await userEvent.click(within(card).getByRole('button', { name: 'Виплачено' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(plain(dialog.textContent)).toContain(`переказали ${uah(237.5)} на картку 4242 4242 4242 4242`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Підтвердити' }));

    expect(await screen.findByText('Нових заявок на виведення немає')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ transactionId: '3', status: 'SUCCESS' });
  });

  it('shows a crypto address whole, with the payout in USDT at the bank\'s rate', async () => {
    const crypto = { ...pending, source: { ...pending.source, paymentDetails: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', paymentDetailsType: 'CRYPTO' as const } };
    mockFetch({
      'GET /api/v1/transactions/withdraw/processing': () => json([crypto]),
      'GET /api/v1/exchange-rates/rate/840/980': () =>
        json({ currencyCodeA: 840, currencyCodeB: 980, rateBuy: 41.5, rateSell: 42, rateCross: null, rate: 40, date: '2026-11-27T08:00:00.000Z', fetchedAt: '2026-11-27T09:00:00.000Z', stale: false }),
    });
    renderRoutes(walletStaffRoutes, '/settings/admin-panel/withdrawals', ADMIN);
    const card = await screen.findByRole('article', { name: /dev_demo/ });
    expect(within(card).getByLabelText('Адреса гаманця')).toHaveTextContent('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
    // 237,50 грн at 40 грн/$.
    expect(await within(card).findByText('≈ 5,94 USDT за курсом Monobank 40 грн/$')).toBeInTheDocument();
  });

  it('shows no USDT line for a card', async () => {
    mockFetch({ 'GET /api/v1/transactions/withdraw/processing': () => json([pending]) });
    renderRoutes(walletStaffRoutes, '/settings/admin-panel/withdrawals', ADMIN);
    const card = await screen.findByRole('article', { name: /dev_demo/ });
    expect(within(card).queryByText(/USDT/)).toBeNull();
  });

  it('rejects only with a reason; closing the sheet sends nothing', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/transactions/withdraw/processing': () => json([pending]),
      'PATCH /api/v1/transactions/confirm-withdraw': () => json({ ...confirmed, status: 'REJECTED' }),
    });
    renderRoutes(walletStaffRoutes, '/settings/admin-panel/withdrawals', ADMIN);
    const card = await screen.findByRole('article', { name: /dev_demo/ });

    await userEvent.click(within(card).getByRole('button', { name: 'Відхилити' }));
    const sheet = await screen.findByRole('dialog', { name: 'Відхилити заявку' });
    expect(plain(sheet.textContent)).toContain(`${uah(250)} повернуться на гаманець розробника`);
    await userEvent.click(within(sheet).getByRole('button', { name: 'Відхилити заявку' }));
    expect(await within(sheet).findByText(MSG.withdrawRejectReason)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await userEvent.type(within(sheet).getByLabelText('Причина'), 'Картку заблоковано');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Відхилити заявку' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ transactionId: '3', status: 'FAILED', errorMessage: 'Картку заблоковано' }),
    );
  });
});
