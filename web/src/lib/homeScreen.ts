import { draftStore, offerHomeScreen } from '../telegram/reach';

/** Telegram storage key: the home-screen shortcut was offered (once is enough, whatever the answer). */
export const HOME_SCREEN_OFFERED = 'homeScreenOffered';

let asked = false;

/**
 * After the user's first successful purchase: Telegram's "add to home screen" prompt, once. The
 * mark lives in Telegram's cloud storage, so a new open or a cleared web view
 * does not ask again; a client without the prompt is not marked, and asks after an update.
 */
export async function offerHomeScreenOnce(): Promise<void> {
  if (asked) return;
  asked = true;
  if (await draftStore.get(HOME_SCREEN_OFFERED)) return;
  if (await offerHomeScreen()) await draftStore.set(HOME_SCREEN_OFFERED, new Date().toISOString());
}

/** Tests: forget this page's "already asked". */
export function resetHomeScreenOffer(): void {
  asked = false;
}
