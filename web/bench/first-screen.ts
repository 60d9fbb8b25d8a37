/**
 * `npm run bench:web` (not a test): how long a returning student waits for the subject list on a
 * slow phone. Builds the app (production), starts the real API in demo mode (e2e/server.ts;
 * PGlite, or a fresh PostgreSQL database when DATABASE_URL is set), then in headless Chromium
 * with 4x CPU slowdown and DevTools' "Fast 3G" network (Chrome DevTools Protocol) opens `/` as
 * the demo student whose course is already chosen, and times navigation start -> the first
 * subject card visible. Two cases: a cold HTTP cache (first open on this phone) and a warm one
 * (a reopen: hashed assets are cached as immutable). Prints the bytes that went over the wire.
 *
 *   BENCH_RUNS=3  (runs per case; the median is reported)   BENCH_TRACE=1  (print each run's requests)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { build } from 'vite';
import { PERSONA, VIEWPORT, apiAs, launchBrowser } from '../e2e/helpers';
import { WEB_ROOT } from '../e2e/paths';
import { startServer } from '../e2e/server';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET_MS = 2500;
/** DevTools' "Fast 3G" preset (the same numbers Chrome's throttling menu uses). */
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8, uploadThroughput: (750 * 1024 * 0.9) / 8 };
const SUBJECT_CARD = 'a[href^="/list-task/"]';
/**
 * Runs in the page before its own scripts: notes when a subject card's name is first painted,
 * as the browser itself reports it (Element Timing, `elementtiming` in SubjectCard.tsx).
 * Playwright's own visibility check polls the page over the DevTools protocol, which on a 4x
 * slower CPU lands 100-400 ms after that paint. A string, not a function: tsx's helpers would
 * not exist in the page.
 */
const VISIBLE_PROBE = `
  new PerformanceObserver(function (list) {
    list.getEntries().forEach(function (e) {
      if (e.identifier === 'subject-name' && !window.__benchVisibleAt) window.__benchVisibleAt = e.renderTime || e.loadTime;
    });
  }).observe({ type: 'element', buffered: true });`;

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

interface Run {
  /** Navigation start -> the first subject card's name painted. */
  ms: number;
  /** The same, as Playwright's polling saw it (for comparison with earlier figures). */
  polledMs: number;
  /** Bytes received over the (emulated) wire, by resource type. */
  bytes: Record<string, number>;
}

async function throttle(context: BrowserContext, page: Page): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript({ content: VISIBLE_PROBE });
  return cdp;
}

