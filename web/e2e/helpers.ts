/**
 * What every browser test needs (docs/WEB.md, "Browser tests"):
 *
 *   const env = await startE2E();                       // beforeAll: API + Chromium
 *   const page = await env.open({ persona: PERSONA.student, theme: 'dark', path: '/settings' });
 *   await waitForIdle(page);
 *   await shoot(page, 'settings-dark');
 *   const admin = await env.apiAs(PERSONA.admin);       // the API as a persona
 *   await admin.patch('/api/v1/users/100001/ban?value=true');
 *   await env.stop();                                   // afterAll
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page, type Request } from 'playwright-core';
import { afterEach, expect, inject } from 'vitest';
import type { Subject } from '@zalik/contract';
import { CHROMIUM, SCREENSHOTS_DIR } from './paths';
import { ContextPool } from './reuse';
import { startServer, type ServerData, type TestServer } from './server';

/** The demo personas seeded by the API (api/src/modules/users/personas.ts). */
export const PERSONA = { student: '100001', developer: '100002', admin: '100003' } as const;
export type Theme = 'light' | 'dark';
export const VIEWPORT = { width: 390, height: 844 } as const;
/**
 * Pictures at the phone's CSS size, 390x844 pixels: at 2x the browser drew and encoded four times
 * the pixels, and the browser suite took a fifth longer on a 2-core machine for the same checks.
 */
export const DEVICE_SCALE = 1;

export interface OpenOptions {
  persona: string;
  theme?: Theme;
  path?: string;
  /** Demo platform: 'tdesktop' (default), 'ios', 'android'... */
  platform?: string;
  /** Stills for animations (screenshots); default true. */
  reducedMotion?: boolean;
  /** A touch screen: touch events and taps (`page.touchscreen`), as on a phone. */
  touch?: boolean;
  /** URL globs that never answer (as if the connection dropped for them), from the first request. */
  unreachable?: string[];
  /** A browser context of its own with an empty HTTP cache (a test of what loads from the network). */
  fresh?: boolean;
}

export interface ApiAs {
  token: string;
  get<T = unknown>(p: string): Promise<T>;
  patch<T = unknown>(p: string, body?: unknown): Promise<T>;
  post<T = unknown>(p: string, body?: unknown): Promise<T>;
  put<T = unknown>(p: string, body?: unknown): Promise<T>;
  delete<T = unknown>(p: string): Promise<T>;
}

export interface E2E {
  server: TestServer;
  browser: Browser;
  /**
   * Opens the app as a persona at 390x844 with empty storage: in a context of its own when the
   * page needs one (`fresh`, `unreachable`, or another page of the same kind still open), else
   * in one whose pages were all closed, emptied (reuse.ts).
   */
  open(opts: OpenOptions): Promise<Page>;
  /** Calls the API directly as a persona (signed in through the dev endpoint). */
  apiAs(persona: string): Promise<ApiAs>;
  stop(): Promise<void>;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    // A fresh profile in a temp user-data-dir is Playwright's default for launch().
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  });
}

/** The pages of this file's running browser test (one per file: each file has its own modules). */
const openPages: Page[] = [];

/**
 * A failed browser test leaves what its pages showed: a screenshot of each page still open
 * (web/screenshots/failed-*.png) and its address and text in the test's output, so a timeout
 * says what was on the screen instead of only what was awaited.
 */
afterEach(async ({ task }) => {
  const pages = openPages.splice(0).filter((p) => !p.isClosed());
  if (task.result?.state === 'fail') {
    const name = task.name.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 60);
    for (const [i, page] of pages.entries()) {
      const text = await page.evaluate(() => document.body.innerText).catch((e: Error) => `(no text: ${e.message})`);
      await shoot(page, `failed-${name}-${i}`).catch(() => undefined);
      console.error(`page ${i} of the failed test at ${page.url()}:\n${text.slice(0, 1500)}`);
    }
  }
  // A test's pages end with it: their contexts serve the next test's pages (reuse.ts).
  for (const page of pages) await page.close().catch(() => undefined);
});

