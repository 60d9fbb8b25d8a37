import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints as ep, pathOf } from '@zalik/contract';
import { AUTH_PATH } from '../api/auth';
import { call } from '../api/client';
import { takeEarly } from '../api/early';
import { COURSE_KEY, TOKEN_KEY } from '../api/token';
import { initDataBody as demoInitDataBody } from '../telegram/demo';
import { DEMO_FLAG, SDK_STORAGE_PREFIX } from '../telegram/launch';
import { EARLY, initDataBody, startEarly } from './early';
import { FIRST_SCREEN_DATA_ID } from './firstScreen';
import { PAINT_KEY } from './paint';
import { PAINT_KEY as SDK_PAINT_KEY } from '../telegram/sdk';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '');
const jwt = (exp: number) => `${b64({ alg: 'HS256' })}.${b64({ sub: '1', roles: ['ROLE_USER'], ban: false, exp })}.sig`;
const flush = () => new Promise((r) => setTimeout(r, 0));

let fetchMock: ReturnType<typeof vi.fn>;
const sent = () => fetchMock.mock.calls.map(([url, init]) => `${(init as RequestInit).method} ${String(url)}`);

beforeEach(() => {
  fetchMock = vi.fn(async (url: string) => {
    const signIn = { jwt: jwt(Date.now() / 1000 + 3600), courseNumber: 2 };
    if (url === EARLY.initData) return json({ initData: 'signed', auth: signIn });
    if (url === EARLY.auth) return json(signIn);
    return json([]);
  });
  vi.stubGlobal('fetch', fetchMock);
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete window.__zalikEarly;
});

describe('early requests (app/early.ts)', () => {
  it("uses the app's own paths and storage keys (it cannot import them)", () => {
    expect(EARLY.personas).toBe(pathOf(ep.demoPersonas));
    expect(EARLY.initData).toBe(pathOf(ep.demoInitData));
    expect(EARLY.auth).toBe(pathOf(ep.signIn));
    expect(EARLY.news).toBe(pathOf(ep.listNews));
    expect(`${EARLY.subjects}3`).toBe(pathOf(ep.subjectsOfCourse, { n: 3 }));
    expect(EARLY.tokenKey).toBe(TOKEN_KEY);
    expect(EARLY.courseKey).toBe(COURSE_KEY);
    expect(EARLY.demoFlag).toBe(DEMO_FLAG);
    expect(EARLY.sdkLaunchParams).toBe(`${SDK_STORAGE_PREFIX}launchParams`);
    expect(EARLY.firstScreenData).toBe(FIRST_SCREEN_DATA_ID);
    expect(PAINT_KEY).toBe(SDK_PAINT_KEY);
    expect(initDataBody('100001')).toBe(demoInitDataBody('100001'));
  });

  it('demo, first open: personas and init-data (which signs in too) at once, then the answered course', async () => {
    window.history.replaceState(null, '', '/?persona=100001');
    window.__zalikEarly = startEarly();
    expect(sent()).toEqual(['GET /api/dev/personas', 'POST /api/dev/init-data']);
    expect(fetchMock.mock.calls[1]![1]).toMatchObject({ body: demoInitDataBody('100001') });
    await flush();
    expect(sent()).toEqual(['GET /api/dev/personas', 'POST /api/dev/init-data', 'GET /api/v1/subjects/course-number/2', 'GET /api/v1/news']);
  });

  it('demo: an init-data answer without a sign-in (say, rate-limited) starts nothing more', async () => {
    fetchMock.mockImplementation(async (url: string) => (url === EARLY.initData ? json({ initData: 'signed' }) : json([])));
    localStorage.setItem(EARLY.personaKey, '100003');
    window.__zalikEarly = startEarly();
    await flush();
    expect(sent()).toEqual(['GET /api/dev/personas', 'POST /api/dev/init-data']);
    expect(fetchMock.mock.calls[1]![1]).toMatchObject({ body: demoInitDataBody('100003') });
  });

  it('Telegram, first open: sign-in with the launch initData, then the answered course', async () => {
    window.location.hash = `tgWebAppData=${encodeURIComponent('user=1&hash=h')}&tgWebAppVersion=8.0`;
    window.__zalikEarly = startEarly();
    expect(sent()).toEqual(['POST /api/v1/users/auth']);
    await flush();
    expect(sent()).toEqual(['POST /api/v1/users/auth', 'GET /api/v1/subjects/course-number/2', 'GET /api/v1/news']);
    // The app takes each answer once, and only for the same request.
    expect(takeEarly('POST', AUTH_PATH, JSON.stringify('other'))).toBeUndefined();
    expect(takeEarly('POST', AUTH_PATH, JSON.stringify('user=1&hash=h'))).toBeDefined();
    expect(takeEarly('POST', AUTH_PATH, JSON.stringify('user=1&hash=h'))).toBeUndefined();
    expect(takeEarly('GET', pathOf(ep.subjectsOfCourse, { n: 2 }))).toBeDefined();
  });

  it("the app's first calls are the very requests prefetched: it takes their answers instead of asking again", async () => {
    window.location.hash = `tgWebAppData=${encodeURIComponent('user=1&hash=h')}&tgWebAppVersion=8.0`;
    window.__zalikEarly = startEarly();
    await flush();
    const sentEarly = sent().length;
    await call(ep.subjectsOfCourse, { params: { n: 2 } });
    await call(ep.listNews, {});
    expect(sent()).toHaveLength(sentEarly);
  });

  it('returning with a live token and a cached course: the catalogue goes out before the sign-in answers', () => {
    localStorage.setItem(TOKEN_KEY, jwt(Date.now() / 1000 + 3600));
    localStorage.setItem(COURSE_KEY, '3');
    window.location.hash = `tgWebAppData=${encodeURIComponent('user=1&hash=h')}&tgWebAppVersion=8.0`;
    window.__zalikEarly = startEarly();
    expect(sent()).toEqual(['GET /api/v1/subjects/course-number/3', 'GET /api/v1/news', 'POST /api/v1/users/auth']);
    expect(fetchMock.mock.calls[2]![1]).toMatchObject({ body: JSON.stringify('user=1&hash=h') });
  });

  it('a list the server rendered with its data: the sign-in goes, the catalogue does not', async () => {
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = FIRST_SCREEN_DATA_ID;
    document.head.append(data);
    localStorage.setItem(TOKEN_KEY, jwt(Date.now() / 1000 + 3600));
    localStorage.setItem(COURSE_KEY, '3');
    window.location.hash = `tgWebAppData=${encodeURIComponent('user=1&hash=h')}&tgWebAppVersion=8.0`;
    window.__zalikEarly = startEarly();
    await flush();
    data.remove();
    expect(sent()).toEqual(['POST /api/v1/users/auth']);
  });

  it('an expired token is not used, and a Telegram reload without launch params in the URL sends nothing', () => {
    localStorage.setItem(TOKEN_KEY, jwt(Date.now() / 1000 - 10));
    localStorage.setItem(COURSE_KEY, '3');
    sessionStorage.setItem(`${SDK_STORAGE_PREFIX}launchParams`, 'tgWebAppData=...');
    window.__zalikEarly = startEarly();
    expect(sent()).toEqual([]);
  });
});
