import { format } from 'date-fns';
import { uk } from 'date-fns/locale';
import { TZDate } from '@date-fns/tz';
import { DATE_FORMAT, KYIV_TIME_ZONE } from '@zalik/contract';
import { kyivDay } from './kyivTime';

/**
 * Dates appear only on screens loaded on demand (history, wallet, dev panel...), so date-fns
 * never reaches the first screen's bundle (check:bundle fails if it does).
 *
 * The one date formatter: an ISO time shown in Kyiv time, 'd MMMM, HH:mm, y' in Ukrainian
 * (e.g. '22 листопада, 15:33, 2026'), whatever the device's own zone. '' for a bad value.
 */
export function formatDate(iso: string | number | Date | null | undefined): string {
  if (iso === null || iso === undefined || iso === '') return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return format(new TZDate(d, KYIV_TIME_ZONE), DATE_FORMAT, { locale: uk });
}

/** A month and year in the genitive, after 'з': 'листопада 2026' (Kyiv time). '' for a bad value. */
export function formatMonthYear(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return format(new TZDate(d, KYIV_TIME_ZONE), 'MMMM y', { locale: uk });
}

const kyiv = (iso: string | number | Date) => new TZDate(new Date(iso), KYIV_TIME_ZONE);

/** A chat's date separator: 'Сьогодні', 'Вчора', '22 листопада', or '22 листопада 2025' for another year. */
export function dayLabel(iso: string | number | Date, now: number = Date.now()): string {
  const day = kyivDay(iso);
  if (day === kyivDay(now)) return 'Сьогодні';
  if (day === kyivDay(now - 86_400_000)) return 'Вчора';
  const d = kyiv(iso);
  return format(d, d.getFullYear() === kyiv(now).getFullYear() ? 'd MMMM' : 'd MMMM y', { locale: uk });
}

/** The time of a chat message in Kyiv: '15:33'. */
export function formatTime(iso: string | number | Date): string {
  return format(kyiv(iso), 'HH:mm');
}