/** `prepare` writes rows into the API's database before the API starts (e2e/dashboard's history). */
export async function startE2E(prepare?: (data: ServerData) => Promise<void>): Promise<E2E> {
  const server = await startServer(inject('webDist'), inject('dataTemplate'), prepare);
  let browser: Browser;
  try {
    browser = await launchBrowser();
  } catch (err) {
    await server.stop();
    throw err;
  }
  const contexts = new ContextPool(browser);

  return {
    server,
    browser,
    async open({ persona, theme = 'light', path: at = '/', platform, reducedMotion = true, touch = false, unreachable = [], fresh = false }) {
      const context = await contexts.take(
        {
          viewport: VIEWPORT,
          deviceScaleFactor: DEVICE_SCALE,
          locale: 'uk-UA',
          timezoneId: 'Europe/Kyiv',
          colorScheme: theme,
          reducedMotion: reducedMotion ? 'reduce' : 'no-preference',
          hasTouch: touch,
        },
        fresh || unreachable.length > 0,
      );
      for (const glob of unreachable) await context.route(glob, (r) => r.abort('internetdisconnected'));
      const page = await context.newPage();
      trackRequests(page);
      const url = new URL(at, server.url);
      url.searchParams.set('persona', persona);
      url.searchParams.set('theme', theme);
      if (platform) url.searchParams.set('platform', platform);
      openPages.push(page);
      await page.goto(url.toString());
      return page;
    },
    apiAs: (persona) => apiAs(server.url, persona),
    async stop() {
      await contexts.close();
      await browser.close().catch(() => undefined);
      await server.stop();
    },
  };
}

