import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, formatUah, type DepositOptions, type DepositRequest, type Wallet } from '@zalik/contract';
import * as sdk from '../../../../test/sdk-mock';
import { json, mockFetch, preloadLazy, renderRoutes, STUDENT, type Handler } from '../../../../test/harness';
import { walletRoutes } from '../routes';

vi.mock('../../../telegram/sdk', () => import('../../../../test/sdk-mock'));
vi.mock('../../../telegram/invoice', () => import('../../../../test/sdk-mock'));

const JAR = 'https://send.monobank.ua/jar/zalik';
const OPTIONS: DepositOptions = {
  minAmount: 100,
  maxAmount: 2500,
  presets: [100, 250, 500],
  stars: { available: true, kopecksPerStar: 50, feePercent: 10 },
  monobank: { available: true, automatic: true, jarLink: JAR },
};

const request = (over: Partial<DepositRequest> = {}): DepositRequest => ({
  id: '41',
  paymentLink: 'https://t.me/$zalikDemo41',
  provider: 'TELEGRAM_STARS',
  amount: 250,
  stars: 550,
  status: 'PENDING',
  credited: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  expiresAt: '2026-11-24T11:00:00.000Z',
  paidAt: null,
  user: { telegramId: '100001', username: 'student_demo' },
  ...over,
});
const paid = (r: DepositRequest): DepositRequest => ({ ...r, status: 'PAID', credited: r.amount, paidAt: '2026-11-24T10:01:00.000Z' });
const general = (balance: number): Wallet[] => [{ name: 'Загальний гаманець', balance, kind: 'general' }];
/** formatUah's no-break spaces, as any whitespace. */
const uah = (n: number) => new RegExp(formatUah(n).replace(/\s/g, '\\s'));

/** The wallet under the sheet, the options, and the deposit routes of a test. */
function api(extra: Record<string, Handler>, balance: () => number = () => 1500) {
  return mockFetch({
    'GET /api/v1/wallets/user/100001': () => json(general(balance())),
    'GET /api/v1/transactions/history/user/100001': () => json([]),
    'GET /api/v1/transactions/request/deposit/options': () => json(OPTIONS),
    ...extra,
  });
}

/** The sheet once its options (and the request it follows) have loaded. */
async function sheet() {
  const dialog = await screen.findByRole('dialog', { name: 'Поповнення гаманця' });
  await waitFor(() => expect(dialog.querySelector('[aria-busy="true"]')).toBeNull());
  return within(dialog);
}

