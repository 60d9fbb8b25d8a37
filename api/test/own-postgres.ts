import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './api-process.js';

const run = promisify(execFile);
const INSTALL_ROOT = '/usr/lib/postgresql';
/** PostgreSQL refuses to run as root; as root the cluster belongs to this OS user. */
const OS_USER = 'postgres';

/**
 * A PostgreSQL cluster of a test's own, in a temp folder on a free port: a test may stop,
 * restart or kill it without disturbing the shared server of DATABASE_URL that other test
 * files use at the same time. Trust authentication, as user `postgres`.
 */
export interface OwnPostgres {
  port: number;
  /** A connection string for `database` on this cluster. */
  url(database?: string): string;
  /** Runs one statement on a connection of its own (the cluster's connections die on restart). */
  query<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[], database?: string): Promise<T[]>;
  /**
   * Runs SQL through psql and waits for it with this process's event loop blocked: what it did
   * (terminating backends, say) is over before this process reads any of its sockets again.
   */
  psqlSync(text: string, database?: string): void;
  start(): Promise<void>;
  /** Fast shutdown: sessions are terminated and the server exits; new connections are refused. */
  stop(): Promise<void>;
  /** `pg_ctl restart -m fast`: what an operator or a package upgrade does. */
  restart(): Promise<void>;
  /** Stops the server however it is and removes its folder; safe to call twice, or after a failed start. */
  destroy(): Promise<void>;
}

/** The newest installed PostgreSQL's `bin` folder; a clear failure when there is none. */
function binDir(): string {
  const versions = existsSync(INSTALL_ROOT)
    ? readdirSync(INSTALL_ROOT).filter((v) => /^\d+$/.test(v) && existsSync(path.join(INSTALL_ROOT, v, 'bin', 'pg_ctl')))
    : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) {
    throw new Error(`no PostgreSQL server binaries under ${INSTALL_ROOT}/<version>/bin (initdb, pg_ctl): install the postgresql package to run this test`);
  }
  return path.join(INSTALL_ROOT, newest, 'bin');
}

/** uid and gid of the OS user the server runs as, or undefined when not root (then it runs as us). */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${OS_USER}:`));
  if (!line) throw new Error(`running as root and there is no "${OS_USER}" OS user to run PostgreSQL as (it refuses root): install the postgresql package or add the user`);
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = binDir();
  const user = serverUser();
  const root = mkdtempSync(path.join(os.tmpdir(), 'zalik-pg-'));
  if (user) chownSync(root, user.uid, user.gid);
  const data = path.join(root, 'data');
  const log = path.join(root, 'server.log');
  let port = await freePort();
  let running = false;

  const pgBin = async (tool: string, args: string[]): Promise<void> => {
    const [cmd, argv] = user ? ['runuser', ['-u', OS_USER, '--', path.join(bin, tool), ...args]] : [path.join(bin, tool), args];
    try {
      await run(cmd, argv, { cwd: root, timeout: 120_000 });
    } catch (e) {
      const err = e as { stderr?: string; stdout?: string; message: string };
      const serverLog = existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-20).join('\n') : '';
      throw new Error(`${tool} ${args.join(' ')} failed: ${err.stderr || err.stdout || err.message}\n${serverLog}`);
    }
  };
  // -l always: without it the server would write to, and keep open, the pipe this process reads.
  const ctl = (action: string, ...args: string[]) =>
    pgBin('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '60', ...args, '-o', `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`, action]);
  // A test process that ends without its afterAll (killed by a timeout, say) must not leave a server running.
  const onExit = () => {
    const argv = ['-D', data, '-m', 'immediate', 'stop'];
    try {
      if (user) execFileSync('runuser', ['-u', OS_USER, '--', path.join(bin, 'pg_ctl'), ...argv], { stdio: 'ignore' });
      else execFileSync(path.join(bin, 'pg_ctl'), argv, { stdio: 'ignore' });
    } catch {
      // not running
    }
    rmSync(root, { recursive: true, force: true });
  };
  process.once('exit', onExit);

  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const cluster: OwnPostgres = {
    get port() {
      return port;
    },
    url,
    async query(text, values, database) {
      const c = new pg.Client({ connectionString: url(database) });
      c.on('error', () => {});
      await c.connect();
      try {
        return (await c.query(text, values)).rows;
      } finally {
        await c.end().catch(() => {});
      }
    },
    psqlSync(text, database = 'postgres') {
      execFileSync(path.join(bin, 'psql'), ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', database, '-c', text], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
    },
    async start() {
      await ctl('start');
      running = true;
    },
    async stop() {
      await ctl('stop', '-m', 'fast');
      running = false;
    },
    async restart() {
      await ctl('restart', '-m', 'fast');
      running = true;
    },
    async destroy() {
      process.off('exit', onExit);
      if (running || existsSync(path.join(data, 'postmaster.pid'))) await ctl('stop', '-m', 'immediate').catch(() => {});
      running = false;
      rmSync(root, { recursive: true, force: true });
    },
  };

  try {
    // No fsync (here and in the server): a test's data must survive the server restarting, not the machine.
    await pgBin('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    // The free port may be taken by someone else before the server binds it: then take another.
    for (let attempt = 1; ; attempt++) {
      try {
        await cluster.start();
        break;
      } catch (e) {
        if (attempt === 3) throw e;
        port = await freePort();
      }
    }
  } catch (e) {
    await cluster.destroy();
    throw e;
  }
  return cluster;
}
