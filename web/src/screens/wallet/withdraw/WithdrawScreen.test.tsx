import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, type Wallet, type Withdrawal } from '@zalik/contract';
import { DEVELOPER, json, mockFetch, renderRoutes, STUDENT } from '../../../../test/harness';
import { walletStaffRoutes } from '../staffRoutes';

vi.mock('../../../telegram/sdk', () => import('../../../../test/sdk-mock'));

const wallets: Wallet[] = [
  { name: 'Загальний гаманець', balance: 0, kind: 'general' },
  { name: 'Dev гаманець', balance: 950, kind: 'dev', pending: 0 },
];
const request: Withdrawal = {
  id: '4',
  user: { telegramId: '100002', username: 'dev_demo' },
  cardNumber: '•••• 1111',
  cardLast4: '1111',
  amount: 250,
  fee: 12.5,
  payout: 237.5,
  status: 'PENDING',
  createdAt: '2026-11-22T13:33:00.000Z',
  resolvedAt: null,
};
const plain = (s: string | null) => (s ?? '').replace(/\s/g, ' ');

function setup(mine: Withdrawal[] = []) {
  const { calls } = mockFetch({
    'GET /api/v1/wallets/user/100002': () => json(wallets),
    'GET /api/v1/wallets/withdrawals/my': () => json(mine),
    'PATCH /api/v1/wallets/withdraw': () => json(request),
  });
  renderRoutes(walletStaffRoutes, '/wallet/withdraw', DEVELOPER);
  return calls;
}

const card = () => screen.findByLabelText('Номер картки');
const amount = () => screen.getByLabelText('Сума, грн');
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Вивести' }));
const banner = () => screen.findByRole('alert');

beforeEach(() => vi.clearAllMocks());

describe('/wallet/withdraw', () => {
  it('refuses empty fields with the spec message and sends nothing', async () => {
    const calls = setup();
    await card();
    await submit();
    expect(await banner()).toHaveTextContent(MSG.withdrawEmpty);
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('refuses a zero amount with the same message', async () => {
    const calls = setup();
    await userEvent.type(await card(), '4111 1111 1111 1111');
    await userEvent.type(amount(), '0,00');
    await submit();
    expect(await banner()).toHaveTextContent(MSG.withdrawEmpty);
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('refuses a card number that fails the Luhn check', async () => {
    const calls = setup();
    await userEvent.type(await card(), '4111 1111 1111 1112');
    await userEvent.type(amount(), '100');
    await submit();
    expect(await banner()).toHaveTextContent(MSG.cardInvalid);
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('shows the 5 % fee and what reaches the card as the amount is typed', async () => {
    setup();
    await card();
    const preview = screen.getByTestId('fee-preview');
    expect(plain(preview.textContent)).toBe('Комісія 5 %—На картку надійде—');
    await userEvent.type(amount(), '250');
    expect(plain(preview.textContent)).toContain('Комісія 5 %12,50 грн');
    expect(plain(preview.textContent)).toContain('На картку надійде237,50 грн');
    await userEvent.clear(amount());
    await userEvent.type(amount(), '10,01');
    expect(plain(preview.textContent)).toContain('На картку надійде9,51 грн');
  });

  it('sends the stripped card and the amount once, confirms, and lists the request', async () => {
    let mine: Withdrawal[] = [];
    const { calls } = mockFetch({
      'GET /api/v1/wallets/user/100002': () => json(wallets),
      'GET /api/v1/wallets/withdrawals/my': () => json(mine),
      'PATCH /api/v1/wallets/withdraw': () => {
        mine = [request];
        return json(request);
      },
    });
    renderRoutes(walletStaffRoutes, '/wallet/withdraw', DEVELOPER);
    expect(await screen.findByText('Заявок на виведення ще немає')).toBeInTheDocument();
    await userEvent.type(await card(), '4111111111111111');
    expect(await card()).toHaveValue('4111 1111 1111 1111');
    await userEvent.type(amount(), '250');
    await submit();

    const status = await screen.findByRole('status');
    expect(plain(status.textContent)).toContain('Заявку на виведення 250 грн створено');
    expect(plain(status.textContent)).toContain('237,50 грн на картку •••• 1111');
    const patch = calls.filter((c) => c.method === 'PATCH');
    expect(patch).toHaveLength(1);
    expect(patch[0]!.body).toEqual({ cardNumber: '4111111111111111', amount: 250 });
    expect(patch[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await card()).toHaveValue('');

    const list = await screen.findByRole('list', { name: 'Мої заявки' });
    await waitFor(() => expect(within(list).getByText('Очікує виплати')).toBeInTheDocument());
  });

  it('says at once when the amount is more than the dev wallet holds, and keeps the button inactive', async () => {
    const calls = setup();
    await userEvent.type(await card(), '4111 1111 1111 1111');
    await screen.findByText('Доступно на гаманці розробника: 950 грн');
    await userEvent.type(amount(), '2000');
    expect(screen.getByRole('alert')).toHaveTextContent(`${MSG.withdrawInsufficient} Доступно: 950 грн`);
    expect(amount()).toHaveAttribute('aria-invalid', 'true');
    expect(plain(screen.getByTestId('fee-preview').textContent)).toContain('На картку надійде—');
    expect(screen.getByRole('button', { name: 'Вивести' })).toBeDisabled();
    await userEvent.type(amount(), '{Enter}');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    await userEvent.clear(amount());
    await userEvent.type(amount(), '900');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Вивести' })).toBeEnabled();
  });

  it('sends a student back to the wallet', async () => {
    mockFetch({ 'GET /api/v1/wallets/user/100001': () => json(wallets.slice(0, 1)) });
    const { router } = renderRoutes(walletStaffRoutes, '/wallet/withdraw', STUDENT);
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet'));
  });
});
