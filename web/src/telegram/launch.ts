/**
 * Who launched the page, decided before anything else loads: a real Telegram client, or a
 * plain browser (demo mode, whose emulation in demo.ts is a chunk only the demo loads).
 */

/** sessionStorage flag telling a reload of this tab that the launch params were ours (demo.ts). */
export const DEMO_FLAG = 'zalik.demo.active';
/** Where the SDK keeps launch params and component state between reloads. */
export const SDK_STORAGE_PREFIX = 'tapps/';

function urlHasLaunchParams(url: string | undefined): boolean {
  return !!url && /[?#&]tgWebApp(Data|Platform|Version)=/.test(url);
}

/**
 * True when a real Telegram client launched the page: launch params in the URL (or in the
 * original navigation URL), a native webview proxy, or launch params saved by the SDK in this
 * tab that this module did not put there.
 */
export function isRealTelegram(): boolean {
  if (typeof window === 'undefined') return false;
  if (urlHasLaunchParams(window.location.href)) return true;
  const nav = performance.getEntriesByType?.('navigation')[0];
  if (urlHasLaunchParams(nav?.name)) return true;
  const w = window as Window & { TelegramWebviewProxy?: unknown };
  if (w.TelegramWebviewProxy) return true;
  const savedByDemo = sessionStorage.getItem(DEMO_FLAG) === '1';
  return !savedByDemo && sessionStorage.getItem(`${SDK_STORAGE_PREFIX}launchParams`) !== null;
}
