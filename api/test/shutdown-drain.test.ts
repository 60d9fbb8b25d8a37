/**
 * SIGTERM drains before it closes: for SHUTDOWN_DRAIN_MS the instance keeps answering, with
 * `/readyz` failing on `shutdown`, so a load balancer polling it routes elsewhere before the
 * port closes; then the process ends cleanly. Without the wait, requests in that window met a
 * closed port while the balancer still routed to it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startApiProcess, type ApiProcess } from './api-process.js';
import { createPgDatabase, onPostgres } from './helpers.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zalik-drain-'));
const pgDb = onPostgres ? await createPgDatabase() : undefined;
let api: ApiProcess | undefined;
afterAll(async () => {
  await api?.kill();
  await pgDb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
    async (r) => ({ status: r.status, body: (await r.json()) as unknown }),
    (err: unknown) => ({ status: 0, body: String(err) }),
  );

it('keeps serving with /readyz failing for the drain, then exits cleanly', async () => {
  api = await startApiProcess({
    JWT_SECRET: 'drain-test-secret-drain-test-secret',
    DATA_DIR: dataDir,
    DATABASE_URL: pgDb?.url ?? '',
    SHUTDOWN_DRAIN_MS: '6000',
  });
  expect(await get(`${api.url}/readyz`)).toEqual({ status: 200, body: { status: 'ok' } });

  api.child.kill('SIGTERM');
  // The signal reaches the process a moment later: wait until /readyz says it arrived.
  const until = Date.now() + 2_000;
  while ((await get(`${api.url}/readyz`)).status !== 503 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  const seen: { ready: unknown; live: number }[] = [];
  for (let i = 0; i < 5; i++) {
    const ready = await get(`${api.url}/readyz`);
    const live = await get(`${api.url}/healthz`);
    seen.push({ ready: ready.body, live: live.status });
    await new Promise((r) => setTimeout(r, 100));
  }
  // Every poll in the window reached the server: not ready, still alive.
  expect(seen).toEqual(Array(5).fill({ ready: { status: 'unavailable', failing: ['shutdown'] }, live: 200 }));
  expect(api.exit).toBeUndefined();

  await api.exited;
  expect(api.exit).toBe('exited with 0');
}, 60_000);
