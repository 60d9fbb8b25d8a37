import { isRealTelegram, startDemo } from '../telegram/demo';
import { initTelegram } from '../telegram/sdk';

export type BootResult = { kind: 'ready'; demo: boolean } | { kind: 'outside-telegram' };

/**
 * Real launch parameters -> the real Telegram client. None -> demo emulation (personas and
 * signed initData from the API's dev endpoints), unless the server has no dev endpoints
 * (production), where the page asks to open the app in Telegram. Throws when the API is down.
 */
export async function boot(): Promise<BootResult> {
  let demo = false;
  if (!isRealTelegram()) {
    const started = await startDemo();
    if (!started.ok) return { kind: 'outside-telegram' };
    demo = true;
  }
  await initTelegram();
  return { kind: 'ready', demo };
}
