/**
 * The boot prefetch: a dependency-free script that build/first-screen.ts writes INTO index.html
 * (inline, allowed by the server's CSP by its hash), so it runs while the HTML is parsed,
 * before the app's bundle has even started downloading. On a slow phone the bundle takes
 * seconds to arrive and parse; this starts the first screen's request chain at once, so the
 * network and the CPU work side by side instead of one after the other:
 *
 *   demo:     GET personas ‖ POST init-data with signIn (persona from ?persona= or the last
 *             one; the answer carries the sign-in too) ─ GET subjects(course) ‖ GET news
 *   Telegram: POST users/auth (initData from the launch URL) ─ GET subjects ‖ GET news
 *   returning (a live token and the course cached): GET subjects ‖ GET news right away
 *   the server rendered the list (its data in the page): no GET subjects nor news at all
 *
 * It only starts requests: each answer is parked in `window.__zalikEarly` and the app takes it
 * (api/early.ts) instead of sending the same request again, at most once, and only when the
 * request is exactly the one the app would send (same body). Anything unexpected here is
 * ignored: the app then simply sends its own requests. No imports (inline code cannot have
 * any): the paths, keys and bodies below are the app's, checked equal by early.test.ts.
 */
import type { EarlyRequest } from '../api/early';
import { paint } from './paint';

export const EARLY = {
  personas: '/api/dev/personas',
  initData: '/api/dev/init-data',
  auth: '/api/v1/users/auth',
  news: '/api/v1/news',
  subjects: '/api/v1/subjects/course-number/',
  tokenKey: 'zalik.jwt',
  courseKey: 'zalik.course',
  personaKey: 'zalik.demo.persona',
  demoFlag: 'zalik.demo.active',
  sdkLaunchParams: 'tapps/launchParams',
  /** The server rendered the subject list with these data (app/firstScreen.ts): nothing to fetch. */
  firstScreenData: 'zalik-first-screen',
} as const;

/** Seconds of validity a stored token needs to be worth using before the fresh sign-in. */
const TOKEN_MARGIN_S = 60;

type Store = Record<string, EarlyRequest>;

function send(store: Store, method: 'GET' | 'POST', url: string, body?: string, token?: string): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const response = fetch(url, { method, headers, body });
  response.catch(() => undefined); // the app sees the failure when it takes the answer
  store[`${method} ${url}`] = { body, token, response };
  return response;
}

async function json(response: Promise<Response>): Promise<Record<string, unknown> | null> {
  const res = await response;
  if (!res.ok) return null;
  const body: unknown = await res.clone().json();
  return body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
}

/** The stored token if it stays valid a while longer (its `exp`, read without verifying). */
function liveToken(): string | null {
  const jwt = localStorage.getItem(EARLY.tokenKey);
  const payload = jwt?.split('.')[1];
  if (!jwt || !payload) return null;
  const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
  return typeof claims.exp === 'number' && claims.exp - TOKEN_MARGIN_S > Date.now() / 1000 ? jwt : null;
}

/** initData of a real Telegram launch: `tgWebAppData` in the URL's hash (or query). */
function launchInitData(): string | null {
  for (const part of [window.location.hash.slice(1), window.location.search.slice(1)]) {
    const data = new URLSearchParams(part).get('tgWebAppData');
    if (data) return data;
  }
  return null;
}

/** What telegram/demo.ts's isRealTelegram() answers without launch params in the URL. */
function launchedByTelegram(): boolean {
  if ((window as Window & { TelegramWebviewProxy?: unknown }).TelegramWebviewProxy) return true;
  return sessionStorage.getItem(EARLY.demoFlag) !== '1' && sessionStorage.getItem(EARLY.sdkLaunchParams) !== null;
}

/** The very body telegram/demo.ts sends to EARLY.initData, so that it takes this answer. */
export const initDataBody = (telegramId: string) => JSON.stringify({ telegramId, signIn: true });

/**
 * Demo mode: the emulation's chunk (and stylesheet, if any), listed by build/first-screen.ts
 * in the <meta> before this script, loads beside the bundle, not after it has imported it.
 */
function preloadDemo(): void {
  const files = document.querySelector<HTMLMetaElement>('meta[name="zalik:demo-chunk"]')?.content.split(' ') ?? [];
  for (const href of files.filter(Boolean)) {
    const link = document.createElement('link');
    // The bundle's import finds this stylesheet by its href and does not load it again.
    link.rel = href.endsWith('.css') ? 'stylesheet' : 'modulepreload';
    link.href = href;
    link.crossOrigin = '';
    document.head.appendChild(link);
  }
}

export function startEarly(): Store {
  const store: Store = {};
  const token = liveToken();
  const cachedCourse = Number(localStorage.getItem(EARLY.courseKey));
  // The app's first render takes the served data; when it cannot (another course...), it asks itself.
  const served = document.getElementById(EARLY.firstScreenData) !== null;
  let catalogueCourse = 0;

  const catalogue = (course: unknown, jwt: string) => {
    if (served || typeof course !== 'number' || course < 1 || course > 4 || course === catalogueCourse) return;
    catalogueCourse = course;
    send(store, 'GET', `${EARLY.subjects}${course}`, undefined, jwt);
    if (!store[`GET ${EARLY.news}`]) send(store, 'GET', EARLY.news, undefined, jwt);
  };
  const signIn = (initData: string) =>
    json(send(store, 'POST', EARLY.auth, JSON.stringify(initData))).then((a) => {
      if (typeof a?.jwt === 'string') catalogue(a.courseNumber, a.jwt);
    });

  // A returning student: the catalogue does not wait for the sign-in (its answer is the same for everyone).
  if (token) catalogue(cachedCourse, token);

  const initData = launchInitData();
  if (initData) {
    void signIn(initData).catch(() => undefined);
  } else if (!launchedByTelegram()) {
    preloadDemo();
    send(store, 'GET', EARLY.personas);
    const persona = new URLSearchParams(window.location.search).get('persona') ?? localStorage.getItem(EARLY.personaKey);
    if (persona) {
      // The dev endpoint signs in too (demo.ts hands its answer to the app's sign-in).
      json(send(store, 'POST', EARLY.initData, initDataBody(persona)))
        .then((signed) => {
          const auth = signed?.auth as Record<string, unknown> | undefined;
          if (typeof auth?.jwt === 'string') catalogue(auth.courseNumber, auth.jwt);
        })
        .catch(() => undefined);
    }
  }
  return store;
}

// The entry's only side effects (tests import startEarly() without running it).
if (typeof window !== 'undefined' && import.meta.env.MODE !== 'test') {
  try {
    paint();
  } catch {
    // A damaged stored value: the SDK paints a moment later.
  }
  try {
    window.__zalikEarly = startEarly();
  } catch {
    // Storage blocked, an odd URL...: the app sends its own requests.
  }
}
