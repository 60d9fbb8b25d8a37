import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { BOT_TOKEN, createPgDatabase, onPostgres } from './helpers.js';

/** The API package's folder: where `src/main.ts` runs from. */
export const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.once('error', reject);
  });
}

/** A real API process (`src/main.ts` through tsx), answering on `url`. */
export interface ApiProcess {
  child: ChildProcess;
  url: string;
  /** How the process ended ("exited with 1", "exited with SIGKILL"), undefined while it runs. */
  readonly exit: string | undefined;
  /** The last lines it wrote to stderr (an uncaught error's stack, say). */
  readonly stderr: string;
  /** Resolves once the process has ended, however. */
  readonly exited: Promise<void>;
  /** SIGTERM (a clean shutdown), then waits for the end; nothing when it already ended. */
  stop(): Promise<void>;
  /** SIGKILL, then waits for the end. */
  kill(): Promise<void>;
}

const STDERR_KEPT = 8_000;

/**
 * Starts the API in a child process and resolves once its `/healthz` answers 200. `env` comes
 * on top of this process's environment and of defaults that suit a test: no DATABASE_URL
 * (PGlite under DATA_DIR) unless given, the bot's API at a closed port (no Telegram), no web
 * app, silent logs. `onLine` hears each line of its stdout (the JSON log), when given.
 * Fails with the process's stderr when it exits before answering.
 */
export async function startApiProcess(
  env: Record<string, string>,
  opts: { onLine?: (line: string) => void; startMs?: number } = {},
): Promise<ApiProcess> {
  // The port is free when chosen, but another file's fake server may bind it before the API does.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePort(env, opts);
    } catch (err) {
      if (attempt >= PORT_ATTEMPTS || !String(err).includes('EADDRINUSE')) throw err;
    }
  }
}

const PORT_ATTEMPTS = 5;

async function startOnFreePort(env: Record<string, string>, opts: { onLine?: (line: string) => void; startMs?: number }): Promise<ApiProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      BOT_TOKEN,
      BOT_API_ROOT: `http://127.0.0.1:${await freePort()}`,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: url,
      WEB_DIST: '',
      SHUTDOWN_DRAIN_MS: '0',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', opts.onLine ? 'pipe' : 'ignore', 'pipe'],
  });

  let exit: string | undefined;
  let stderr = '';
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exit ??= `exited with ${code ?? signal}`;
      resolve();
    }),
  );
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_KEPT);
  });
  if (opts.onLine) {
    const onLine = opts.onLine;
    let pending = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop()!;
      for (const line of lines) onLine(line);
    });
  }

  const end = async (signal: NodeJS.Signals) => {
    if (exit === undefined) child.kill(signal);
    await exited;
  };
  const api: ApiProcess = {
    child,
    url,
    get exit() {
      return exit;
    },
    get stderr() {
      return stderr;
    },
    exited,
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
  };

  const until = Date.now() + (opts.startMs ?? 60_000);
  while (Date.now() < until) {
    if (exit) throw new Error(`the API process ${exit} before it answered /healthz:\n${stderr}`);
    const up = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) }).then(
      (r) => r.arrayBuffer().then(() => r.ok),
      () => false,
    );
    if (up) return api;
    await sleep(100);
  }
  await api.kill();
  throw new Error(`the API process did not answer /healthz within ${opts.startMs ?? 60_000} ms:\n${stderr}`);
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Polls `check` every 100 ms until it returns true; fails after `ms`, and at once (saying so)
 * when one of the `alive` processes has died.
 */
export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  opts: { ms?: number; alive?: readonly ApiProcess[] } = {},
): Promise<void> {
  const until = Date.now() + (opts.ms ?? 30_000);
  const died = () => opts.alive?.find((p) => p.exit);
  for (;;) {
    const dead = died();
    if (dead) throw new Error(`the API process ${dead.exit} while waiting for: ${what}\n${dead.stderr}`);
    if (await check()) return;
    if (Date.now() > until) throw new Error(`timed out waiting for: ${what}`);
    await sleep(100);
  }
}

/**
 * The database a test's API processes share, migrated: a scratch PostgreSQL database on
 * PostgreSQL runs, else a PGlite data folder. PGlite's folder is one process's at a time, so the
 * test opens it only while no API process runs (`use`).
 */
export interface ProcessDatabase {
  dataDir: string;
  /** What startApiProcess needs to find it. */
  env: { DATA_DIR: string; DATABASE_URL: string };
  /** Opens it for the test's own reads and writes, and closes it after. */
  use<T>(fn: (db: Database['db']) => Promise<T>): Promise<T>;
  /** Drops the PostgreSQL database and removes the folder. */
  drop(): Promise<void>;
}

export async function processDatabase(prefix: string): Promise<ProcessDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `zalik-${prefix}-`));
  const pgDb = onPostgres ? await createPgDatabase() : undefined;
  const use = async <T>(fn: (db: Database['db']) => Promise<T>): Promise<T> => {
    const database = await openDatabase(pgDb ? { databaseUrl: pgDb.url } : { dataDir });
    try {
      return await fn(database.db);
    } finally {
      await database.close();
    }
  };
  const database = await openDatabase(pgDb ? { databaseUrl: pgDb.url } : { dataDir });
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  return {
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: pgDb?.url ?? '' },
    use,
    async drop() {
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
