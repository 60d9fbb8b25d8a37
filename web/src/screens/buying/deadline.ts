/**
 * The server's ORDER_DEADLINE_HOURS by default (api/src/config.ts), the product's promise to
 * answer within a day: a manual task without its own deadline gets it. The result screen shows
 * the order's exact deadline, which the server sets.
 */
export const DEFAULT_DEADLINE_HOURS = 24;

/** Ukrainian plural: 1 година, 2 години, 5 годин (21 година, 11 годин). */
function plural(n: number, one: string, few: string, many: string): string {
  const ten = n % 10;
  const hundred = n % 100;
  if (ten === 1 && hundred !== 11) return one;
  if (ten >= 2 && ten <= 4 && (hundred < 12 || hundred > 14)) return few;
  return many;
}

/** A task's deadline in words: '30 хвилин', '24 години', '3 дні'. */
export function durationText(hours: number): string {
  if (hours < 1) {
    const m = Math.max(1, Math.round(hours * 60));
    return `${m} ${plural(m, 'хвилина', 'хвилини', 'хвилин')}`;
  }
  if (hours >= 48 && hours % 24 === 0) {
    const d = hours / 24;
    return `${d} ${plural(d, 'день', 'дні', 'днів')}`;
  }
  const h = Math.round(hours * 10) / 10;
  if (!Number.isInteger(h)) return `${h.toLocaleString('uk-UA')} години`;
  return `${h} ${plural(h, 'година', 'години', 'годин')}`;
}
