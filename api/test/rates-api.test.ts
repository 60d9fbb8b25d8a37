import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { MSG, type RateAnswer } from '@zalik/contract';
import { buildApp, createDeps } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { DEFAULT_RATES, startFakeMonobank, type FakeMonobank } from '../src/fakes/monobank.js';
import { auth, createTestContext, login, type TestContext } from './helpers.js';

let bank: FakeMonobank;
let ctx: TestContext;
/** A second instance on the same database, as behind a load balancer. */
let other: { app: FastifyInstance; close(): Promise<void> };
let token: string;

beforeAll(async () => {
  bank = await startFakeMonobank();
  ctx = await createTestContext({ MONOBANK_API_ROOT: bank.apiRoot });
  // On PostgreSQL its own pool; on PGlite (one process) the same database object.
  const database: Database = ctx.databaseUrl ? await openDatabase({ databaseUrl: ctx.databaseUrl }) : ctx.database;
  const deps = createDeps(ctx.config, database);
  const app = await buildApp(deps, { logger: false, serveWeb: false });
  await app.ready();
  other = {
    app,
    async close() {
      await app.close();
      await deps.dispose();
      if (database !== ctx.database) await database.close();
    },
  };
  token = await login(ctx.app, { id: 8901, username: 'rates' });
});
afterAll(async () => {
  await other.close();
  await ctx.close();
  await bank.close();
});
beforeEach(async () => {
  // Each test starts with an empty cache that nobody asked for.
  await ctx.deps.db.execute(sql`DELETE FROM exchange_rates`);
  await ctx.deps.db.execute(sql`UPDATE exchange_rate_reads SET asked_at = '-infinity', fetched_at = NULL`);
  bank.setRates(DEFAULT_RATES);
  bank.failCurrency(0);
});

const rate = (app: FastifyInstance, from: string | number, to: string | number) =>
  app.inject({ method: 'GET', url: `/api/v1/exchange-rates/rate/${from}/${to}`, headers: auth(token) });
/** As if the cache's five minutes had passed (and the last ask too). */
async function ageCache() {
  await ctx.deps.db.execute(sql`UPDATE exchange_rate_reads SET fetched_at = fetched_at - interval '6 minutes', asked_at = asked_at - interval '6 minutes'`);
  await ctx.deps.db.execute(sql`UPDATE exchange_rates SET fetched_at = fetched_at - interval '6 minutes'`);
}

describe('exchange rates', () => {
  it('reads the bank once for both instances within five minutes, any pair, either way round', async () => {
    const calls = bank.currencyCalls().length;
    const usd = await rate(ctx.app, 840, 980);
    expect(usd.statusCode).toBe(200);
    expect(usd.json<RateAnswer>()).toMatchObject({ currencyCodeA: 840, currencyCodeB: 980, rateBuy: 41.5, rateSell: 42.0003, rateCross: null, rate: 41.75015, stale: false });
    expect(usd.json<RateAnswer>().date).toBe(new Date(1764230400 * 1000).toISOString());
    const eur = await rate(other.app, '978', '980');
    expect(eur.json<RateAnswer>()).toMatchObject({ rateBuy: 48.2, rateSell: 48.9, rate: 48.55, stale: false });
    const back = await rate(other.app, 980, 840);
    // UAH for a dollar the other way round: the bank's sell becomes the buy.
    expect(back.json<RateAnswer>()).toMatchObject({ currencyCodeA: 980, currencyCodeB: 840, rateBuy: 0.023809, rateSell: 0.024096 });
    const pln = await rate(ctx.app, 985, 980);
    expect(pln.json<RateAnswer>()).toMatchObject({ rateCross: 11.52, rate: 11.52 });
    // Ten requests at once on both instances: still the one read.
    await Promise.all(Array.from({ length: 10 }, (_, i) => rate(i % 2 ? ctx.app : other.app, 840, 980)));
    expect(bank.currencyCalls().length - calls).toBe(1);
  });

  it('asks again after five minutes, once for all instances at once', async () => {
    await rate(ctx.app, 840, 980);
    const calls = bank.currencyCalls().length;
    bank.setRates([{ currencyCodeA: 840, currencyCodeB: 980, date: 1764234000, rateBuy: 41.6, rateSell: 42.1 }]);
    await ageCache();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => rate(i % 2 ? ctx.app : other.app, 840, 980)));
    expect(bank.currencyCalls().length - calls).toBe(1);
    // Whoever did not ask was served the last known rate meanwhile; afterwards everyone has the new one.
    for (const a of answers) expect([41.5, 41.6]).toContain(a.json<RateAnswer>().rateBuy);
    expect((await rate(other.app, 840, 980)).json<RateAnswer>()).toMatchObject({ rateBuy: 41.6, stale: false });
  });

  it('serves the last known rate with its time while the bank is down, and refuses when none is known', async () => {
    bank.failCurrency(1);
    const none = await rate(ctx.app, 840, 980);
    expect([none.statusCode, none.json().message]).toEqual([503, MSG.rateUnavailable]);

    // The gap after a failed ask has passed.
    await ctx.deps.db.execute(sql`UPDATE exchange_rate_reads SET asked_at = '-infinity'`);
    const fresh = (await rate(ctx.app, 840, 980)).json<RateAnswer>();
    await ageCache();
    bank.failCurrency(5, 500);
    const stale = await rate(other.app, 840, 980);
    expect(stale.statusCode).toBe(200);
    expect(stale.json<RateAnswer>()).toMatchObject({ rateBuy: 41.5, stale: true });
    expect(new Date(stale.json<RateAnswer>().fetchedAt).getTime()).toBe(new Date(fresh.fetchedAt).getTime() - 6 * 60_000);
    // Within the ask gap nobody asks the failing bank again.
    const calls = bank.currencyCalls().length;
    expect((await rate(ctx.app, 840, 980)).json<RateAnswer>().stale).toBe(true);
    expect(bank.currencyCalls().length).toBe(calls);
  });

  it('refuses unknown pairs and codes that are not ISO numbers', async () => {
    expect((await rate(ctx.app, 840, 978)).json().message).toBe(MSG.rateUnknownPair);
    expect((await rate(ctx.app, 840, 840)).json().message).toBe(MSG.rateUnknownPair);
    for (const [a, b] of [['USD', '980'], ['84', '980'], ['8400', '980']]) {
      const res = await rate(ctx.app, a!, b!);
      expect([res.statusCode, res.json().message]).toEqual([400, MSG.rateCodes]);
    }
  });
});
