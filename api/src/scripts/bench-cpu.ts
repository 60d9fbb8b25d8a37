import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU seconds spent, from /proc (Linux), by this process's main thread (the API's, in the
 * benchmarks that run it in-process, its buyers being on worker threads) and by every
 * PostgreSQL process of the machine: where a purchase's time goes when the two share the cores.
 */
export interface CpuSample {
  api: number;
  postgres: number;
}

const TICKS_PER_SECOND = 100;

/** utime + stime of a /proc stat line, in seconds (fields 14 and 15, after the parenthesised name). */
function cpuSeconds(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

function read(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null; // a process that ended meanwhile, or no /proc at all
  }
}

export function sampleCpu(): CpuSample | null {
  const own = read(`/proc/${process.pid}/task/${process.pid}/stat`);
  if (own === null) return null;
  let postgres = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = read(`/proc/${pid}/stat`);
    if (stat?.includes('(postgres)')) postgres += cpuSeconds(stat);
  }
  return { api: cpuSeconds(own), postgres };
}

/** "API thread 1.2 ms, PostgreSQL 0.9 ms of CPU per purchase", or null without /proc. */
export function cpuPerPurchase(before: CpuSample | null, after: CpuSample | null, purchases: number): string | null {
  if (!before || !after || purchases === 0) return null;
  const ms = (seconds: number) => ((seconds * 1000) / purchases).toFixed(2);
  return `CPU per purchase: API thread ${ms(after.api - before.api)} ms, PostgreSQL ${ms(after.postgres - before.postgres)} ms`;
}
