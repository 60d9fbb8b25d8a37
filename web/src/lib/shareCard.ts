import type { PreparedShare } from '@zalik/contract';
import { canShareMessage, shareMessage } from '../telegram/reach';
import { haptic, openTelegramLink, shareUrl } from '../telegram/sdk';

/** The toast after Telegram sent a card. */
export const SHARED_TEXT = 'Надіслано.';

/** What became of a share: Telegram sent the card, the user closed its dialog, or the plain link was offered instead. */
export type ShareOutcome = 'sent' | 'declined' | 'link';

/**
 * Telegram's own share sheet for a link where the client has it, otherwise t.me/share, which
 * Telegram opens as its "forward to" picker.
 */
export function shareLink(link: string, text: string): void {
  if (shareUrl(link, text)) return;
  openTelegramLink(`https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(text)}`);
}

/**
 * Shares a card the bot prepared (`prepare` asks the API) through Telegram's share dialog. A
 * client without the dialog (older than Mini Apps 8.0), an API or Telegram failure, or a card
 * the dialog could not show: the plain link instead, as before cards existed.
 */
export async function shareCard(prepare: () => Promise<PreparedShare>, fallback: () => Promise<{ link: string; text: string }>): Promise<ShareOutcome> {
  if (canShareMessage()) {
    let outcome: 'sent' | 'declined' | 'failed' = 'failed';
    try {
      outcome = await shareMessage((await prepare()).id);
    } catch {
      // The API refused (503: Telegram did not keep the card; 429): the link still works.
    }
    if (outcome === 'sent') haptic.notification('success');
    if (outcome !== 'failed') return outcome;
  }
  const { link, text } = await fallback();
  shareLink(link, text);
  return 'link';
}
