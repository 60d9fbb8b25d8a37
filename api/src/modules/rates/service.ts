import { MSG, type RateAnswer } from '@zalik/contract';
import type { Db } from '../../db/client.js';
import { HttpError, notFound } from '../../lib/errors.js';
import { cachedPair, claimAsk, storeRates, type BankRate, type PairRow } from './queries.js';

/** The bank's rates change rarely and it limits calls: every instance reads the database's copy for this long. */
export const RATE_CACHE_SECONDS = 300;
/** After an ask that failed, nobody asks again for this long. */
const ASK_GAP_SECONDS = 10;
const BANK_TIMEOUT_MS = 5000;

interface Log {
  warn(obj: object, msg?: string): void;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null);

/** Monobank's public rates, or null when the bank did not answer with them (the reason is logged). */
export async function fetchBankRates(apiRoot: string, log: Log): Promise<BankRate[] | null> {
  try {
    const res = await fetch(`${apiRoot}/bank/currency`, { signal: AbortSignal.timeout(BANK_TIMEOUT_MS) });
    if (!res.ok) {
      log.warn({ status: res.status }, 'monobank rates: the bank refused');
      return null;
    }
    const body: unknown = await res.json();
    if (!Array.isArray(body)) throw new Error('not a list');
    return body.flatMap((item: Record<string, unknown>) => {
      const a = item?.currencyCodeA;
      const b = item?.currencyCodeB;
      const rate = { rateBuy: num(item?.rateBuy), rateSell: num(item?.rateSell), rateCross: num(item?.rateCross) };
      if (!Number.isInteger(a) || !Number.isInteger(b) || !Number.isInteger(item?.date)) return [];
      if (rate.rateCross === null && (rate.rateBuy === null || rate.rateSell === null)) return [];
      return [{ currencyCodeA: a as number, currencyCodeB: b as number, date: item.date as number, ...rate }];
    });
  } catch (err) {
    log.warn({ err: err instanceof Error ? err.message : String(err) }, 'monobank rates: no answer');
    return null;
  }
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
const inv = (n: number | null) => (n === null ? null : round6(1 / n));
const numOrNull = (v: number | string | null) => (v === null ? null : Number(v));

/** The stored pair as asked: `from` per `to`, inverted when the bank gives it the other way round. */
function toAnswer(p: PairRow, from: number, to: number, stale: boolean): RateAnswer {
  const [buy, sell, cross] = [numOrNull(p.rate_buy), numOrNull(p.rate_sell), numOrNull(p.rate_cross)];
  const direct = Number(p.currency_a) === from;
  // Reversed, the bank's sell becomes our buy: it sells `to` for `from` at that price.
  const rateBuy = direct ? buy : inv(sell);
  const rateSell = direct ? sell : inv(buy);
  const rateCross = direct ? cross : inv(cross);
  const rate = rateCross ?? round6(((rateBuy ?? 0) + (rateSell ?? 0)) / 2);
  return {
    currencyCodeA: from,
    currencyCodeB: to,
    rateBuy,
    rateSell,
    rateCross,
    rate,
    date: new Date(p.bank_time).toISOString(),
    fetchedAt: new Date(p.fetched_at).toISOString(),
    stale,
  };
}

/**
 * A rate from the shared cache. When it is older than RATE_CACHE_SECONDS one instance asks the
 * bank (the ask is claimed in the database); while the bank does not answer, or another
 * instance is asking, the last known rate is served marked `stale` with its time.
 */
export async function exchangeRate(deps: { db: Db; apiRoot: string; log: Log }, from: number, to: number): Promise<RateAnswer> {
  if (from === to) throw notFound(MSG.rateUnknownPair);
  const { db } = deps;
  const cached = await cachedPair(db, from, to, RATE_CACHE_SECONDS);
  if (cached?.fresh) {
    if (!cached.pair) throw notFound(MSG.rateUnknownPair);
    return toAnswer(cached.pair, from, to, false);
  }
  if (await claimAsk(db, RATE_CACHE_SECONDS, ASK_GAP_SECONDS)) {
    const list = await fetchBankRates(deps.apiRoot, deps.log);
    if (list) {
      await db.transaction((tx) => storeRates(tx, list));
      const now = await cachedPair(db, from, to, RATE_CACHE_SECONDS);
      if (!now?.pair) throw notFound(MSG.rateUnknownPair);
      return toAnswer(now.pair, from, to, false);
    }
  }
  if (cached?.pair) return toAnswer(cached.pair, from, to, true);
  throw new HttpError(503, MSG.rateUnavailable);
}
