import { KYIV_TIME_ZONE } from '@zalik/contract';

/*
 * A `datetime-local` field holds a wall time without a zone; admins mean Kyiv time whatever
 * their device says (the app shows every time in Kyiv time). These two convert between that
 * wall time ('2026-09-01T09:30') and an instant, with Intl alone (no date library in the
 * admin forms' chunk for two functions).
 */

const parts = (instant: number): Record<string, number> => {
  const fmt = new Intl.DateTimeFormat('en-US', {
    timeZone: KYIV_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const out: Record<string, number> = {};
  for (const p of fmt.formatToParts(new Date(instant))) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out;
};

/** How far Kyiv's clock is ahead of UTC at `instant`, in ms. */
const offsetAt = (instant: number): number => {
  const p = parts(instant);
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - Math.floor(instant / 1000) * 1000;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as Kyiv wall time for a `datetime-local` value; '' for null or a bad value. */
export function toKyivLocal(iso: string | null | undefined): string {
  const t = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(t)) return '';
  const p = parts(t);
  return `${p.year}-${pad(p.month!)}-${pad(p.day!)}T${pad(p.hour!)}:${pad(p.minute!)}`;
}

/**
 * A `datetime-local` value read as Kyiv wall time, as an ISO instant; null when empty or not a
 * time. In the hour the clocks go back the earlier instant is taken; a time skipped when they
 * go forward moves on by the hour that does not exist.
 */
export function fromKyivLocal(local: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local.trim());
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(wall)) return null;
  // The offset at the guessed instant, then at the corrected one (they differ only near a change).
  let instant = wall - offsetAt(wall);
  instant = wall - offsetAt(instant);
  return new Date(instant).toISOString();
}

const kyivDate = new Intl.DateTimeFormat('en-CA', { timeZone: KYIV_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
/**
 * The Kyiv calendar day of a moment as `YYYY-MM-DD`, today's by default: the end of a span of
 * days (exports, the audit list), a chat's date separators.
 */
export const kyivDay = (at: string | number | Date = Date.now()): string => kyivDate.format(new Date(at));
