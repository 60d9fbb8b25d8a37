import { format } from 'date-fns';
import { uk } from 'date-fns/locale';
import { TZDate } from '@date-fns/tz';
import { DATE_FORMAT, KYIV_TIME_ZONE } from '@zalik/contract';

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
