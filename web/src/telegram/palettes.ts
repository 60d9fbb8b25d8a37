/**
 * Telegram's own default palettes, used only by the demo emulation (a plain browser has no
 * Telegram to send a theme). The app itself never reads these: it reads --tg-theme-* CSS
 * variables, which the SDK fills from whatever palette Telegram (or the emulation) supplies.
 */
export type DemoTheme = 'light' | 'dark';

type Rgb = `#${string}`;
export type Palette = Record<string, Rgb>;

/** Telegram Desktop / Web "Day" palette. */
const light: Palette = {
  accent_text_color: '#168acd',
  bg_color: '#ffffff',
  bottom_bar_bg_color: '#ffffff',
  button_color: '#3390ec',
  button_text_color: '#ffffff',
  destructive_text_color: '#e53935',
  header_bg_color: '#f4f4f5',
  hint_color: '#8e8e93',
  link_color: '#168acd',
  secondary_bg_color: '#f4f4f5',
  section_bg_color: '#ffffff',
  section_header_text_color: '#6d6d72',
  section_separator_color: '#e7e7ea',
  subtitle_text_color: '#8e8e93',
  text_color: '#000000',
};

/** Telegram Desktop / Web "Night" palette. */
const dark: Palette = {
  accent_text_color: '#6ab2f2',
  bg_color: '#17212b',
  bottom_bar_bg_color: '#17212b',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  destructive_text_color: '#ec3942',
  header_bg_color: '#0e1621',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  secondary_bg_color: '#0e1621',
  section_bg_color: '#17212b',
  section_header_text_color: '#6ab3f3',
  section_separator_color: '#0b1219',
  subtitle_text_color: '#708499',
  text_color: '#f5f5f5',
};

export const PALETTES: Record<DemoTheme, Palette> = { light, dark };
