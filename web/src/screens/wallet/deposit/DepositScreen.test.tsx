import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MIN_TOPUP_UAH, MSG } from '@zalik/contract';
import * as sdk from '../../../../test/sdk-mock';
import { json, mockFetch, renderRoutes, STUDENT, preloadLazy } from '../../../../test/harness';
import { walletRoutes } from '../routes';

vi.mock('../../../telegram/sdk', () => import('../../../../test/sdk-mock'));

const JAR = 'https://send.monobank.ua/jar/demo';

beforeEach(() => vi.clearAllMocks());

// The screens are lazy chunks: load them once, so each test renders at once.
beforeAll(() => preloadLazy(walletRoutes));

describe('/wallet/deposit', () => {
  it('explains the card top-up and opens the jar link through Telegram', async () => {
    const { calls } = mockFetch({ 'GET /api/v1/wallets/jar': () => json({ link: JAR, minAmount: MIN_TOPUP_UAH }) });
    renderRoutes(walletRoutes, '/wallet/deposit', STUDENT);

    expect(screen.getByText('Visa / Mastercard')).toBeInTheDocument();
    expect(screen.getByText(/Мінімальна сума поповнення — 100 грн/)).toBeInTheDocument();
    expect(screen.getByText(/лише картки в гривнях/)).toBeInTheDocument();
    expect(screen.getByText('@student_demo')).toBeInTheDocument();
    expect(screen.getByText(/після того|щойно платіж буде підтверджено/)).toBeInTheDocument();

    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/wallets/jar')).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Перейти до оплати' }));
    await waitFor(() => expect(sdk.openLink).toHaveBeenCalledWith(JAR));
  });

  it('asks for a Telegram username first and opens nothing without one', async () => {
    mockFetch({ 'GET /api/v1/wallets/jar': () => json({ link: JAR, minAmount: MIN_TOPUP_UAH }) });
    renderRoutes(walletRoutes, '/wallet/deposit', { ...STUDENT, username: '' });

    await userEvent.click(screen.getByRole('button', { name: 'Перейти до оплати' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.usernameRequired);
    expect(sdk.openLink).not.toHaveBeenCalled();
  });

  it("shows the server's message when the link cannot be had", async () => {
    mockFetch({ 'GET /api/v1/wallets/jar': () => json({ message: 'Поповнення тимчасово недоступне.' }, 400) });
    renderRoutes(walletRoutes, '/wallet/deposit', STUDENT);

    await userEvent.click(screen.getByRole('button', { name: 'Перейти до оплати' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Поповнення тимчасово недоступне.');
    expect(sdk.openLink).not.toHaveBeenCalled();
  });
});
