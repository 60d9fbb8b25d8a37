/**
 * One real API process per test file: demo mode (no BOT_TOKEN), a temp DATA_DIR, its own copy
 * of the run's migrated database (PGlite in DATA_DIR, or a PostgreSQL database dropped
 * afterwards when DATABASE_URL is set), serving the web build.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { copyDataTemplate, type DataTemplate } from './data-template';
import { REPO_ROOT } from './paths';


export interface TestServer {
  url: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** A start beside another file's browser and API on a loaded 2-core machine has taken over 60 s. */
const HEALTHY_WITHIN_MS = 100_000;

async function waitHealthy(url: string, child: ChildProcess, logs: () => string): Promise<void> {
  const deadline = Date.now() + HEALTHY_WITHIN_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}:\n${logs()}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`API did not become healthy in ${HEALTHY_WITHIN_MS / 1000} s:\n${logs()}`);
}

/** Where the API will keep its data: a test may write rows there before it starts (`prepare`). */
export interface ServerData {
  dataDir: string;
  databaseUrl: string | undefined;
}

/** The port is free when chosen but the API binds it later: another file's fake may take it first. */
const PORT_ATTEMPTS = 5;

export async function startServer(webDist: string, template: DataTemplate, prepare?: (data: ServerData) => Promise<void>): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zalik-e2e-data-'));
  const pgDb = await copyDataTemplate(template, dataDir, process.env.DATABASE_URL);
  const cleanUp = async () => {
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await prepare?.({ dataDir, databaseUrl: pgDb?.url });
  } catch (err) {
    await cleanUp();
    throw err;
  }

  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const started = spawnApi(webDist, port, dataDir, pgDb?.url);
    try {
      await waitHealthy(started.url, started.child, started.output);
    } catch (err) {
      started.child.kill('SIGKILL');
      if (started.output().includes('EADDRINUSE') && attempt < PORT_ATTEMPTS) continue;
      await cleanUp();
      throw err;
    }
    const { child, url } = started;
    return {
      url,
      async stop() {
        if (child.exitCode === null) {
          const exited = new Promise((r) => child.once('exit', r));
          child.kill('SIGTERM');
          const timeout = setTimeout(() => child.kill('SIGKILL'), 10_000);
          await exited;
          clearTimeout(timeout);
        }
        await cleanUp();
      },
    };
  }
}

function spawnApi(webDist: string, port: number, dataDir: string, databaseUrl: string | undefined) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    // Load shedding (on by default with PostgreSQL) answers 503 while the event loop lags past
    // 1 s: on a loaded 2-core CI machine every process stalls that long now and then, and the
    // app then failed to start. These tests do not measure it (api/test/metrics.test.ts does).
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
  };
  for (const k of ['BOT_TOKEN', 'NODE_ENV', 'JWT_SECRET', 'ADMIN_TELEGRAM_IDS', 'DATABASE_URL']) delete env[k];
  if (databaseUrl) env.DATABASE_URL = databaseUrl;

  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'api', 'src', 'main.ts')], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (b: Buffer) => {
    output = (output + b.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, url: `http://127.0.0.1:${port}`, output: () => output };
}
