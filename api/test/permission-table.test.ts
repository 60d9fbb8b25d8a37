/**
 * The permission table against the app and the endpoint table, without calling anything: the
 * fast lane sees a route without a row, or a call without a sample request, before the slow
 * matrix (permissions-matrix.test.ts) calls every route as every actor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.js';
import { EXCEPTIONS, PERMISSIONS, TABLE, keyOf } from './permission-table.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('the permission table', () => {
  it('has exactly one row per route of the app', () => {
    const routes = ctx.app.routeCatalogue.map((r) => `${r.method} ${r.url}`);
    expect(new Set(routes).size).toBe(routes.length);
    expect(routes.filter((k) => !(k in PERMISSIONS))).toEqual([]);
    expect(Object.keys(PERMISSIONS).filter((k) => !routes.includes(k) && !PERMISSIONS[k]!.demoOnly)).toEqual([]);
  });

  it('states exceptions only for endpoints of the table', () => {
    const keys = TABLE.map(keyOf);
    expect(Object.keys(EXCEPTIONS).filter((k) => !keys.includes(k))).toEqual([]);
  });

  it('has a sample request for every call that needs one (path ids, a body, a required query)', () => {
    type Op = { requestBody?: unknown; parameters?: { in: string; required?: boolean }[] };
    const doc = ctx.app.swagger() as { paths: Record<string, Record<string, Op>> };
    const needy = TABLE.filter((e) => !e.demoOnly).filter((e) => {
      const op = doc.paths[e.path.replace(/:([A-Za-z]+)/g, '{$1}')]?.[e.method.toLowerCase()];
      if (!op) throw new Error(`${keyOf(e)} is not in the OpenAPI document`);
      const ids = [...e.path.matchAll(/:([A-Za-z]+)/g)].filter(([, name]) => name !== 'telegramId');
      return ids.length > 0 || op.requestBody !== undefined || Boolean(op.parameters?.some((p) => p.in === 'query' && p.required));
    });
    expect(needy.map(keyOf).filter((k) => !EXCEPTIONS[k]?.sample)).toEqual([]);
  });
});