async function call<T>(base: string, method: string, p: string, token: string | undefined, body?: unknown): Promise<T> {
  const res = await fetch(new URL(p, base), {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${p} -> ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function apiAs(base: string, persona: string): Promise<ApiAs> {
  const { initData } = await call<{ initData: string }>(base, 'POST', '/api/dev/init-data', undefined, { telegramId: persona });
  const { jwt } = await call<{ jwt: string }>(base, 'POST', '/api/v1/users/auth', undefined, initData);
  return {
    token: jwt,
    get: (p) => call(base, 'GET', p, jwt),
    patch: (p, b) => call(base, 'PATCH', p, jwt, b),
    post: (p, b) => call(base, 'POST', p, jwt, b),
    put: (p, b) => call(base, 'PUT', p, jwt, b),
    delete: (p) => call(base, 'DELETE', p, jwt),
  };
}

/** Takes the student past onboarding (course 1) and answers the id of that course's subject `name`. */
export async function studentOnFirstCourse(env: E2E, name: string): Promise<string> {
  const student = await env.apiAs(PERSONA.student);
  await student.patch('/api/v1/users/me/course', { courseNumber: 1 });
  const subject = (await student.get<Subject[]>('/api/v1/subjects/course-number/1')).find((s) => s.name === name);
  if (!subject) throw new Error(`the demo's first course has no subject ${name}`);
  return subject.id;
}

/** What a page opened by `open` has in flight, and when the last request started or ended. */
interface Requests {
  inflight: Map<Request, number>;
  last: number;
}
const requests = new WeakMap<Page, Requests>();

/**
 * Counts a page's requests as they start and end. A live stream (the thread's `text/event-stream`)
 * never ends, so it is not counted; nor is anything open for over 10 s, which no screen waits on.
 */
function trackRequests(page: Page): void {
  const state: Requests = { inflight: new Map(), last: Date.now() };
  const end = (r: Request) => {
    if (state.inflight.delete(r)) state.last = Date.now();
  };
  page.on('request', (r) => {
    if (r.headers().accept === 'text/event-stream') return;
    state.inflight.set(r, Date.now());
    state.last = Date.now();
  });
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  requests.set(page, state);
}

/** Nothing in flight for `quietMs` (Playwright's 'networkidle' waits 500 ms for a page it did not open through `open`). */
async function networkQuiet(page: Page, quietMs = 150, timeoutMs = 30_000): Promise<void> {
  const state = requests.get(page);
  if (!state) return page.waitForLoadState('networkidle');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = Date.now();
    const open = [...state.inflight.values()].filter((started) => now - started < 10_000).length;
    if (open === 0 && now - state.last >= quietMs) return;
    if (now > deadline) throw new Error(`the page still had ${open} requests in flight after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Waits until the screen has settled: no requests in flight, no skeletons or spinners
 * (aria-busy), fonts and images loaded, and two animation frames painted; then once more if
 * that painting asked for anything (a lazy chunk, the next query).
 */
export async function waitForIdle(page: Page): Promise<void> {
  for (let round = 0; round < 5; round++) {
    await networkQuiet(page);
    const before = requests.get(page)?.last;
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]') && document.fonts.status === 'loaded', null, {
      timeout: 15_000,
    });
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const imgs = [...document.images].filter((i) => !i.complete);
          Promise.all(imgs.map((i) => new Promise((r) => i.addEventListener('load', r, { once: true })))).then(() =>
            requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
          );
        }),
    );
    if (requests.get(page)?.last === before) break;
  }
  // Lottie players mount after their chunks load; give them a moment to draw their frame.
  await page.waitForTimeout(250);
}

/** Saves web/screenshots/<name>.png (git-ignored) and returns its path. */
export async function shoot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  const file = path.join(SCREENSHOTS_DIR, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/**
 * What a screen must be besides its picture: each of `texts` shown, and nothing wider than the
 * phone (a screen that scrolls sideways, or an element cut off at the left or right edge, is
 * broken on a device even when a screenshot of its first viewport looks fine). An element inside
 * a box that scrolls or clips sideways (a row of chips, a slider) is that box's to contain, so
 * only the box itself must fit.
 */
export async function expectLaidOut(page: Page, texts: readonly (string | RegExp)[] = []): Promise<void> {
  for (const text of texts) {
    // A screen beside another file's browser may still be drawing: each text gets a few seconds.
    const shown = page.getByText(text).filter({ visible: true });
    await shown.first().waitFor({ timeout: 10_000 }).catch(() => undefined);
    expect(await shown.count(), `${String(text)} is shown`).toBeGreaterThan(0);
  }
  const laid = await page.evaluate(() => {
    const width = window.innerWidth;
    const outside: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width <= 1 && r.height <= 1) continue;
      if (r.left >= -0.5 && r.right <= width + 0.5) continue;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      let contained = false;
      for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== 'visible') contained = true;
      }
      if (contained) continue;
      const name = `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}`;
      outside.push(`${name} "${(el.textContent ?? '').trim().slice(0, 40)}" at ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, outside };
  });
  expect(laid.scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(laid.width);
  expect(laid.outside, 'visible elements past the left or right edge').toEqual([]);
}

type Act = (page: Page) => Promise<void>;

/**
 * `shootBoth(name, persona, path, texts?, act?)`: the screen at `path` opened as `persona` in the
 * light and the dark theme, brought into shape by `act`, checked to be laid out with `texts`
 * visible (expectLaidOut) and saved as `<name>-<theme>.png`; each page is closed after (its
 * context is kept for the next screen of that theme). `texts`
 * may be left out before `act`. `env` is read at each call (it is set in beforeAll).
 */
export function themeShots(env: () => E2E) {
  return async function shootBoth(name: string, persona: string, path: string, textsOrAct?: readonly (string | RegExp)[] | Act, act?: Act): Promise<void> {
    const texts = typeof textsOrAct === 'function' ? [] : (textsOrAct ?? []);
    const shape = typeof textsOrAct === 'function' ? textsOrAct : act;
    for (const theme of ['light', 'dark'] as Theme[]) {
      const page = await env().open({ persona, theme, path });
      await waitForIdle(page);
      if (shape) {
        await shape(page);
        await waitForIdle(page);
      }
      await expectLaidOut(page, texts);
      await shoot(page, `${name}-${theme}`);
      await page.close();
    }
  };
}
