import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, type Invite, type InviteProgress } from '@zalik/contract';
import { haptic } from '../../telegram/sdk';
import { hideError } from '../../ui';
import { invitationRoutes } from './routes';
import { mockFetch, type MockRoute, renderRoutes } from '../../../test/harness';

vi.mock('../../ui/Lottie', () => ({ Lottie: () => null }));
vi.mock('../../telegram/sdk', async (original) => ({
  ...(await original<typeof import('../../telegram/sdk')>()),
  haptic: { impact: vi.fn(), notification: vi.fn(), selection: vi.fn() },
}));

const progress = (over: Partial<InviteProgress> = {}): InviteProgress => ({
  link: 'https://t.me/zalik_bot/app?startapp=ref_100001',
  invitedCount: 3,
  qualifiedCount: 3,
  requiredCount: 3,
  minSpend: 100,
  bonus: 100,
  claimed: false,
  isAvailableClaim: true,
  ...over,
});
const friend = (telegramId: string, username: string, spendBalance: number, photo = ''): Invite => ({
  user: { telegramId, username, photo },
  spendBalance,
});
const FRIENDS = [friend('1', 'olena', 150), friend('2', '', 100), friend('3', 'taras', 40, 'https://t.me/i/userpic/taras.jpg')];

function routes(p: InviteProgress, claimable: boolean, friends: Invite[] = FRIENDS): MockRoute[] {
  return [
    { path: '/api/v1/invites', body: friends },
    { path: '/api/v1/invites/link', body: p },
    { path: '/api/v1/invites/isAvailableClaim', body: claimable },
  ];
}

const bonusButton = () => screen.findByRole('button', { name: /грн/ });

beforeEach(() => vi.mocked(haptic.notification).mockClear());
afterEach(() => {
  vi.unstubAllGlobals();
  hideError();
});

describe('invitation tab', () => {
  it('claims a claimable bonus once: then the button shows 0 грн, is inactive, and the wallet is refreshed', async () => {
    const api = mockFetch(routes(progress(), true));
    api.on({ method: 'PUT', path: '/api/v1/invites/deposit-amount', body: progress({ bonus: 0, claimed: true, isAvailableClaim: false }) });
    const { client } = renderRoutes(invitationRoutes, '/invitation');
    client.setQueryData(['wallet', '100001'], [{ name: 'Загальний гаманець', balance: 0 }]);

    await waitFor(async () => expect(await bonusButton()).toBeEnabled());
    expect(await bonusButton()).toHaveTextContent('Отримати 100 грн');
    expect(screen.getByTestId('qualified')).toHaveTextContent('3 з 3');
    // The spec's rule, and what a refund of the friends' purchases does to the bonus.
    expect(screen.getByText(/Коли 3 з них витратять на завдання щонайменше по/)).toBeInTheDocument();
    expect(screen.getByTestId('bonus-refund-rule')).toHaveTextContent(
      'Рахуються лише завершені замовлення друзів. Якщо гроші за них повернуть і умову більше не виконано, отриманий бонус спишеться з вашого гаманця, а чого бракує — з наступних поповнень.',
    );

    // After a claim the friends list refetch sees the same 3 friends; the button must still say 0.
    api.on({ path: '/api/v1/invites/link', body: progress({ bonus: 0, claimed: true, isAvailableClaim: false }) });
    api.on({ path: '/api/v1/invites/isAvailableClaim', body: false });
    await userEvent.click(await bonusButton());

    await waitFor(async () => expect(await bonusButton()).toHaveTextContent('Бонус отримано · 0 грн'));
    expect(await bonusButton()).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Бонус 100 грн зараховано на загальний гаманець');
    expect(haptic.notification).toHaveBeenCalledWith('success');
    expect(api.lines().filter((l) => l.startsWith('PUT'))).toEqual(['PUT /api/v1/invites/deposit-amount']);
    expect(client.getQueryState(['wallet', '100001'])?.isInvalidated).toBe(true);
  });

  it('keeps the button inactive while the server says the bonus is not claimable', async () => {
    const api = mockFetch(routes(progress({ qualifiedCount: 1, isAvailableClaim: false }), false));
    renderRoutes(invitationRoutes, '/invitation');
    await screen.findByText('1 з 3');
    const button = await bonusButton();
    expect(button).toHaveTextContent('Отримати 100 грн');
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(api.lines().some((l) => l.startsWith('PUT'))).toBe(false);
  });

  it('shows 0 грн on an inactive button once the bonus was claimed', async () => {
    mockFetch(routes(progress({ bonus: 0, claimed: true, isAvailableClaim: false }), false));
    renderRoutes(invitationRoutes, '/invitation');
    await waitFor(async () => expect(await bonusButton()).toHaveTextContent('0 грн'));
    expect(await bonusButton()).toBeDisabled();
    expect(screen.getByText('Бонус уже зараховано на ваш гаманець.')).toBeInTheDocument();
  });

  it('shows the server message when a claim is refused', async () => {
    const api = mockFetch(routes(progress(), true));
    api.on({ method: 'PUT', path: '/api/v1/invites/deposit-amount', status: 400, body: { message: MSG.claimTaken } });
    renderRoutes(invitationRoutes, '/invitation');
    await waitFor(async () => expect(await bonusButton()).toBeEnabled());
    await userEvent.click(await bonusButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.claimTaken);
    expect(haptic.notification).not.toHaveBeenCalledWith('success');
  });

  it('lists invited friends: photo or initials, username or Unknown, what each spent', async () => {
    mockFetch(routes(progress({ invitedCount: 3 }), false));
    renderRoutes(invitationRoutes, '/invitation');
    const section = (await screen.findByText('olena')).closest('section')!;
    const rows = within(section).getAllByText(/грн$/).map((el) => el.textContent);
    expect(rows).toEqual(['150 грн', '100 грн', '40 грн']);
    expect(within(section).getByText('Unknown')).toBeInTheDocument();
    expect(within(section).getByText('Ще 60 грн до умови')).toBeInTheDocument();
    expect(section.querySelector('img')).toHaveAttribute('src', 'https://t.me/i/userpic/taras.jpg');
    expect(within(section).getByText('O')).toBeInTheDocument(); // olena's placeholder
    // Three friends invited: the section says so, and the invite link stays one tap away.
    expect(screen.getByText('Запрошено друзів')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Запросити друга' })).toHaveAttribute('href', '/invitation/invite');
  });

  it("shows 'Рефералів ще немає' and the invite button with no friends yet", async () => {
    mockFetch(routes(progress({ invitedCount: 0, qualifiedCount: 0, isAvailableClaim: false }), false, []));
    renderRoutes(invitationRoutes, '/invitation');
    expect(await screen.findByText(MSG.emptyReferrals)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Запросити друга' })).toHaveAttribute('href', '/invitation/invite');
  });
});
