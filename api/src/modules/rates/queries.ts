import { sql } from 'drizzle-orm';
import { row, type Executor } from '../../db/client.js';

/** The shared rate cache's SQL (migration 0031_exchange_rates.sql). */

export interface BankRate {
  currencyCodeA: number;
  currencyCodeB: number;
  date: number;
  rateBuy: number | null;
  rateSell: number | null;
  rateCross: number | null;
}

export interface PairRow {
  currency_a: number;
  currency_b: number;
  rate_buy: number | string | null;
  rate_sell: number | string | null;
  rate_cross: number | string | null;
  bank_time: Date | string;
  fetched_at: Date | string;
}

/** The pair as the bank gave it or the other way round, and whether the whole cache is younger than `maxAgeSeconds`. */
export const cachedPair = (ex: Executor, from: number, to: number, maxAgeSeconds: number) =>
  row<{ fresh: boolean; pair: PairRow | null }>(
    ex,
    sql`SELECT r.fetched_at > now() - ${maxAgeSeconds} * interval '1 second' AS fresh,
               (SELECT row_to_json(x) FROM (
                  SELECT currency_a, currency_b, rate_buy, rate_sell, rate_cross, bank_time, fetched_at FROM exchange_rates
                  WHERE (currency_a, currency_b) IN ((${from}, ${to}), (${to}, ${from}))
                  ORDER BY currency_a = ${from} DESC LIMIT 1) x) AS pair
        FROM exchange_rate_reads r`,
  );

/**
 * Takes the right to ask the bank: only when the cache is older than `maxAgeSeconds` and nobody
 * asked in the last `gapSeconds` (a bank that does not answer is not asked on every request).
 * One conditional UPDATE, so of all instances at once one asks.
 */
export async function claimAsk(ex: Executor, maxAgeSeconds: number, gapSeconds: number): Promise<boolean> {
  const r = await row(
    ex,
    sql`UPDATE exchange_rate_reads SET asked_at = now()
        WHERE asked_at <= now() - ${gapSeconds} * interval '1 second'
          AND (fetched_at IS NULL OR fetched_at <= now() - ${maxAgeSeconds} * interval '1 second')
        RETURNING one`,
  );
  return Boolean(r);
}

/** Stores every pair the bank answered, and when. */
export async function storeRates(ex: Executor, list: BankRate[]): Promise<void> {
  for (const r of list) {
    await ex.execute(sql`
      INSERT INTO exchange_rates (currency_a, currency_b, rate_buy, rate_sell, rate_cross, bank_time, fetched_at)
      VALUES (${r.currencyCodeA}, ${r.currencyCodeB}, ${r.rateBuy}, ${r.rateSell}, ${r.rateCross}, to_timestamp(${r.date}), now())
      ON CONFLICT (currency_a, currency_b) DO UPDATE SET rate_buy = EXCLUDED.rate_buy, rate_sell = EXCLUDED.rate_sell,
        rate_cross = EXCLUDED.rate_cross, bank_time = EXCLUDED.bank_time, fetched_at = EXCLUDED.fetched_at`);
  }
  await ex.execute(sql`UPDATE exchange_rate_reads SET fetched_at = now()`);
}
