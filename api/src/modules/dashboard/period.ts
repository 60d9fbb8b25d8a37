import { sql, type SQL } from 'drizzle-orm';
import { KYIV_TIME_ZONE } from '@zalik/contract';
import { row, type Executor } from '../../db/client.js';

/** Business days are Kyiv days, whatever the server's or the database session's time zone. */
export const TZ = KYIV_TIME_ZONE;

/** A timestamptz as an ISO string in UTC with milliseconds, the way the API answers times. */
export const iso = (expr: SQL) => sql`to_char((${expr}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The start of the Kyiv day `days` days before the one `now` falls on. */
const kyivDayStart = (now: SQL, days: number) => sql`(((${now}) AT TIME ZONE ${TZ})::date - ${days}::int)::timestamp AT TIME ZONE ${TZ}`;

/**
 * A period of `days` Kyiv days ending now (today so far included), and the period before it cut
 * at the same time of day: [from, to) against [previousFrom, previousTo). For `today` at 14:05
 * that is today 00:00-14:05 against yesterday 00:00-14:05, so a morning is never compared with
 * a whole day.
 */
export interface Span {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
}

export async function periodSpan(ex: Executor, days: number, now: Date): Promise<Span> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const r = await row<Span>(
    ex,
    sql`SELECT ${iso(kyivDayStart(at, days - 1))} AS "from",
               ${iso(at)} AS "to",
               ${iso(kyivDayStart(at, 2 * days - 1))} AS "previousFrom",
               ${iso(sql`((${at}) AT TIME ZONE ${TZ} - make_interval(days => ${days}::int)) AT TIME ZONE ${TZ}`)} AS "previousTo"`,
  );
  return r!;
}

/** The bounds of a span as SQL values. */
export const bounds = (s: Span) => ({
  from: sql`${s.from}::timestamptz`,
  to: sql`${s.to}::timestamptz`,
  previousFrom: sql`${s.previousFrom}::timestamptz`,
  previousTo: sql`${s.previousTo}::timestamptz`,
});
