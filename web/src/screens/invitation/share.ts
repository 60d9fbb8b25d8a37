import { endpoints as ep } from '@zalik/contract';
import { call } from '../../api/client';
import { shareCard, type ShareOutcome } from '../../lib/shareCard';

export const SHARE_TEXT = 'Готові лабораторні, курсові й тести — у Заліку. Приєднуйся за моїм посиланням!';

/** The invite as the bot's card (its button opens the app with my referral), else the bare link. */
export function shareInviteLink(link: string): Promise<ShareOutcome> {
  return shareCard(
    () => call(ep.shareInvite, {}),
    async () => ({ link, text: SHARE_TEXT }),
  );
}
