import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, formatUah, type PayoutRules, type WalletEntry, type Withdrawal } from '@zalik/contract';
import { DEVELOPER, json, mockFetch, renderRoutes, STUDENT } from '../../../../test/harness';
import { walletStaffRoutes } from '../staffRoutes';

vi.mock('../../../telegram/sdk', () => import('../../../../test/sdk-mock'));

const rules: PayoutRules = { minAmount: 1000, feePercent: 5, cryptoNetwork: 'USDT-TRC20', cryptoNetworkLabel: 'USDT (TRC-20)', timeoutHours: 24 };
const entries = (details: Partial<WalletEntry> = { paymentDetails: '•••• 1111', paymentDetailsType: 'BANK_CARD' }, balance = 1500): WalletEntry[] => [
  { id: '11', walletType: 'DEFAULT', balance: 0, paymentDetails: null, paymentDetailsType: null },
  { id: '12', walletType: 'DEVELOPER', balance, paymentDetails: null, paymentDetailsType: null, pending: 0, ...details },
];
const request: Withdrawal = {
  id: '4',
  user: { telegramId: '100002', username: 'dev_demo' },
  cardNumber: '•••• 1111',
  cardLast4: '1111',
  amount: 1000,
  fee: 50,
  payout: 950,
  status: 'PENDING',
  createdAt: '2026-11-22T13:33:00.000Z',
  resolvedAt: null,
  paymentDetailsType: 'BANK_CARD',
  reason: null,
  deadlineAt: '2026-11-23T13:33:00.000Z',
};
const plain = (s: string | null) => (s ?? '').replace(/\s/g, ' ');
const uah = (n: number) => plain(formatUah(n));

function setup(opts: { wallets?: WalletEntry[]; mine?: Withdrawal[] } = {}) {
  let mine = opts.mine ?? [];
  const { calls } = mockFetch({
    'GET /api/v1/wallets/100002': () => json(opts.wallets ?? entries()),
    'GET /api/v1/wallets/payout-rules': () => json(rules),
    'GET /api/v1/wallets/withdrawals/my': () => json(mine),
    'GET /api/v1/exchange-rates/rate/840/980': () =>
      json({ currencyCodeA: 840, currencyCodeB: 980, rateBuy: 41.5, rateSell: 42, rateCross: null, rate: 41.75, date: '2026-11-27T08:00:00.000Z', fetchedAt: '2026-11-27T09:00:00.000Z', stale: false }),
    'POST /api/v1/transactions/withdraw': () => {
      mine = [request];
      return json(request, 201);
    },
  });
  renderRoutes(walletStaffRoutes, '/wallet/withdraw', DEVELOPER);
  return calls;
}

const amount = () => screen.findByLabelText('Сума, грн');
const submit = async () => userEvent.click(screen.getByRole('button', { name: /^Вивести/ }));
const posts = (calls: { method: string }[]) => calls.filter((c) => c.method === 'POST');

beforeEach(() => vi.clearAllMocks());

describe('/wallet/withdraw', () => {
  it('states the minimum and the fee before anything is sent, and refuses under the minimum', async () => {
    const calls = setup();
    const field = await amount();
    expect(screen.getByText(`Мінімум ${uah(1000)} · доступно ${uah(1500)}`)).toBeInTheDocument();
    await userEvent.type(field, '999');
    const preview = screen.getByTestId('fee-preview');
    expect(plain(preview.textContent)).toContain(`Комісія 5 %${uah(49.95)}`);
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.withdrawBelowMin(1000));
    expect(posts(calls)).toEqual([]);
  });

  it('confirms the sums and where they go, then sends the amount to the dev wallet once', async () => {
    const calls = setup();
    await userEvent.type(await amount(), '1000');
    await submit();
    const dialog = await screen.findByRole('alertdialog');
    expect(plain(dialog.textContent)).toContain(`Сума${uah(1000)}`);
    expect(plain(dialog.textContent)).toContain(`Комісія 5 %${uah(50)}`);
    expect(plain(dialog.textContent)).toContain(`До виплати${uah(950)}`);
    expect(plain(dialog.textContent)).toContain('Кудикартку •••• 1111');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Вивести' }));

    expect(plain((await screen.findByRole('status')).textContent)).toContain(`Заявку на виведення ${uah(1000)} створено`);
    expect(posts(calls)).toHaveLength(1);
    expect(posts(calls)[0]).toMatchObject({ body: { amount: 1000, encodedWalletId: '12' } });
    const list = await screen.findByRole('list', { name: 'Мої заявки' });
    await waitFor(() => expect(within(list).getByText('Очікує виплати')).toBeInTheDocument());
    // One open request at a time: the button waits for it.
    await waitFor(() => expect(screen.getByRole('button', { name: /^Вивести/ })).toBeDisabled());
  });

  it('asks for payout details first when none are saved', async () => {
    setup({ wallets: entries({}) });
    expect(await screen.findByRole('link', { name: /Додати дані для виплат/ })).toHaveAttribute('href', '/wallet/withdraw/details');
    expect(screen.getByRole('button', { name: /^Вивести/ })).toBeDisabled();
  });

  it('shows a crypto payout in USDT at the bank rate', async () => {
    setup({ wallets: entries({ paymentDetails: 'TQn9…bLSE', paymentDetailsType: 'CRYPTO' }) });
    await userEvent.type(await amount(), '1000');
    await waitFor(() => expect(plain(screen.getByTestId('fee-preview').textContent)).toContain('≈ 22,75 USDT за курсом Monobank 41,75 грн/$'));
  });

  it("shows a rejected request's reason", async () => {
    setup({ mine: [{ ...request, status: 'REJECTED', reason: 'Картку заблоковано', resolvedAt: '2026-11-22T15:00:00.000Z' }] });
    const list = await screen.findByRole('list', { name: 'Мої заявки' });
    expect(within(list).getByText('Відхилено')).toBeInTheDocument();
    expect(within(list).getByText('Причина: Картку заблоковано')).toBeInTheDocument();
  });

  it('sends a student back to the wallet', async () => {
    mockFetch({});
    const { router } = renderRoutes(walletStaffRoutes, '/wallet/withdraw', STUDENT);
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet'));
  });
});
