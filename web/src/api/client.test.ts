import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints as ep, MAINTENANCE_ERROR, MSG } from '@zalik/contract';

vi.mock('../telegram/sdk', () => ({ getRawInitData: () => 'query_id=q&user=%7B%22id%22%3A1%7D&hash=h' }));

import { call, newIdempotencyKey, request } from './client';
import { signIn, subscribeSession } from './auth';
import { ApiError } from './errors';
import { COURSE_KEY, getToken, setToken } from './token';
import { shouldRetry } from '../app/providers';

/** A JWT whose payload the client can read (the signature is the server's business). */
function jwt(sub: string, extra: Record<string, unknown> = {}): string {
  const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256' })}.${b64({ sub, roles: ['ROLE_USER'], ban: false, ...extra })}.sig`;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const expired = (field: 'message' | 'error' | 'both') =>
  json(401, field === 'both' ? { message: MSG.tokenExpired, error: MSG.tokenExpired } : { [field]: MSG.tokenExpired });

let fetchMock: ReturnType<typeof vi.fn>;
const calls = () => fetchMock.mock.calls.map(([url, init]) => ({ url: String(url), init: init as RequestInit }));
const auth = (init: RequestInit) => (init.headers as Record<string, string>).authorization;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends the stored token as a bearer and parses JSON answers (bare numbers too)', async () => {
    setToken('old.token.x');
    fetchMock.mockResolvedValueOnce(json(200, 3));
    await expect(call(ep.myCourse, {})).resolves.toBe(3);
    expect(auth(calls()[0]!.init)).toBe('Bearer old.token.x');
  });

  it.each(['message', 'error', 'both'] as const)(
    'renews an expired token silently (expiry in %s) and repeats the call once with the new token',
    async (field) => {
      setToken('old.token.x');
      const fresh = jwt('42');
      fetchMock
        .mockResolvedValueOnce(expired(field))
        .mockResolvedValueOnce(json(200, { jwt: fresh }))
        .mockResolvedValueOnce(json(200, 2));

      await expect(call(ep.setMyCourse, { body: { courseNumber: 2 } })).resolves.toBe(2);

      const [first, signIn, retry] = calls();
      expect(signIn!.url).toBe('/api/v1/users/auth');
      expect(signIn!.init.body).toBe(JSON.stringify('query_id=q&user=%7B%22id%22%3A1%7D&hash=h'));
      expect(retry!.url).toBe(first!.url);
      expect(retry!.init.method).toBe('PATCH');
      expect(retry!.init.body).toBe(JSON.stringify({ courseNumber: 2 }));
      expect(auth(retry!.init)).toBe(`Bearer ${fresh}`);
      expect(getToken()).toBe(fresh);
    },
  );

  it('shares one sign-in between calls that expire together', async () => {
    setToken('old.token.x');
    const fresh = jwt('42');
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      if (url === '/api/v1/users/auth') return json(200, { jwt: fresh });
      return auth(init) === `Bearer ${fresh}` ? json(200, 'ok') : expired('both');
    });
    await Promise.all([request('GET', '/a'), request('GET', '/b'), request('GET', '/c')]);
    expect(calls().filter((c) => c.url === '/api/v1/users/auth')).toHaveLength(1);
  });

  it('repeats only once: an expired answer after renewing is an error, not a loop', async () => {
    fetchMock
      .mockResolvedValueOnce(expired('both'))
      .mockResolvedValueOnce(json(200, { jwt: jwt('42') }))
      .mockResolvedValueOnce(expired('both'));
    await expect(request('GET', '/x')).rejects.toMatchObject({ status: 401, message: MSG.tokenExpired });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('does not renew on other 401s', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { message: MSG.tokenInvalid }));
    await expect(request('GET', '/x')).rejects.toMatchObject({ status: 401, message: MSG.tokenInvalid });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("turns an error answer into an ApiError carrying the server's Ukrainian message", async () => {
    fetchMock.mockResolvedValueOnce(json(400, { message: MSG.courseRange }));
    const err = await request('PATCH', '/x', { body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, message: MSG.courseRange, isClientError: true });
  });

  it('says the server could not be reached when fetch fails', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(request('GET', '/x')).rejects.toMatchObject({ status: 0, message: MSG.networkError });
  });

  it('falls back to a Ukrainian message when the error body is not ours', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(request('GET', '/x')).rejects.toMatchObject({ status: 502, message: MSG.internal });
  });

  it('reports a ban so the app can show the blocked screen', async () => {
    const events: string[] = [];
    const off = subscribeSession((e) => events.push(e.type));
    fetchMock.mockResolvedValueOnce(json(403, { message: MSG.banned }));
    await expect(request('GET', '/x')).rejects.toMatchObject({ status: 403 });
    off();
    expect(events).toEqual(['banned']);
  });

  it("reports maintenance with the admin's message, and an outage's 503 as no maintenance", async () => {
    const events: unknown[] = [];
    const off = subscribeSession((e) => events.push(e));
    fetchMock.mockResolvedValueOnce(json(503, { message: 'Повернемося о 14:00.', error: MAINTENANCE_ERROR }));
    await expect(request('GET', '/x')).rejects.toMatchObject({ status: 503, message: 'Повернемося о 14:00.' });
    fetchMock.mockResolvedValueOnce(json(503, { message: MSG.unavailable }));
    await expect(request('GET', '/x')).rejects.toMatchObject({ status: 503, message: MSG.unavailable });
    off();
    expect(events).toEqual([{ type: 'maintenance', message: 'Повернемося о 14:00.' }]);
  });

  it('a sign-in answered during maintenance keeps the token and reports the maintenance, so the gate shows why', async () => {
    const events: unknown[] = [];
    const off = subscribeSession((e) => events.push(e));
    const fresh = jwt('43');
    fetchMock.mockResolvedValueOnce(json(200, { jwt: fresh, courseNumber: 2, maintenance: 'Повернемося ввечері.' }));
    await signIn();
    off();
    expect(getToken()).toBe(fresh);
    expect(events).toContainEqual({ type: 'maintenance', message: 'Повернемося ввечері.' });
  });

  it('sends FormData as multipart (the browser sets the boundary)', async () => {
    fetchMock.mockResolvedValue(json(200, {}));
    const form = new FormData();
    form.append('message', 'hi');
    await call(ep.sendSupport, { body: form });
    const { init } = calls()[0]!;
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['content-type']).toBeUndefined();
  });

  it('sends the headers the endpoint table names for a call (the Idempotency-Key of a purchase)', async () => {
    fetchMock.mockResolvedValue(json(200, {}));
    const key = newIdempotencyKey();
    await call(ep.purchase, { body: { taskId: '7', arguments: [] }, headers: { 'idempotency-key': key } });
    expect((calls()[0]!.init.headers as Record<string, string>)['idempotency-key']).toBe(key);
    expect((calls()[0]!.init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('builds query strings and skips empty values', async () => {
    fetchMock.mockResolvedValue(json(200, []));
    await request('GET', '/api/v1/transactions/history/user/1', { query: { page: 0, limit: 5, q: undefined } });
    expect(calls()[0]!.url).toBe('/api/v1/transactions/history/user/1?page=0&limit=5');
  });
});

describe('early requests (index.html started them before the bundle)', () => {
  afterEach(() => {
    delete window.__zalikEarly;
  });

  it("takes a parked GET answer instead of asking again, and asks again when it failed", async () => {
    window.__zalikEarly = {
      'GET /api/v1/news': { response: Promise.resolve(json(200, ['parked'])) },
      'GET /api/v1/subjects/course-number/1': { response: Promise.resolve(expired('both')) },
    };
    fetchMock.mockImplementation(async () => json(200, ['fresh']));
    await expect(call(ep.listNews, {})).resolves.toEqual(['parked']);
    await expect(call(ep.subjectsOfCourse, { params: { n: 1 } })).resolves.toEqual(['fresh']);
    await expect(call(ep.listNews, {})).resolves.toEqual(['fresh']);
    expect(calls().map((c) => c.url)).toEqual(['/api/v1/subjects/course-number/1', '/api/v1/news']);
  });

  it("signs in with the parked answer when it was for this launch's initData, and reports the answered course", async () => {
    const fresh = jwt('42');
    window.__zalikEarly = {
      'POST /api/v1/users/auth': {
        body: JSON.stringify('query_id=q&user=%7B%22id%22%3A1%7D&hash=h'),
        response: Promise.resolve(json(200, { jwt: fresh, courseNumber: 3 })),
      },
    };
    const events: unknown[] = [];
    const off = subscribeSession((e) => events.push(e));
    await signIn();
    off();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(getToken()).toBe(fresh);
    expect(localStorage.getItem(COURSE_KEY)).toBe('3');
    expect(events).toMatchObject([{ type: 'signedIn', courseNumber: 3, claims: { sub: '42' } }]);
  });
});

describe('query retries', () => {
  it('never retries what the server refused (4xx), retries other failures twice', () => {
    expect(shouldRetry(0, new ApiError('x', 400))).toBe(false);
    expect(shouldRetry(0, new ApiError('x', 404))).toBe(false);
    expect(shouldRetry(0, new ApiError('x', 500))).toBe(true);
    expect(shouldRetry(0, new ApiError(MSG.networkError, 0))).toBe(true);
    expect(shouldRetry(2, new ApiError('x', 500))).toBe(false);
    // Maintenance is a decision, not an outage: asking again soon cannot help.
    expect(shouldRetry(0, new ApiError('x', 503, { message: 'x', error: MAINTENANCE_ERROR }))).toBe(false);
  });
});
