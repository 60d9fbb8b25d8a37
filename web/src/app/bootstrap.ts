import { isRealTelegram } from '../telegram/launch';
import { initTelegram } from '../telegram/sdk';
import { launchSignIn } from './session';

export type BootResult = { kind: 'ready'; demo: boolean } | { kind: 'outside-telegram' };

/**
 * The Telegram start: an entry of its own (build/first-screen.ts), so it runs as soon as its chunk
 * is here, while the app's much bigger chunk still downloads; src/main.tsx waits for it.
 * Real launch parameters -> the real Telegram client. None -> demo emulation (personas and
 * signed initData from the API's dev endpoints), unless the server has no dev endpoints
 * (production), where the page asks to open the app in Telegram. Throws when the API is down.
 * The emulation is a chunk of its own: a student inside Telegram never downloads it (early.ts
 * preloads it in the demo, so it does not wait for this module either).
 */
export async function boot(): Promise<BootResult> {
  // Milestones for `npm run bench:web` (BENCH_TRACE=1) and the browser's performance panel.
  performance.mark('zalik:boot');
  let demo = false;
  if (!isRealTelegram()) {
    const { startDemo } = await import('../telegram/demo');
    const started = await startDemo();
    if (!started.ok) return { kind: 'outside-telegram' };
    demo = true;
  }
  await initTelegram();
  performance.mark('zalik:telegram-ready');
  // initData is known from here on: the sign-in goes now, before React renders (session.ts).
  // Its errors are the AuthGate's to show.
  launchSignIn().catch(() => undefined);
  return { kind: 'ready', demo };
}

/**
 * When the page holds the server's list (app/firstScreen.ts; the id is early.ts's), the start
 * waits for that list's first paint: on a reopen this chunk comes from the cache at once and
 * would otherwise hold the main thread before the browser paints what it already has.
 */
function afterFirstPaint(): Promise<void> {
  if (!document.getElementById('zalik-first-screen')) return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** Started once, by whichever loads first: this entry's own script, or the app importing it. */
export const booting: Promise<BootResult> = afterFirstPaint().then(boot);
// main.tsx shows a failure; until its chunk is here, a rejection is not "unhandled".
booting.catch(() => undefined);
