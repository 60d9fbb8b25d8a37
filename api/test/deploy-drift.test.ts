/**
 * The deployment folder cannot be run here (no images can be pulled), so what it says is held to
 * the code: every variable the compose file and the systemd unit give an instance is one the
 * configuration reads, every variable the configuration reads is in the README's table, and every
 * metric the Grafana dashboard queries is one `/metrics` serves.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { API_DIR } from './api-process.js';
import { createTestContext, onPostgres, type TestContext } from './helpers.js';

const ROOT = path.resolve(API_DIR, '..');
const read = (...p: string[]) => readFileSync(path.join(ROOT, ...p), 'utf8');

/** The variables api/src/config.ts reads: `env.NAME`, and names passed as strings (`int(env, 'NAME', …)`). */
function configVariables(): Set<string> {
  const source = read('api/src/config.ts');
  const names = [
    ...source.matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g),
    ...source.matchAll(/'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)'/g),
    ...source.matchAll(/int\(env, '([A-Z][A-Z0-9_]*)'/g),
  ].map((m) => m[1]!);
  return new Set(names);
}

const envFileKeys = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.slice(0, l.indexOf('=')));

describe('deploy/ against the code', () => {
  const known = configVariables();

  it('reads the variables it is checked against', () => {
    // A sanity floor: the scan finds the configuration's variables, not nothing.
    for (const name of ['DATABASE_URL', 'JWT_SECRET', 'S3_BUCKET', 'METRICS_TOKEN', 'SHUTDOWN_DRAIN_MS', 'TRUST_PROXY']) expect(known).toContain(name);
  });

  it("gives each compose instance only variables the configuration reads, the same to both", () => {
    const compose = parse(read('deploy/docker-compose.yml'), { merge: true }) as { services: Record<string, { environment?: Record<string, string> }> };
    const instances = Object.keys(compose.services).filter((s) => s.startsWith('zalik-'));
    expect(instances).toEqual(['zalik-1', 'zalik-2']);
    const [one, two] = instances.map((s) => Object.keys(compose.services[s]!.environment ?? {}));
    expect(one).toEqual(two);
    expect(one!.filter((name) => !known.has(name))).toEqual([]);
    for (const needed of ['DATABASE_URL', 'BLOB_STORE', 'REDIS_URL', 'TRUST_PROXY', 'METRICS_TOKEN', 'BOT_WEBHOOK_URL']) expect(one).toContain(needed);
  });

  it('gives the systemd unit only variables the configuration reads', () => {
    const unit = read('deploy/systemd/zalik@.service');
    const set = [...unit.matchAll(/^Environment=([A-Z_]+)=/gm)].map((m) => m[1]!);
    const shared = envFileKeys(read('deploy/systemd/zalik.env.example'));
    expect(set.length + shared.length).toBeGreaterThan(10);
    expect([...set, ...shared].filter((name) => !known.has(name))).toEqual([]);
  });

  it("lists every variable of the configuration in the README's table", () => {
    // A row's first cell names one variable or several (`S3_ACCESS_KEY_ID`, `S3_SECRET_ACCESS_KEY`).
    const documented = new Set(
      read('README.md')
        .split('\n')
        .filter((l) => l.startsWith('| `'))
        .flatMap((l) => [...l.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!)),
    );
    expect([...known].filter((name) => !documented.has(name)).sort()).toEqual([]);
  });
});

describe("the Grafana dashboard's metrics", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ METRICS_TOKEN: 'drift-test-token-0123456789' });
  });
  afterAll(() => ctx.close());

  it('are all served by /metrics', async () => {
    await ctx.app.inject({ method: 'GET', url: '/livez' });
    const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer drift-test-token-0123456789' } });
    expect(res.statusCode).toBe(200);
    const served = new Set([...res.body.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]!));
    const dashboard = JSON.parse(read('deploy/grafana/dashboards/zalik.json')) as { panels: { targets: { expr: string }[] }[] };
    const queried = new Set(
      dashboard.panels.flatMap((p) => p.targets.flatMap((t) => [...t.expr.matchAll(/\b((?:zalik|nodejs)_[a-z_]+)/g)].map((m) => m[1]!.replace(/_(bucket|sum|count)$/, '')))),
    );
    expect(queried.size).toBeGreaterThan(20);
    const missing = [...queried].filter((name) => !served.has(name));
    // The pool's gauges exist only on PostgreSQL (PGlite has no pool).
    expect(missing).toEqual(onPostgres ? [] : ['zalik_db_pool_total', 'zalik_db_pool_idle', 'zalik_db_pool_waiting', 'zalik_db_pool_max']);
  });
});
