/**
 * The newest client (1.21.5) switching maintenance and sending announcements, each call sent as
 * that client builds it (client-1-21-5.ts), each answer checked for the fields its pages read:
 * the tech-work screen and router (`enabled`, `message`), the announcement page (nothing on
 * success, `message` of a refusal).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@zalik/contract';
import { row } from '../src/db/client.js';
import { ADMIN_ID, createTestContext, login, signInitData, type TestContext } from './helpers.js';
import { newestClient } from './client-1-21-5.js';
import type { Part } from './docx.js';

let ctx: TestContext;
let client: ReturnType<typeof newestClient>;
let admin: string;
const STATUS = '/api/v1/maintenance/status';
const ALARM = '/api/v1/notifications/alarm';
/** Students made for this file: two of course 2, one of course 4. */
const STUDENTS = { 7601: 2, 7602: 2, 7603: 4 } as const;

beforeAll(async () => {
  ctx = await createTestContext();
  client = newestClient(ctx.app);
  admin = await login(ctx.app, { id: ADMIN_ID, username: 'boss' });
  for (const [id, course] of Object.entries(STUDENTS)) {
    const jwt = await login(ctx.app, { id: Number(id) });
    await client.json(jwt, 'PATCH', '/api/v1/users/course_number', { courseNumber: course });
  }
});
afterAll(() => ctx.close());

/** autoAuth(): the raw initData as a JSON string, no token; the client keeps `jwt`. */
const autoAuth = (id: number) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/users/auth',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(signInitData({ id, username: `user${id}` })),
  });

describe('maintenance: the tech-work page and the router', () => {
  it('an admin switches it on with a message; a student launching then sees that message, an admin the app', async () => {
    // patchMaintenanceStatus(enabled, message) from the tech-work page.
    const on = await client.json(admin, 'PATCH', STATUS, { enabled: true, message: 'Оновлюємо каталог до 18:00.' });
    expect(on.statusCode).toBe(200);

    // MyAppRouter: autoAuth() must answer a jwt, or the router never asks the status and spins forever.
    const signIn = await autoAuth(7601);
    expect(signIn.statusCode).toBe(200);
    const jwt = signIn.json().jwt as string;
    expect(jwt).toEqual(expect.any(String));
    // getMaintenanceStatus(): `enabled` and `message` decide the tech-work screen.
    const status = await client.json(jwt, 'GET', STATUS);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ enabled: true, message: 'Оновлюємо каталог до 18:00.' });
    // The token opens nothing else while it lasts.
    const refused = await client.json(jwt, 'GET', '/api/v1/subjects/course-number/2?page=0&limit=10');
    expect(refused.statusCode).toBe(503);

    // The tech-work page itself (an admin) reads the same fields to fill its switch and input.
    const mine = await client.json(admin, 'GET', STATUS);
    expect(mine.json()).toMatchObject({ enabled: true, message: 'Оновлюємо каталог до 18:00.' });
    expect((await client.json(admin, 'GET', '/api/v1/subjects/course-number/2?page=0&limit=10')).statusCode).toBe(200);
  });

  it("switching off sends message '' (the page blanks it): students are let in again", async () => {
    const off = await client.json(admin, 'PATCH', STATUS, { enabled: false, message: '' });
    expect(off.statusCode).toBe(200);
    const jwt = (await autoAuth(7602)).json().jwt as string;
    const status = await client.json(jwt, 'GET', STATUS);
    expect(status.json().enabled).toBe(false);
    expect((await client.json(jwt, 'GET', '/api/v1/subjects/course-number/2?page=0&limit=10')).statusCode).toBe(200);
  });

  it('switched on with an empty message, the router shows the default text rather than its own', async () => {
    await client.json(admin, 'PATCH', STATUS, { enabled: true, message: '' });
    const jwt = (await autoAuth(7603)).json().jwt as string;
    expect((await client.json(jwt, 'GET', STATUS)).json()).toMatchObject({ enabled: true, message: MSG.maintenance });
    await client.json(admin, 'PATCH', STATUS, { enabled: false, message: '' });
  });

  it('a student cannot switch it; the refusal carries the message the page shows', async () => {
    const jwt = (await autoAuth(7601)).json().jwt as string;
    const res = await client.json(jwt, 'PATCH', STATUS, { enabled: true, message: 'Ні' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toEqual(expect.any(String));
    expect((await client.json(admin, 'GET', STATUS)).json().enabled).toBe(false);
  });
});

describe('announcements: postNotification', () => {
  const queued = async () => Number((await row<{ n: number | string }>(ctx.deps.db, sql`SELECT count(*) AS n FROM outbox WHERE kind = 'broadcast'`))!.n);
  /** FormData as the page builds it: courseNumber, message, then each file as `files`. */
  const form = (courseNumber: string | number, message: string, files: { name: string; body: string }[] = []): Part[] => [
    { name: 'courseNumber', value: String(courseNumber) },
    { name: 'message', value: message },
    ...files.map((f) => ({ name: 'files', filename: f.name, value: f.body, contentType: 'application/pdf' })),
  ];

  it("'ВСІ' (the course picker's \"all\") reaches every user", async () => {
    const users = Number((await row<{ n: number | string }>(ctx.deps.db, sql`SELECT count(*) AS n FROM users WHERE NOT is_banned`))!.n);
    const before = await queued();
    const res = await client.form(admin, 'POST', ALARM, form('ВСІ', 'Завтра пар не буде.', [{ name: 'наказ.pdf', body: '%PDF-1.4 наказ' }]));
    expect(res.statusCode).toBe(201);
    expect(await queued()).toBe(before + users);
    expect(res.json()).toMatchObject({ courseNumber: null, recipients: users, files: [{ fileName: 'наказ.pdf' }] });
  });

  it('a course number (sent as the number the picker holds) reaches that course only', async () => {
    const before = await queued();
    const res = await client.form(admin, 'POST', ALARM, form(2, 'Другий курс, збори о 12:00.'));
    expect(res.statusCode).toBe(201);
    expect(await queued()).toBe(before + 2);
  });

  it.each([
    ['no course picked', '', 'Привіт', MSG.broadcastAudience],
    ['a course out of range', 5, 'Привіт', MSG.broadcastAudience],
    ['an empty message', 'ВСІ', '  ', MSG.broadcastEmpty],
  ])('refuses %s with the message the page shows, queueing nothing', async (_, course, message, expected) => {
    const before = await queued();
    const res = await client.form(admin, 'POST', ALARM, form(course, message));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(expected);
    expect(await queued()).toBe(before);
  });

  it('a student cannot announce', async () => {
    const jwt = await login(ctx.app, { id: 7602 });
    expect((await client.form(jwt, 'POST', ALARM, form('ВСІ', 'Спам'))).statusCode).toBe(403);
  });
});
