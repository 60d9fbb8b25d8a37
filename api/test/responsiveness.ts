import { expect } from 'vitest';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Asks `url` every ~20 ms while `work` runs and for 300 ms after, and answers how late each
 * answer came after it was due (the previous answer + 20 ms): a blocked event loop delays the
 * poller's own timer too, so it counts here either way.
 */
export async function lateDuring<T>(url: string, work: Promise<T>): Promise<{ result: T; late: number[] }> {
  let done = false;
  const settled = work.finally(() => (done = true));
  const late: number[] = [];
  let due = performance.now();
  let after = 0;
  while (!done || after < 300) {
    const res = await fetch(url);
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    const now = performance.now();
    late.push(now - due);
    if (done) after += now - due + 20;
    due = now + 20;
    await sleep(20);
  }
  return { result: await settled, late };
}

export const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)]!;

/**
 * `late` is at most `p90Ms` worse (nine answers in ten) and `maxMs` worse at the worst than
 * what the same poller measures just now on the same server with nothing else running. A
 * shared test machine already delays an idle server's answers now and then (waiting for a
 * core), so absolute figures belong in docs/PERFORMANCE.md, not here.
 */
export async function expectResponsive(url: string, late: number[], { p90Ms, maxMs }: { p90Ms: number; maxMs: number }): Promise<void> {
  const { late: idle } = await lateDuring(url, sleep(600));
  expect(p90(late)).toBeLessThan(p90(idle) + p90Ms);
  expect(Math.max(...late)).toBeLessThan(Math.max(...idle) + maxMs);
}
