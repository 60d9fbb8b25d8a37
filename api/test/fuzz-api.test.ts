/**
 * Fuzzing: every call of the endpoint table gets at least 200 generated requests (half
 * from the most powerful caller the route admits, half from a student). No answer may be a
 * 5xx, every error carries a Ukrainian `message`, and no rejected request may change the
 * database or the stored files: a change counter fed by row triggers on every table is read
 * around each request, and a full snapshot (row counts, a hash of every table's content, the
 * blob folder listing) is compared around each route's batch.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { row, rows } from '../src/db/client.js';
import { startFakeMonobank, type FakeMonobank } from '../src/fakes/monobank.js';
import { startFakeAi, type FakeAi } from '../src/fakes/openai.js';
import { startFakeBotApi, type FakeBotApi } from '../src/fakes/bot-api.js';
import { createTestContext, type TestContext } from './helpers.js';
import { PERMISSIONS, TABLE, buildWorld, type Actor, type World } from './permission-table.js';
import { fuzzRequest, prng, type FuzzRequest, type Template } from './fuzz-cases.js';

const PER_ROUTE = 200;
const CYRILLIC = /[А-Яа-яІіЇїЄєҐґ]/;

let ctx: TestContext;
let bank: FakeMonobank;
let world: World;
let tables: string[];

/** Row triggers bump one counter in the writing transaction, so a rolled-back write leaves no trace. */
async function installChangeCounter() {
  for (const statement of [
    'CREATE TABLE fuzz_changes (n bigint NOT NULL)',
    'INSERT INTO fuzz_changes VALUES (0)',
    'CREATE FUNCTION fuzz_touch() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE fuzz_changes SET n = n + 1; RETURN NULL; END $$',
  ]) {
    await ctx.database.db.execute(sql.raw(statement));
  }
  for (const t of tables) {
    await ctx.database.db.execute(sql.raw(`CREATE TRIGGER fuzz_touch AFTER INSERT OR UPDATE OR DELETE ON "${t}" FOR EACH ROW EXECUTE FUNCTION fuzz_touch()`));
  }
}

const changes = async () => Number((await row<{ n: string | number }>(ctx.database.db, sql`SELECT n FROM fuzz_changes`))!.n);

function blobListing(): string {
  const dir = path.join(ctx.dataDir, 'blobs');
  const walk = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [`${path.relative(dir, path.join(d, e.name))}:${statSync(path.join(d, e.name)).size}`]));
  try {
    return walk(dir).sort().join('\n');
  } catch {
    return '';
  }
}

/** Row count and content hash of every table, plus the blob folder. */
async function snapshot(): Promise<string> {
  const parts = tables.map((t) => `SELECT '${t}' AS t, count(*)::text AS n, coalesce(md5(string_agg(x::text, '|' ORDER BY x::text)), '') AS h FROM "${t}" x`);
  const result = await rows<{ t: string; n: string; h: string }>(ctx.database.db, sql.raw(parts.join(' UNION ALL ')));
  return JSON.stringify([result.sort((a, b) => a.t.localeCompare(b.t)), blobListing()]);
}

/** A route's valid-ish request as `actor` (the permission table's sample), to be spoiled. */
function template(method: string, pattern: string, actor: Actor, multipart: boolean): Template {
  const sample = PERMISSIONS[`${method} ${pattern}`]?.sample?.(world, actor) ?? {};
  const own = world.id[actor as keyof World['id']] ?? world.id.student;
  const params: Record<string, string> = {};
  for (const [, name] of pattern.matchAll(/:([A-Za-z]+)/g)) params[name!] = String(sample.params?.[name!] ?? (name === 'telegramId' ? own : world.taskId));
  return { method, pattern, params, query: sample.query ?? '', body: sample.body, parts: sample.parts, multipart };
}

let ai: FakeAi;
let botApi: FakeBotApi;

beforeAll(async () => {
  // Exchange rates come from a local bank: a fuzzed pair never reaches the internet. The tutor is on (a local
  // fake provider): without one its calls answer 503 by design, before reading the request.
  bank = await startFakeMonobank();
  ai = await startFakeAi();
  // A Bot API that answers (the local fake): the share calls ask Telegram to keep a card, and
  // without one they answer 503 by design, as in an outage.
  botApi = await startFakeBotApi();
  ctx = await createTestContext({
    BOT_API_ROOT: botApi.apiRoot, RATE_LIMIT_SHARE: '100000/60',
    MONOBANK_API_ROOT: bank.apiRoot,
    RATE_LIMIT_AUTH: '100000/60', RATE_LIMIT_PURCHASE: '100000/60', RATE_LIMIT_SUPPORT: '100000/60', RATE_LIMIT_UPLOAD: '100000/60', RATE_LIMIT_EXPLANATION: '100000/60',
    AI_BASE_URL: ai.baseUrl, AI_API_KEY: ai.apiKey,
  });
  world = await buildWorld(ctx);
  tables = (await rows<{ tablename: string }>(ctx.database.db, sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)).map((r) => r.tablename);
  await installChangeCounter();
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await bank?.close();
  await ai?.close();
  await botApi?.close();
});

