import { openTelegramLink, shareUrl } from '../../telegram/sdk';

export const SHARE_TEXT = 'Готові лабораторні, курсові й тести — у Залік. Приєднуйся за моїм посиланням!';

/**
 * Telegram's own share sheet where the client has it (Bot API 7.x+), otherwise t.me/share,
 * which Telegram opens as its "forward to" picker.
 */
export function shareInviteLink(link: string): void {
  if (shareUrl(link, SHARE_TEXT)) return;
  openTelegramLink(`https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(SHARE_TEXT)}`);
}