beforeEach(() => {
  vi.clearAllMocks();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());
beforeAll(() => preloadLazy(walletRoutes));

describe('the top-up sheet (/wallet/deposit)', () => {
  it('opens over the wallet from its top-up button and closes back to it', async () => {
    api({});
    const { router } = renderRoutes(walletRoutes, '/wallet', STUDENT);
    await userEvent.click(await screen.findByRole('button', { name: /Поповнити/ }));
    const s = await sheet();
    expect(router.state.location.pathname).toBe('/wallet/deposit');
    expect(screen.getByTestId('balance')).toHaveTextContent(uah(1500));
    await userEvent.click(s.getByRole('button', { name: 'Закрити' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the Stars price with its fee for the chosen amount, and checks another amount as the API does', async () => {
    const { calls } = api({});
    renderRoutes(walletRoutes, '/wallet/deposit', STUDENT);
    const s = await sheet();

    expect(s.getByRole('radio', { name: uah(250), checked: true })).toBeInTheDocument();
    expect(s.getByRole('radio', { name: /Telegram Stars/, checked: true })).toHaveTextContent('550 ⭐ (з комісією 10 %)');
    await userEvent.click(s.getByRole('radio', { name: uah(500) }));
    expect(s.getByRole('radio', { name: /Telegram Stars/ })).toHaveTextContent('1100 ⭐ (з комісією 10 %)');
    expect(s.getByRole('radio', { name: /Банківська картка/ })).toHaveTextContent('без комісії');

    await userEvent.click(s.getByRole('radio', { name: 'Інша' }));
    const field = s.getByLabelText('Інша сума, грн');
    await userEvent.type(field, '99');
    await userEvent.click(s.getByRole('button', { name: 'Оплатити' }));
    expect(s.getByRole('alert')).toHaveTextContent(MSG.depositTooSmall(100));
    for (const [typed, message] of [
      ['2500,01', MSG.amountTooLarge(2500)],
      ['120.555', MSG.amountInvalid],
      ['сто', MSG.amountInvalid],
    ] as const) {
      await userEvent.clear(field);
      await userEvent.type(field, typed);
      expect(s.getByRole('alert')).toHaveTextContent(message);
    }
    await userEvent.clear(field);
    await userEvent.type(field, '120');
    expect(s.queryByRole('alert')).toBeNull();
    expect(s.getByRole('radio', { name: /Telegram Stars/ })).toHaveTextContent('264 ⭐ (з комісією 10 %)');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("shows the API's own message when it refuses the top-up", async () => {
    api({ 'POST /api/v1/transactions/request/deposit': () => json({ message: MSG.depositTooManyOpen(5) }, 409) });
    renderRoutes(walletRoutes, '/wallet/deposit', STUDENT);
    const s = await sheet();
    await userEvent.click(s.getByRole('button', { name: 'Оплатити' }));
    expect(await screen.findByText(MSG.depositTooManyOpen(5))).toBeInTheDocument();
    expect(sdk.openInvoice).not.toHaveBeenCalled();
  });

  it("Stars: opens the invoice, waits for the server past the client's 'paid', then shows the new balance", async () => {
    let closeInvoice: (s: 'paid') => void = () => {};
    sdk.openInvoice.mockImplementation(() => new Promise((resolve) => (closeInvoice = resolve)));
    let credited = false;
    const { bodies } = api(
      {
        'POST /api/v1/transactions/request/deposit': () => json(request()),
        'GET /api/v1/transactions/request/deposit/41': () => json(credited ? paid(request()) : request()),
      },
      () => (credited ? 1750 : 1500),
    );
    const { router } = renderRoutes(walletRoutes, '/wallet/deposit', STUDENT);
    const s = await sheet();

    await userEvent.click(s.getByRole('button', { name: 'Оплатити' }));
    expect(await s.findByText('Оплатіть рахунок у Telegram')).toBeInTheDocument();
    expect(bodies('POST', '/api/v1/transactions/request/deposit')).toEqual([{ amount: 250, provider: 'TELEGRAM_STARS' }]);
    expect(sdk.openInvoice).toHaveBeenCalledWith('https://t.me/$zalikDemo41');
    expect(router.state.location.search).toBe('?request=41');

    // Telegram's word is not the money: the sheet keeps waiting for the server.
    closeInvoice('paid');
    expect(await s.findByText('Зараховуємо оплату…')).toBeInTheDocument();
    expect(s.queryByText('Гаманець поповнено')).toBeNull();
    expect(sdk.haptic.notification).not.toHaveBeenCalledWith('success');

    credited = true;
    expect(await s.findByText('Гаманець поповнено', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(s.getByText(`+${formatUah(250)}`)).toBeInTheDocument();
    expect(await s.findByTestId('topup-balance')).toHaveTextContent(uah(1750));
    expect(screen.getByTestId('balance')).toHaveTextContent(uah(1750));
    expect(sdk.haptic.notification).toHaveBeenCalledWith('success');

    await userEvent.click(s.getByRole('button', { name: 'Готово' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet'));
  });

  it('an expired request says so and starts again from the amounts', async () => {
    api({ 'GET /api/v1/transactions/request/deposit/41': () => json(request({ status: 'EXPIRED' })) });
    const { router } = renderRoutes(walletRoutes, '/wallet/deposit?request=41', STUDENT);
    const s = await sheet();
    expect(await s.findByText('Час на оплату минув')).toBeInTheDocument();
    expect(s.getByText(/зірки не списано/)).toBeInTheDocument();

    await userEvent.click(s.getByRole('button', { name: 'Спробувати ще раз' }));
    expect(await s.findByRole('radio', { name: /Telegram Stars/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('a closed invoice can be opened again while the request waits', async () => {
    sdk.openInvoice.mockResolvedValue('cancelled');
    api({ 'GET /api/v1/transactions/request/deposit/41': () => json(request()) });
    renderRoutes(walletRoutes, '/wallet/deposit?request=41', STUDENT);
    const s = await sheet();
    await userEvent.click(await s.findByRole('button', { name: 'Відкрити рахунок' }));
    expect(await s.findByText('Оплату не завершено')).toBeInTheDocument();
    expect(sdk.openInvoice).toHaveBeenCalledWith('https://t.me/$zalikDemo41');
  });

  it('card: shows the code to copy into the comment and opens the jar', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const card = request({ provider: 'MONOBANK', stars: undefined, comment: 'ZLK-7F3K2', amount: 100, paymentLink: `${JAR}?a=100&t=ZLK-7F3K2` });
    const { bodies } = api({
      'POST /api/v1/transactions/request/deposit': () => json(card),
      'GET /api/v1/transactions/request/deposit/41': () => json(card),
    });
    renderRoutes(walletRoutes, '/wallet/deposit', STUDENT);
    const s = await sheet();

    await userEvent.click(s.getByRole('radio', { name: uah(100) }));
    await userEvent.click(s.getByRole('radio', { name: /Банківська картка/ }));
    await userEvent.click(s.getByRole('button', { name: 'Оплатити' }));
    expect(await s.findByTestId('deposit-code')).toHaveTextContent('ZLK-7F3K2');
    expect(bodies('POST', '/api/v1/transactions/request/deposit')).toEqual([{ amount: 100, provider: 'MONOBANK' }]);
    expect(s.getByText(/залиште цей код у коментарі/)).toBeInTheDocument();
    expect(s.getByText('Чекаємо на платіж')).toBeInTheDocument();
    expect(sdk.openInvoice).not.toHaveBeenCalled();

    await userEvent.click(s.getByRole('button', { name: 'Копіювати' }));
    expect(writeText).toHaveBeenCalledWith('ZLK-7F3K2');
    expect(await screen.findByText(MSG.depositCodeCopied)).toBeInTheDocument();

    await userEvent.click(s.getByRole('button', { name: 'Перейти до оплати' }));
    expect(sdk.openLink).toHaveBeenCalledWith(`${JAR}?a=100&t=ZLK-7F3K2`);
  });

  it('card: once the bank page was opened the main button waits instead of offering to pay again, also after reopening', async () => {
    const card = request({ provider: 'MONOBANK', stars: undefined, comment: 'ZLK-4SS6W', amount: 100, paymentLink: `${JAR}?a=100&t=ZLK-4SS6W` });
    api({ 'GET /api/v1/transactions/request/deposit/41': () => json(card) });
    const first = renderRoutes(walletRoutes, '/wallet/deposit?request=41', STUDENT);
    let s = await sheet();
    await userEvent.click(await s.findByRole('button', { name: 'Перейти до оплати' }));

    // The waiting state: the code and amount stay, the bank's usual delay, no second pay button.
    expect(s.queryByRole('button', { name: 'Перейти до оплати' })).toBeNull();
    expect(s.getByRole('button', { name: MSG.depositWaiting })).toBeDisabled();
    expect(s.getByTestId('deposit-waiting')).toHaveTextContent(MSG.depositBankDelay);
    expect(s.getByTestId('deposit-code')).toHaveTextContent('ZLK-4SS6W');
    expect(s.getByText(uah(100))).toBeInTheDocument();
    await userEvent.click(s.getByRole('button', { name: MSG.depositOpenBankAgain }));
    expect(sdk.openLink).toHaveBeenCalledTimes(2);
    expect(sdk.openLink).toHaveBeenLastCalledWith(`${JAR}?a=100&t=ZLK-4SS6W`);

    // Closed and opened again (from the wallet's pending list): still waiting.
    first.unmount();
    renderRoutes(walletRoutes, '/wallet/deposit?request=41', STUDENT);
    s = await sheet();
    expect(await s.findByRole('button', { name: MSG.depositWaiting })).toBeDisabled();
    expect(s.queryByRole('button', { name: 'Перейти до оплати' })).toBeNull();
  });

  it('card without the statement reader: says an admin credits it, and does not wait for it', async () => {
    const card = request({ provider: 'MONOBANK', stars: undefined, comment: 'ZLK-7F3K2', paymentLink: JAR });
    const { calls } = mockFetch({
      'GET /api/v1/wallets/user/100001': () => json(general(1500)),
      'GET /api/v1/transactions/history/user/100001': () => json([]),
      'GET /api/v1/transactions/request/deposit/options': () => json({ ...OPTIONS, stars: { ...OPTIONS.stars, available: false }, monobank: { ...OPTIONS.monobank, automatic: false } }),
      'GET /api/v1/transactions/request/deposit/41': () => json(card),
    });
    renderRoutes(walletRoutes, '/wallet/deposit?request=41', STUDENT);
    const s = await sheet();
    expect(await s.findByText(/адміністратор знайде платіж за кодом і зарахує його вручну/)).toBeInTheDocument();
    expect(s.getByTestId('deposit-code')).toHaveTextContent('ZLK-7F3K2');
    expect(s.queryByText('Чекаємо на платіж')).toBeNull();
    expect(calls.filter((c) => c.pathname.endsWith('/deposit/41'))).toHaveLength(1);
  });
});