interface Finding {
  route: string;
  actor: Actor;
  kind: string;
  url: string;
  status: number;
  problem: string;
  body: string;
}

describe('fuzzing every call of the endpoint table', () => {
  it(`answers ${PER_ROUTE} spoiled requests per route without a 5xx, in Ukrainian, changing nothing when it refuses`, async () => {
    const endpoints = TABLE.filter((e) => !e.demoOnly);
    const multipartRoutes = new Set(ctx.app.routeCatalogue.filter((r) => r.multipart).map((r) => `${r.method} ${r.url}`));
    const findings: Finding[] = [];
    let total = 0;
    /** Requests of the powerful caller that were turned away at the door (a broken token would make the run vacuous). */
    let strongTurnedAway = 0;
    let seed = 20261123;
    for (const { method, path: pattern } of endpoints) {
      const allow = PERMISSIONS[`${method} ${pattern}`]?.allow ?? [];
      const strongest: Actor = allow.includes('admin') ? 'admin' : allow.includes('developer') ? 'developer' : 'admin';
      const isMultipart = multipartRoutes.has(`${method} ${pattern}`);
      const rng = prng(seed++);
      const before = await snapshot();
      const changesBefore = await changes();
      // The state after one request is the state before the next: each is read once per request.
      let n0 = changesBefore;
      let blobs0 = blobListing();
      for (let i = 0; i < PER_ROUTE; i++) {
        const actor: Actor = i % 2 === 0 ? strongest : 'student';
        const req: FuzzRequest = fuzzRequest(rng, template(method, pattern, actor, isMultipart));
        const token = world.token[actor]!;
        const res = await ctx.app.inject({ method: req.method as 'GET', url: req.url, headers: { ...req.headers, authorization: `Bearer ${token}` }, payload: req.payload });
        total++;
        if (actor !== 'student' && res.statusCode === 401) strongTurnedAway++;
        const note = (problem: string) => findings.push({ route: `${method} ${pattern}`, actor, kind: req.kind, url: req.url.slice(0, 120), status: res.statusCode, problem, body: res.body.slice(0, 160) });
        // A fuzzed admin switch may really turn maintenance on: its refusals are decisions, not faults.
        const maintenance = res.statusCode === 503 && res.body.includes('"error":"MAINTENANCE"');
        if (res.statusCode >= 500 && !maintenance) note('5xx');
        if (res.statusCode >= 400) {
          let message: unknown;
          try {
            message = res.json<{ message?: unknown }>().message;
          } catch {
            message = undefined;
          }
          if (typeof message !== 'string' || !CYRILLIC.test(message)) note('error without a Ukrainian message');
        }
        const n1 = await changes();
        const blobs1 = blobListing();
        if (res.statusCode >= 400) {
          if (n1 !== n0) note('refused, yet the database changed');
          if (blobs1 !== blobs0) note('refused, yet stored files changed');
        }
        n0 = n1;
        blobs0 = blobs1;
      }
      // The counter and the full snapshot must agree: a batch that wrote nothing left every table as it was.
      if ((await changes()) === changesBefore) expect([pattern, await snapshot()]).toEqual([pattern, before]);
      if ((await ctx.deps.maintenance.status()).enabled) await ctx.deps.maintenance.set(world.id.admin, false, undefined);
    }
    // One example per route, problem and kind of input keeps a failure readable.
    const seen = new Set<string>();
    const distinct = findings.filter((f) => {
      const key = `${f.route} ${f.problem} ${f.status} ${f.kind}`;
      return seen.has(key) ? false : (seen.add(key), true);
    });
    expect(distinct).toEqual([]);
    expect(endpoints.length).toBeGreaterThanOrEqual(50);
    expect(total).toBe(endpoints.length * PER_ROUTE);
    // Only the sign-in route answers 401 to a signed-in caller (its fuzzed initData is bad).
    expect(strongTurnedAway).toBeLessThanOrEqual(PER_ROUTE / 2);
  }, 240_000);
});
