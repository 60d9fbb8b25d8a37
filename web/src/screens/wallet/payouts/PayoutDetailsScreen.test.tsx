import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, type WalletEntry } from '@zalik/contract';
import { DEVELOPER, json, mockFetch, renderRoutes } from '../../../../test/harness';
import { walletStaffRoutes } from '../staffRoutes';

vi.mock('../../../telegram/sdk', () => import('../../../../test/sdk-mock'));

const rules = { minAmount: 1000, feePercent: 5, cryptoNetwork: 'USDT-TRC20', cryptoNetworkLabel: 'USDT (TRC-20)', timeoutHours: 24 };
const dev: WalletEntry = { id: '12', walletType: 'DEVELOPER', balance: 0, paymentDetails: null, paymentDetailsType: null };

function setup() {
  const { calls } = mockFetch({
    'GET /api/v1/wallets/100002': () => json([dev]),
    'GET /api/v1/wallets/payout-rules': () => json(rules),
    'GET /api/v1/wallets/withdrawals/my': () => json([]),
    'PATCH /api/v1/wallets/payment_details': () => json({ ...dev, paymentDetails: '•••• 1111', paymentDetailsType: 'BANK_CARD' }),
  });
  const r = renderRoutes(walletStaffRoutes, '/wallet/withdraw/details', DEVELOPER);
  return { calls, ...r };
}
const save = () => screen.getByRole('button', { name: 'Зберегти дані для виплат' });

beforeEach(() => vi.clearAllMocks());

describe('/wallet/withdraw/details', () => {
  it('checks a card as it is typed and saves the digits', async () => {
    const { calls, router } = setup();
    const field = await screen.findByLabelText('Номер картки');
    await userEvent.type(field, '4111111111111112');
    expect(field).toHaveValue('4111 1111 1111 1112');
    expect(screen.getByText(MSG.cardInvalid)).toBeInTheDocument();
    expect(save()).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, '4111 1111 1111 1111');
    expect(screen.queryByText(MSG.cardInvalid)).toBeNull();
    await userEvent.click(save());
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ walletId: '12', paymentDetails: '4111111111111111', paymentDetailsType: 'BANK_CARD' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet/withdraw'));
  });

  it('checks a USDT TRC-20 address once it is long enough', async () => {
    setup();
    await userEvent.click(await screen.findByRole('tab', { name: 'Криптогаманець' }));
    const field = screen.getByLabelText('Адреса USDT (TRC-20)');
    await userEvent.type(field, 'XQn9Y2khEsLJW1ChVWFMSM');
    expect(screen.queryByText(MSG.cryptoAddressInvalid('USDT (TRC-20)'))).toBeNull();
    await userEvent.type(field, 'eRDow5KcbLSE');
    expect(screen.getByText(MSG.cryptoAddressInvalid('USDT (TRC-20)'))).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
    expect(save()).toBeEnabled();
  });
});
