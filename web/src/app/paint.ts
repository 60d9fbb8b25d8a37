/**
 * The first paint's theme and insets, before the body is parsed (part of the inline boot
 * script, app/early.ts): the server's HTML (app/firstScreen.ts) is painted long before the SDK
 * starts, so without this a dark theme would flash light and the content would jump down once
 * the SDK writes the safe area. Two sources:
 * - what telegram/sdk.ts last wrote on `<html>` (the theme and viewport variables, the safe
 *   area, `data-theme`), kept in localStorage: right for a returning user, demo included;
 * - a Telegram launch's own theme, `tgWebAppThemeParams` in the URL's hash, over it.
 * No imports (inline code cannot have any); the key is sdk.ts's, checked equal by early.test.ts.
 */
export const PAINT_KEY = 'zalik.paint';

/** What sdk.ts stores: `<html>`'s style attribute and its data-theme. */
export interface StoredPaint {
  style: string;
  theme?: string;
}

/** The SDK's own rule (isColorDark): a background this dark means the dark scheme. */
function isDark(hex: string): boolean {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  return Math.sqrt(0.299 * r * r + 0.587 * g * g + 0.114 * b * b) < 120;
}

export function paint(): void {
  const html = document.documentElement;
  const stored = JSON.parse(localStorage.getItem(PAINT_KEY) ?? 'null') as StoredPaint | null;
  if (stored && typeof stored.style === 'string') html.style.cssText = stored.style;
  if (stored?.theme === 'dark' || stored?.theme === 'light') html.dataset.theme = stored.theme;

  const raw = new URLSearchParams(window.location.hash.slice(1)).get('tgWebAppThemeParams');
  const params = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  for (const [key, value] of Object.entries(params)) {
    // The SDK's names (themeParams.bindCssVars): bg_color -> --tg-theme-bg-color.
    if (typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value)) html.style.setProperty(`--tg-theme-${key.replace(/_/g, '-')}`, value);
  }
  if (typeof params.bg_color === 'string' && /^#[0-9a-f]{6}$/i.test(params.bg_color)) {
    const scheme = isDark(params.bg_color) ? 'dark' : 'light';
    html.dataset.theme = scheme;
    html.style.colorScheme = scheme;
  }
}
