/**
 * What the benchmarks share: free ports, child servers whose
 * resident memory is sampled from /proc, and autocannon runs reduced to the figures we print.
 * Benchmarks are scripts, not tests: they print numbers and exit non-zero only when a run is
 * broken (errors, non-2xx answers), never because a target was missed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The middle value (the upper of the two middle ones for an even count). */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * The node arguments the API runs with: a deployment's (`npm run start -w api`, so its flags,
 * the heap cap among them, are measured as shipped), or the sources through tsx with
 * BENCH_FROM_SOURCE=1.
 */
export function apiProcessArgs(): string[] {
  if (process.env.BENCH_FROM_SOURCE === '1') return ['--import', 'tsx', 'src/main.ts'];
  const start = (JSON.parse(readFileSync(path.join(API_ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const [command, ...args] = start.trim().split(/\s+/);
  if (command !== 'node' || args.at(-1) !== 'dist/main.js') throw new Error(`api's start script is not "node … dist/main.js": ${start}`);
  return args;
}

export function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return n;
}

export function freePort(): Promise<number> {
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

/** Resident memory of a process in MB, from /proc (Linux), or 0 once it is gone. */
export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples a process's RSS every 100 ms until stopped; `stop()` answers the peak seen. */
export function sampleRss(pid: number): { stop(): number } {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, rssMb(pid));
    },
  };
}

/** Process groups still running: killed if the benchmark itself exits early (Ctrl-C, a throw). */
const live = new Set<number>();
const killGroup = (pid: number, signal: NodeJS.Signals) => {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
};
process.on('exit', () => live.forEach((pid) => killGroup(pid, 'SIGKILL')));
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => process.exit(130));

export interface ChildServer {
  url: string;
  pid: number;
  /** Milliseconds from spawn to the first 200 from /healthz. */
  readyMs: number;
  stop(): Promise<void>;
}

/** Spawns a server and waits for its first 200 from `healthPath` (polled every 20 ms). */
export async function startChild(
  args: string[],
  env: NodeJS.ProcessEnv,
  port: number,
  opts: { command?: string; healthPath?: string; cwd?: string } = {},
): Promise<ChildServer> {
  const started = performance.now();
  // detached: a process group, so stopping `npm start` also stops the node it runs.
  const child: ChildProcess = spawn(opts.command ?? process.execPath, args, { cwd: opts.cwd ?? API_ROOT, env, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  live.add(child.pid!);
  child.once('exit', () => live.delete(child.pid!));
  let stderr = '';
  child.stderr?.on('data', (b: Buffer) => {
    stderr = (stderr + b.toString()).slice(-8000);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${stderr}`);
    if (Date.now() > deadline) {
      killGroup(child.pid!, 'SIGKILL');
      throw new Error(`server not healthy within 60 s:\n${stderr}`);
    }
    const ok = await fetch(url + (opts.healthPath ?? '/healthz')).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const readyMs = performance.now() - started;
  return {
    url,
    pid: child.pid!,
    readyMs,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      killGroup(child.pid!, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child.pid!, 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  peakRssMb: number;
  endRssMb: number;
}

/** One autocannon run against `url`; throws when any answer was not a 200 (a broken run). */
export async function load(opts: { url: string; token: string; pid: number; connections: number; duration: number }): Promise<LoadResult> {
  const rss = sampleRss(opts.pid);
  const result = await autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.duration,
    headers: { authorization: `Bearer ${opts.token}` },
  });
  const peakRssMb = rss.stop();
  const bad = result.errors + result.timeouts + result.non2xx;
  if (bad > 0) throw new Error(`${opts.url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    peakRssMb,
    endRssMb: rssMb(opts.pid),
  };
}

/** Fixed-width table rows for the console (and to paste into docs/PERFORMANCE.md). */
export function table(head: string[], body: (string | number)[][]): string {
  const cells = [head, ...body.map((r) => r.map(String))];
  const widths = head.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...cells.slice(1).map(line)].join('\n');
}
