import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, type InviteProgress } from '@zalik/contract';
import { haptic, openTelegramLink, shareUrl } from '../../telegram/sdk';
import { canShareMessage, shareMessage } from '../../telegram/reach';
import { SHARED_TEXT } from '../../lib/shareCard';
import { hideError } from '../../ui';
import { invitationRoutes } from './routes';
import { SHARE_TEXT } from './share';
import { mockFetch, renderRoutes } from '../../../test/harness';

vi.mock('../../telegram/sdk', async (original) => ({
  ...(await original<typeof import('../../telegram/sdk')>()),
  haptic: { impact: vi.fn(), notification: vi.fn(), selection: vi.fn() },
  shareUrl: vi.fn(() => false),
  openTelegramLink: vi.fn(),
}));
vi.mock('../../telegram/reach', async (original) => ({
  ...(await original<typeof import('../../telegram/reach')>()),
  canShareMessage: vi.fn(() => false),
  shareMessage: vi.fn(() => Promise.resolve('sent')),
}));

const LINK = 'https://t.me/zalik_bot/app?startapp=ref_100001';
const PROGRESS: InviteProgress = {
  link: LINK,
  invitedCount: 0,
  qualifiedCount: 0,
  requiredCount: 3,
  minSpend: 100,
  bonus: 100,
  claimed: false,
  isAvailableClaim: false,
};

function stubClipboard(writeText: (text: string) => Promise<void>) {
  const fn = vi.fn(writeText);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: fn }, configurable: true });
  return fn;
}

async function open() {
  mockFetch([{ path: '/api/v1/invites/link', body: PROGRESS }]);
  renderRoutes(invitationRoutes, '/invitation/invite');
  expect(await screen.findByTestId('invite-link')).toHaveTextContent(LINK);
}

beforeEach(() => {
  vi.mocked(haptic.notification).mockClear();
  vi.mocked(shareUrl).mockClear();
  vi.mocked(openTelegramLink).mockClear();
  vi.mocked(shareMessage).mockClear();
  vi.mocked(canShareMessage).mockReturnValue(false);
});
afterEach(() => {
  vi.unstubAllGlobals();
  hideError();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('invite screen', () => {
  it('states the rule, and that refunded purchases take the bonus back', async () => {
    await open();
    expect(screen.getByText('Коли 3 друзі витратять щонайменше по 100 грн, заберіть 100 грн у вкладці «Запрошення».')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Рахуються лише завершені замовлення друзів. Якщо гроші за них повернуть і умову більше не виконано, отриманий бонус спишеться з вашого гаманця, а чого бракує — з наступних поповнень.',
      ),
    ).toBeInTheDocument();
  });

  it('copies the link and says so', async () => {
    const writeText = stubClipboard(() => Promise.resolve());
    await open();
    await userEvent.click(screen.getByRole('button', { name: 'Копіювати' }));
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(await screen.findByRole('status')).toHaveTextContent(MSG.copyOk);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(haptic.notification).toHaveBeenCalledWith('success');
  });

  it('says the copy failed when the clipboard refuses and no fallback works', async () => {
    stubClipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    document.execCommand = vi.fn(() => false);
    await open();
    await userEvent.click(screen.getByRole('button', { name: 'Копіювати' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.copyFail);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('falls back to a selected textarea where the Clipboard API is missing', async () => {
    document.execCommand = vi.fn(() => true);
    await open();
    await userEvent.click(screen.getByRole('button', { name: 'Копіювати' }));
    expect(document.execCommand).toHaveBeenCalledWith('copy');
    expect(await screen.findByRole('status')).toHaveTextContent(MSG.copyOk);
  });

  it("shares through Telegram's share sheet, or t.me/share where the client has none", async () => {
    await open();
    await userEvent.click(screen.getByRole('button', { name: 'Поділитися' }));
    expect(shareUrl).toHaveBeenCalledWith(LINK, SHARE_TEXT);
    expect(openTelegramLink).toHaveBeenCalledWith(`https://t.me/share/url?url=${encodeURIComponent(LINK)}&text=${encodeURIComponent(SHARE_TEXT)}`);

    vi.mocked(shareUrl).mockReturnValueOnce(true);
    vi.mocked(openTelegramLink).mockClear();
    await userEvent.click(screen.getByRole('button', { name: 'Поділитися' }));
    expect(openTelegramLink).not.toHaveBeenCalled();
  });

  it("sends the bot's prepared card through Telegram's share dialog where the client has it", async () => {
    vi.mocked(canShareMessage).mockReturnValue(true);
    await open();
    const fetched = mockFetch([
      { path: '/api/v1/invites/link', body: PROGRESS },
      { method: 'POST', path: '/api/v1/invites/share', body: { id: 'prep42', expiresAt: '2026-11-29T00:00:00.000Z' } },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Поділитися' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SHARED_TEXT);
    expect(fetched.endpoints()).toContain('POST /api/v1/invites/share');
    expect(shareMessage).toHaveBeenCalledWith('prep42');
    expect(shareUrl).not.toHaveBeenCalled();
    expect(haptic.notification).toHaveBeenCalledWith('success');
  });

  it('falls back to the link when the server could not prepare the card, or the dialog failed', async () => {
    vi.mocked(canShareMessage).mockReturnValue(true);
    await open();
    mockFetch([
      { path: '/api/v1/invites/link', body: PROGRESS },
      { method: 'POST', path: '/api/v1/invites/share', status: 503, body: { message: MSG.shareUnavailable } },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Поділитися' }));
    await vi.waitFor(() => expect(openTelegramLink).toHaveBeenCalledTimes(1));
    expect(shareMessage).not.toHaveBeenCalled();

    mockFetch([
      { path: '/api/v1/invites/link', body: PROGRESS },
      { method: 'POST', path: '/api/v1/invites/share', body: { id: 'prep43', expiresAt: '2026-11-29T00:00:00.000Z' } },
    ]);
    vi.mocked(shareMessage).mockResolvedValueOnce('failed');
    await userEvent.click(screen.getByRole('button', { name: 'Поділитися' }));
    await vi.waitFor(() => expect(openTelegramLink).toHaveBeenCalledTimes(2));
    expect(shareMessage).toHaveBeenCalledWith('prep43');
  });
});
