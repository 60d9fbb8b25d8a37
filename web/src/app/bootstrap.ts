import { isRealTelegram } from '../telegram/launch';
import { initTelegram } from '../telegram/sdk';

export type BootResult = { kind: 'ready'; demo: boolean } | { kind: 'outside-telegram' };

/**
 * Real launch parameters -> the real Telegram client. None -> demo emulation (personas and
 * signed initData from the API's dev endpoints), unless the server has no dev endpoints
 * (production), where the page asks to open the app in Telegram. Throws when the API is down.
 * The emulation is a chunk of its own: a student inside Telegram never downloads it (early.ts
 * preloads it in the demo, so it does not wait for this module either).
 */
export async function boot(): Promise<BootResult> {
  let demo = false;
  if (!isRealTelegram()) {
    const { startDemo } = await import('../telegram/demo');
    const started = await startDemo();
    if (!started.ok) return { kind: 'outside-telegram' };
    demo = true;
  }
  await initTelegram();
  return { kind: 'ready', demo };
}
