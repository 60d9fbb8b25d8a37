import { formatUah, KYIV_TIME_ZONE } from '@zalik/contract';

/** Whole numbers with Ukrainian grouping: 12 500. */
export const formatCount = (n: number) => n.toLocaleString('uk-UA', { maximumFractionDigits: 1 });
export { formatUah };

/** A wait: `45 с`, `12 хв`, `3 год`. */
export const formatSeconds = (s: number) => (s < 60 ? `${s} с` : s < 3600 ? `${Math.floor(s / 60)} хв` : `${Math.floor(s / 3600)} год`);

/** Axis labels: 12,5 тис. */
const compact = new Intl.NumberFormat('uk-UA', { notation: 'compact', maximumFractionDigits: 1 });
export const formatCompact = (n: number) => compact.format(n);

const dayMonth = new Intl.DateTimeFormat('uk-UA', { day: 'numeric', month: 'short', timeZone: 'UTC' });
/** A chart day `2026-11-25` as `25 лист.` (the date is already a Kyiv date: no zone shift). */
export const formatDay = (date: string) => dayMonth.format(new Date(`${date}T00:00:00Z`));

const moment = new Intl.DateTimeFormat('uk-UA', { timeZone: KYIV_TIME_ZONE, day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
/** A span's bound as the period line shows it: `18 лист., 00:00`. */
export const formatMoment = (iso: string) => moment.format(new Date(iso));

export interface Change {
  /** 'up' or 'down' against the previous period, or 'flat'. */
  direction: 'up' | 'down' | 'flat';
  /** What the card prints: `12 %`, or the difference itself when there was nothing before. */
  text: string;
}

export function changeOf(value: number, previous: number, format: (n: number) => string): Change {
  const delta = Math.round((value - previous) * 100) / 100;
  if (delta === 0) return { direction: 'flat', text: 'без змін' };
  const direction = delta > 0 ? 'up' : 'down';
  if (previous === 0) return { direction, text: `${delta > 0 ? '+' : '−'}${format(Math.abs(delta))}` };
  return { direction, text: `${Math.round(Math.abs(delta / previous) * 100)} %` };
}
