import { afterEach, describe, expect, it } from 'vitest';
import { PAINT_KEY, paint } from './paint';

const html = document.documentElement;

afterEach(() => {
  html.removeAttribute('style');
  delete html.dataset.theme;
  window.location.hash = '';
});

describe('the first paint (app/paint.ts)', () => {
  it("repaints what the SDK left on <html> last time: the theme's variables, the safe area, the scheme", () => {
    localStorage.setItem(PAINT_KEY, JSON.stringify({ style: '--tg-theme-bg-color: #17212b; --safe-top: 46px; color-scheme: dark;', theme: 'dark' }));
    paint();
    expect(html.style.getPropertyValue('--tg-theme-bg-color')).toBe('#17212b');
    expect(html.style.getPropertyValue('--safe-top')).toBe('46px');
    expect(html.dataset.theme).toBe('dark');
  });

  it("a Telegram launch's theme in the URL wins, with the SDK's variable names and its dark rule", () => {
    localStorage.setItem(PAINT_KEY, JSON.stringify({ style: '--tg-theme-bg-color: #ffffff; --safe-top: 46px;', theme: 'light' }));
    window.location.hash = new URLSearchParams({ tgWebAppThemeParams: JSON.stringify({ bg_color: '#0e1621', secondary_bg_color: '#17212b', text_color: 'red;x' }) }).toString();
    paint();
    expect(html.style.getPropertyValue('--tg-theme-bg-color')).toBe('#0e1621');
    expect(html.style.getPropertyValue('--tg-theme-secondary-bg-color')).toBe('#17212b');
    // Not a colour: not written.
    expect(html.style.getPropertyValue('--tg-theme-text-color')).toBe('');
    expect(html.style.getPropertyValue('--safe-top')).toBe('46px');
    expect(html.dataset.theme).toBe('dark');
    expect(html.style.colorScheme).toBe('dark');
  });

  it('nothing stored and no launch theme: nothing written', () => {
    paint();
    expect(html.getAttribute('style')).toBeNull();
    expect(html.dataset.theme).toBeUndefined();
  });
});
