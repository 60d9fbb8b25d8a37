import { WORDS, pluralForm } from '@zalik/contract';

/**
 * The server's ORDER_DEADLINE_HOURS by default (api/src/config.ts), the product's promise to
 * answer within a day: a manual task without its own deadline gets it. The result screen shows
 * the order's exact deadline, which the server sets.
 */
export const DEFAULT_DEADLINE_HOURS = 24;

/** A task's deadline in words: '30 хвилин', '24 години', '3 дні'. */
export function durationText(hours: number): string {
  if (hours < 1) {
    const m = Math.max(1, Math.round(hours * 60));
    return `${m} ${pluralForm(m, WORDS.minute)}`;
  }
  if (hours >= 48 && hours % 24 === 0) {
    const d = hours / 24;
    return `${d} ${pluralForm(d, WORDS.day)}`;
  }
  const h = Math.round(hours * 10) / 10;
  return `${Number.isInteger(h) ? h : h.toLocaleString('uk-UA')} ${pluralForm(h, WORDS.hour)}`;
}
