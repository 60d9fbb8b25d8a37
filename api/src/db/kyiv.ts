import { sql } from 'drizzle-orm';
import { KYIV_TIME_ZONE } from '@zalik/contract';

/**
 * Business days are Kyiv days, whatever the server's or the session's time zone. A literal,
 * not a parameter, so a statement's text (and its plan) is the same on every call.
 */
export const KYIV = sql.raw(`'${KYIV_TIME_ZONE}'`);

/** The moment today's Kyiv day began (the daily limits and today's figures count from it). */
export const KYIV_DAY_START = sql`((now() AT TIME ZONE ${KYIV})::date)::timestamp AT TIME ZONE ${KYIV}`;
