/**
 * Every route × {anonymous, expired token, banned user, student, developer, admin} against
 * permission-table.ts (the endpoint table's access, plus its exceptions): allowed calls get
 * through (no 401/403), every other call is refused with exactly the status and the Ukrainian
 * message the client acts on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { MSG } from '@zalik/contract';
import { securityPlugin } from '../src/plugins/security.js';
import { startFakeAi, type FakeAi } from '../src/fakes/openai.js';
import { startFakeBotApi, type FakeBotApi } from '../src/fakes/bot-api.js';
import { createTestContext, type TestContext } from './helpers.js';
import { ACTORS, PERMISSIONS, buildWorld, sampleRequest, type Actor, type World } from './permission-table.js';

let ctx: TestContext;
let world: World;
let ai: FakeAi;
let botApi: FakeBotApi;

beforeAll(async () => {
  // The tutor on (a local fake provider), so its calls reach the handler's own check instead of the 503 of a server without one.
  ai = await startFakeAi();
  // A Bot API that answers (the local fake), so the share calls reach Telegram instead of the 503 of an outage.
  botApi = await startFakeBotApi();
  // Generous limits: this file signs in and buys more than a person would in a minute.
  ctx = await createTestContext({
    RATE_LIMIT_AUTH: '10000/60', RATE_LIMIT_PURCHASE: '10000/60', RATE_LIMIT_SUPPORT: '10000/60', RATE_LIMIT_UPLOAD: '10000/60', RATE_LIMIT_EXPLANATION: '10000/60',
    RATE_LIMIT_SHARE: '10000/60', BOT_API_ROOT: botApi.apiRoot,
    AI_BASE_URL: ai.baseUrl, AI_API_KEY: ai.apiKey,
  });
  world = await buildWorld(ctx);
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await ai?.close();
  await botApi?.close();
});

const routeKeys = (app: TestContext['app']) => app.routeCatalogue.map((r) => `${r.method} ${r.url}`);

/** Routes without a row, and rows without a route, of an app (demo rows only count in demo mode). */
function compare(app: TestContext['app'], demo: boolean) {
  const routes = routeKeys(app);
  expect(new Set(routes).size).toBe(routes.length);
  const missing = routes.filter((k) => !(k in PERMISSIONS));
  const stale = Object.keys(PERMISSIONS).filter((k) => !routes.includes(k) && (demo || !PERMISSIONS[k]!.demoOnly));
  return { missing, stale };
}

describe('the permission table', () => {
  it('has exactly one row per route in demo mode too, and the demo routes are open as their rows say', async () => {
    const demo = await createTestContext({ BOT_TOKEN: '' });
    try {
      expect(demo.config.demo).toBe(true);
      expect(compare(demo.app, true)).toEqual({ missing: [], stale: [] });
      for (const key of Object.keys(PERMISSIONS).filter((k) => PERMISSIONS[k]!.demoOnly)) {
        expectAllowed(await demo.app.inject(sampleRequest(key, world, 'anonymous')), `${key} as anonymous`);
      }
    } finally {
      await demo.close();
    }
  }, 60_000);

  it('stops the server at start when a route names an access level that does not exist', async () => {
    const app = Fastify();
    await app.register(securityPlugin, { publicUrl: 'https://zalik.test', production: false });
    const add = () => app.get('/api/v1/oops', { config: { access: 'admn' as 'admin' } }, async () => 'ok');
    expect(add).toThrow(/unknown access level "admn"/);
    await app.close();
  });

  it('agrees with what each route declares to the auth plugin', () => {
    for (const r of ctx.app.routeCatalogue) {
      const allow = PERMISSIONS[`${r.method} ${r.url}`]!.allow;
      // A public route lets everyone in; a guarded one never lets in a caller without a valid token.
      expect([r.method, r.url, r.access === 'public']).toEqual([r.method, r.url, allow.includes('anonymous')]);
      if (r.access === 'admin') expect([r.url, allow]).toEqual([r.url, ['admin']]);
    }
  });
});

/** What a refused call must answer, by who made it. */
function expectRefused(actor: Actor, res: { statusCode: number; json(): unknown }, what: string) {
  const body = res.json() as { message: string; error?: string };
  if (actor === 'anonymous') expect([what, res.statusCode, body.message]).toEqual([what, 401, MSG.tokenMissing]);
  else if (actor === 'expired') expect([what, res.statusCode, body]).toEqual([what, 401, { message: MSG.tokenExpired, error: MSG.tokenExpired }]);
  else if (actor === 'banned') expect([what, res.statusCode, body.message]).toEqual([what, 403, MSG.banned]);
  else {
    expect([what, res.statusCode]).toEqual([what, 403]);
    expect(body.message).toMatch(/[А-Яа-яІіЇїЄєҐґ]/);
  }
}

function expectAllowed(res: { statusCode: number; body: string }, what: string) {
  expect([what, res.statusCode < 500 && res.statusCode !== 401 && res.statusCode !== 403, res.body.slice(0, 200)]).toEqual([
    what,
    true,
    res.body.slice(0, 200),
  ]);
}

describe('every route as every actor', () => {
  // One test per route keeps a failure readable; actors run from least to most powerful so an
  // admin's successful change comes last.
  for (const key of Object.keys(PERMISSIONS).filter((k) => !PERMISSIONS[k]!.demoOnly)) {
    it(key, async () => {
      const row = PERMISSIONS[key]!;
      for (const actor of ACTORS) {
        const res = await ctx.app.inject(sampleRequest(key, world, actor));
        const what = `${key} as ${actor}`;
        if (row.allow.includes(actor)) expectAllowed(res, what);
        else expectRefused(actor, res, what);
      }
      if (!row.selfOrAdmin) return;
      // Someone else's data: refused to everyone but admins.
      for (const actor of ['student', 'developer', 'admin'] as const) {
        const res = await ctx.app.inject(sampleRequest(key, world, actor, world.id.other));
        const what = `${key} as ${actor} for another user`;
        if (actor === 'admin') expectAllowed(res, what);
        else expectRefused(actor, res, what);
      }
    });
  }
});