/** Opens `url` and answers ms from navigation start until a subject card is visible. */
async function open(page: Page, cdp: CDPSession, url: string): Promise<Run> {
  const types = new Map<string, string>();
  const bytes: Record<string, number> = {};
  /** requestId -> start and end (s, CDP's monotonic clock), what it was, and how it was answered. */
  const trace = new Map<string, { start: number; end?: number; what: string; how?: string }>();
  let t0 = 0;
  const onRequest = (e: { requestId: string; timestamp: number; request: { method: string; url: string } }) => {
    t0 ||= e.timestamp;
    trace.set(e.requestId, { start: e.timestamp, what: `${e.request.method} ${e.request.url.replace(/^https?:\/\/[^/]+/, '')}` });
  };
  const onResponse = (e: { requestId: string; type: string; response: { status: number; fromDiskCache?: boolean; fromMemoryCache?: boolean } }) => {
    types.set(e.requestId, e.type);
    const t = trace.get(e.requestId);
    const { status, fromDiskCache, fromMemoryCache } = e.response;
    if (t) t.how = fromMemoryCache ? 'memory cache' : fromDiskCache ? 'disk cache' : String(status);
  };
  const onFinished = (e: { requestId: string; timestamp: number; encodedDataLength: number }) => {
    const type = types.get(e.requestId) ?? 'Other';
    bytes[type] = (bytes[type] ?? 0) + e.encodedDataLength;
    const t = trace.get(e.requestId);
    if (t) {
      t.end = e.timestamp;
      t.how = `${t.how ?? 'failed'}, ${kb(e.encodedDataLength ?? 0)}`;
    }
  };
  cdp.on('Network.requestWillBeSent', onRequest);
  cdp.on('Network.responseReceived', onResponse);
  cdp.on('Network.loadingFinished', onFinished);
  cdp.on('Network.loadingFailed', onFinished as never);
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator(SUBJECT_CARD).first().waitFor({ state: 'visible', timeout: 60_000 });
  // performance.now() counts from this document's navigation start.
  const polledMs = await page.evaluate(() => performance.now());
  const ms = await page.waitForFunction(() => (window as Window & { __benchVisibleAt?: number }).__benchVisibleAt).then((h) => h.jsonValue() as Promise<number>);
  // The app's own milestones (app/bootstrap.ts, app/session.ts).
  const marks = await page.evaluate(() => performance.getEntriesByType('mark').map((m) => `${m.startTime.toFixed(0).padStart(6)} ms  ${m.name}`));
  cdp.off('Network.requestWillBeSent', onRequest);
  cdp.off('Network.responseReceived', onResponse);
  cdp.off('Network.loadingFinished', onFinished);
  cdp.off('Network.loadingFailed', onFinished as never);
  if (process.env.BENCH_TRACE === '1') {
    const at = (t: number | undefined) => (t === undefined ? '     …' : ((t - t0) * 1000).toFixed(0).padStart(6));
    // Still open when the list showed: the idle-time prefetch of the other tabs (app/prefetch.ts).
    const lines = [...trace.values()].filter((t) => t.end !== undefined).map((t) => `${at(t.start)} → ${at(t.end)} ms  ${t.what} (${t.how})`);
    console.log(`requests (start → end):\n${lines.join('\n')}\nmilestones:\n${marks.join('\n')}\n  visible at ${ms.toFixed(0)} ms (Playwright saw it at ${polledMs.toFixed(0)} ms; navigation start ≈ the first request)`);
  }
  return { ms, polledMs, bytes };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const outDir = mkdtempSync(path.join(os.tmpdir(), 'zalik-bench-web-'));
process.env.NODE_ENV = 'production';
await build({ root: WEB_ROOT, configFile: path.join(WEB_ROOT, 'vite.config.ts'), mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
const server = await startServer(outDir);
const browser = await launchBrowser();
try {
  // Returning: the student chose a course before, so `/` is the main layout, not onboarding.
  const student = await apiAs(server.url, PERSONA.student);
  await student.patch('/api/v1/users/me/course', { courseNumber: 1 });
  const url = `${server.url}/?persona=${PERSONA.student}`;
  const newContext = () => browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 2, locale: 'uk-UA', timezoneId: 'Europe/Kyiv', isMobile: true, hasTouch: true });

  // One unmeasured open: the server's own first-request costs (JIT, plan caches) are not the phone's.
  const warmup = await newContext();
  await (await warmup.newPage()).goto(url);
  await warmup.close();

  const cold: Run[] = [];
  const warm: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await newContext();
    const page = await context.newPage();
    const cdp = await throttle(context, page);
    cold.push(await open(page, cdp, url));
    // A student reopens later, not while the first open still prefetches the other tabs in the
    // background (app/prefetch.ts): that download would share the slow network with the reopen.
    await page.waitForLoadState('networkidle');
    // Reopen in the same profile: the HTTP cache holds the hashed assets (immutable), the token is in localStorage.
    warm.push(await open(page, cdp, url));
    await context.close();
  }

  console.log(`bench:web on ${os.cpus().length} cores, ${new Date().toISOString()}, load average ${os.loadavg()[0]!.toFixed(1)}`);
  console.log(`Chromium headless, CPU 4x slower, Fast 3G (${FAST_3G.latency} ms RTT, 1.44 Mbit/s down), ${VIEWPORT.width}x${VIEWPORT.height}, ${RUNS} runs each`);
  for (const [name, runs] of [['cold cache (first open on the phone)', cold], ['warm cache (a returning student reopens)', warm]] as const) {
    const times = runs.map((r) => r.ms);
    const last = runs.at(-1)!.bytes;
    const wire = Object.entries(last)
      .sort((a, b) => b[1] - a[1])
      .map(([t, n]) => `${t} ${kb(n)}`)
      .join(', ');
    const polled = runs.map((r) => r.polledMs);
    console.log(`  ${name}: subject list visible after ${(median(times) / 1000).toFixed(2)} s (median; runs ${times.map((t) => (t / 1000).toFixed(2)).join(', ')} s)`);
    console.log(`    as Playwright's polling saw it: ${(median(polled) / 1000).toFixed(2)} s (median)`);
    console.log(`    over the wire: ${wire}`);
  }
  for (const [name, runs] of [['cold', cold], ['warm', warm]] as const) {
    const ms = median(runs.map((r) => r.ms));
    console.log(`target ${TARGET_MS / 1000} s on a ${name} cache: ${ms <= TARGET_MS ? 'met' : 'MISSED'}`);
  }
} finally {
  await browser.close().catch(() => undefined);
  await server.stop();
  rmSync(outDir, { recursive: true, force: true });
}
