import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, type InviteProgress } from '@zalik/contract';
import { haptic, openTelegramLink, shareUrl } from '../../telegram/sdk';
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
});
