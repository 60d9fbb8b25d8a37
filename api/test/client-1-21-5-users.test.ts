/**
 * The newest client (1.21.5) signing in, choosing a course and running users as an admin,
 * each call sent as that client builds it (client-1-21-5.ts), each answer checked for the
 * fields its pages read. Also the yearly move of students one course up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@zalik/contract';
import { sql } from 'drizzle-orm';
import { row } from '../src/db/client.js';
import { promoteCoursesOnce } from '../src/modules/users/jobs.js';
import { ADMIN_ID, createTestContext, login, type TestContext } from './helpers.js';
import { decoded, newestClient } from './client-1-21-5.js';

let ctx: TestContext;
let client: ReturnType<typeof newestClient>;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  client = newestClient(ctx.app);
  admin = await login(ctx.app, { id: ADMIN_ID, username: 'boss' });
});
afterAll(() => ctx.close());

const courseOf = async (id: number) => decoded(await login(ctx.app, { id })).courseNumber;

describe('sign-in and the course screen', () => {
  it('the token carries courseNumber 0 until a course is chosen, then the chosen one', async () => {
    // useRouterConfig: autoAuth(), then jwtDecode(jwt).courseNumber; 0 shows ChooseCourse.
    const jwt = await login(ctx.app, { id: 7101 });
    expect(decoded(jwt)).toMatchObject({ sub: '7101', roles: ['ROLE_USER'], ban: false, courseNumber: 0 });
    // patchUserCourse(course.courseNumber): a number 1-4; the answer is not read.
    const set = await client.json(jwt, 'PATCH', '/api/v1/users/course_number', { courseNumber: 3 });
    expect(set.statusCode).toBe(200);
    expect(await courseOf(7101)).toBe(3);
    // The older client's call reads the same course.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me/course', headers: { authorization: `Bearer ${jwt}` } })).body).toBe('3');
  });

  it.each([0, 5, 'ВСІ', null])('refuses course %s with the message the page shows, and keeps the old one', async (courseNumber) => {
    const jwt = await login(ctx.app, { id: 7102 });
    await client.json(jwt, 'PATCH', '/api/v1/users/course_number', { courseNumber: 2 });
    const res = await client.json(jwt, 'PATCH', '/api/v1/users/course_number', { courseNumber });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.courseRange);
    expect(await courseOf(7102)).toBe(2);
  });
});

describe('1 September: every student one course up', () => {
  const COURSES: Record<number, number> = { 7201: 0, 7202: 1, 7203: 2, 7204: 3, 7205: 4 };

  it('once per academic year; a 4th-year student is asked to choose again', async () => {
    for (const [id, course] of Object.entries(COURSES)) {
      const jwt = await login(ctx.app, { id: Number(id) });
      if (course) await client.json(jwt, 'PATCH', '/api/v1/users/course_number', { courseNumber: course });
    }
    const courses = async () =>
      Object.fromEntries(await Promise.all(Object.keys(COURSES).map(async (id) => [id, (await ctx.deps.users.get(Number(id))).courseNumber])));

    // The year this database was created in counts as done; the last minute of August (Kyiv) is still that year.
    expect(await promoteCoursesOnce(ctx.deps.db)).toBeNull();
    const year = Number((await row<{ y: number }>(ctx.deps.db, sql`SELECT max(year) AS y FROM course_promotions`))!.y);
    expect(await promoteCoursesOnce(ctx.deps.db, new Date(`${year + 1}-08-31T20:59:59Z`))).toBeNull();
    expect(await courses()).toEqual({ 7201: 0, 7202: 1, 7203: 2, 7204: 3, 7205: 4 });

    // Midnight of 1 September in Kyiv (UTC+3 in summer).
    const done = await promoteCoursesOnce(ctx.deps.db, new Date(`${year + 1}-08-31T21:00:00Z`));
    expect(done).toEqual({ year: year + 1, promoted: expect.any(Number) });
    expect(await courses()).toEqual({ 7201: 0, 7202: 2, 7203: 3, 7204: 4, 7205: 0 });
    // The client shows the course screen to the former 4th-year student at the next launch.
    expect(await courseOf(7205)).toBe(0);
    expect(await courseOf(7204)).toBe(4);

    // A second run the same year, or one of another instance, moves nobody again.
    expect(await promoteCoursesOnce(ctx.deps.db, new Date(`${year + 1}-09-15T10:00:00Z`))).toBeNull();
    expect(await promoteCoursesOnce(ctx.deps.db, new Date(`${year + 1}-08-31T21:00:00Z`))).toBeNull();
    expect(await courses()).toEqual({ 7201: 0, 7202: 2, 7203: 3, 7204: 4, 7205: 0 });
  });

  it('is a recurring job every instance registers', () => {
    expect(ctx.deps.jobs.recurringJob('users.promote-courses')?.intervalMs).toBe(3_600_000);
  });
});

describe('users as an admin sees them (profile-user, choose-role)', () => {
  it('the search answers the ban flag as `banned`; toggle_ban_status bans and unbans', async () => {
    const jwt = await login(ctx.app, { id: 7301, username: 'bohdan' });
    const find = async () => (await client.json(admin, 'GET', '/api/v1/users/search?page=0&limit=10&username=bohdan')).json().content[0];
    expect(await find()).toMatchObject({ telegramId: '7301', username: 'bohdan', photo: '', courseNumber: 0, createdAt: expect.any(String), banned: false });
    // patchBanUser(user): value is the opposite of user.banned; no body.
    const ban = await client.json(admin, 'PATCH', `/api/v1/users/toggle_ban_status?telegramId=7301&value=${!(await find()).banned}`);
    expect(ban.statusCode).toBe(200);
    expect(await find()).toMatchObject({ banned: true });
    expect((await client.json(jwt, 'GET', '/api/v1/subjects/course-number/1')).statusCode).toBe(403);
    await client.json(admin, 'PATCH', `/api/v1/users/toggle_ban_status?telegramId=7301&value=${!(await find()).banned}`);
    expect(await find()).toMatchObject({ banned: false });
    // An admin cannot ban themself; a student cannot ban anyone.
    const self = await client.json(admin, 'PATCH', `/api/v1/users/toggle_ban_status?telegramId=${ADMIN_ID}&value=true`);
    expect([self.statusCode, self.json().message]).toEqual([400, MSG.selfBan]);
    expect((await client.json(jwt, 'PATCH', `/api/v1/users/toggle_ban_status?telegramId=${ADMIN_ID}&value=true`)).statusCode).toBe(403);
  });

  it('toggle_role grants a role the user lacks and takes away one they have', async () => {
    await login(ctx.app, { id: 7302, username: 'dmytro' });
    const roles = async () => (await ctx.deps.users.get(7302)).roles;
    // patchChangeRole(telegramId, {type: 'ROLE_DEVELOPER'}): telegramId as the list gave it (a string).
    expect((await client.json(admin, 'PATCH', '/api/v1/users/toggle_role', { telegramId: '7302', roleName: 'ROLE_DEVELOPER' })).statusCode).toBe(200);
    expect(await roles()).toEqual(['ROLE_USER', 'ROLE_DEVELOPER']);
    expect((await client.json(admin, 'PATCH', '/api/v1/users/toggle_role', { telegramId: '7302', roleName: 'ROLE_ADMIN' })).statusCode).toBe(200);
    expect(await roles()).toEqual(['ROLE_USER', 'ROLE_DEVELOPER', 'ROLE_ADMIN']);
    expect((await client.json(admin, 'PATCH', '/api/v1/users/toggle_role', { telegramId: '7302', roleName: 'ROLE_DEVELOPER' })).statusCode).toBe(200);
    expect(await roles()).toEqual(['ROLE_USER', 'ROLE_ADMIN']);
    // The token of the former developer stops opening developer calls at once.
    const jwt = await login(ctx.app, { id: 7302, username: 'dmytro' });
    expect(decoded(jwt).roles).toEqual(['ROLE_USER', 'ROLE_ADMIN']);
    const bad = await client.json(admin, 'PATCH', '/api/v1/users/toggle_role', { telegramId: '7302', roleName: 'ROLE_KING' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, MSG.roleOne]);
    const missing = await client.json(admin, 'PATCH', '/api/v1/users/toggle_role', { telegramId: '999999', roleName: 'ROLE_ADMIN' });
    expect([missing.statusCode, missing.json().message]).toEqual([404, MSG.userNotFound]);
  });

  it('never takes ROLE_ADMIN from the caller, nor from an admin of the server\'s settings', async () => {
    const other = await login(ctx.app, { id: 7302, username: 'dmytro' });
    const self = await client.json(other, 'PATCH', '/api/v1/users/toggle_role', { telegramId: '7302', roleName: 'ROLE_ADMIN' });
    expect([self.statusCode, self.json().message]).toEqual([400, MSG.selfAdminRevoke]);
    const configured = await client.json(other, 'PATCH', '/api/v1/users/toggle_role', { telegramId: String(ADMIN_ID), roleName: 'ROLE_ADMIN' });
    expect([configured.statusCode, configured.json().message]).toEqual([409, MSG.configAdminRevoke]);
    expect((await ctx.deps.users.get(7302)).roles).toContain('ROLE_ADMIN');
    // Another admin may take it: the configured one remains.
    expect((await client.json(admin, 'PATCH', '/api/v1/users/toggle_role', { telegramId: '7302', roleName: 'ROLE_ADMIN' })).statusCode).toBe(200);
    expect((await ctx.deps.users.get(7302)).roles).toEqual(['ROLE_USER']);
  });

  it('POST /notifications/support sends a support message as /supports/sent does', async () => {
    const jwt = await login(ctx.app, { id: 7303, username: 'iryna' });
    // postSendNotificationSupport(support): `message`, then `files` for each file.
    const res = await client.form(jwt, 'POST', '/api/v1/notifications/support', [
      { name: 'message', value: 'Не відкривається файл' },
      { name: 'files', filename: 'скрін.png', contentType: 'image/png', value: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex') },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: expect.any(String), files: 1 });
    const empty = await client.form(jwt, 'POST', '/api/v1/notifications/support', [{ name: 'message', value: '' }]);
    expect(empty.statusCode).toBe(400);
  });
});

describe('the last admin', () => {
  it('keeps ROLE_ADMIN when no admin of the server\'s settings exists, even when two admins take it from each other at once', async () => {
    const own = await createTestContext({ ADMIN_TELEGRAM_IDS: '' });
    try {
      const c = newestClient(own.app);
      const a = await login(own.app, { id: 7401, username: 'anna' });
      const b = await login(own.app, { id: 7402, username: 'borys' });
      await own.deps.db.execute(sql`INSERT INTO user_roles (telegram_id, role) VALUES (7401, 'ROLE_ADMIN'), (7402, 'ROLE_ADMIN')`);
      const [ab, ba] = await Promise.all([
        c.json(a, 'PATCH', '/api/v1/users/toggle_role', { telegramId: '7402', roleName: 'ROLE_ADMIN' }),
        c.json(b, 'PATCH', '/api/v1/users/toggle_role', { telegramId: '7401', roleName: 'ROLE_ADMIN' }),
      ]);
      // One takes it; the other is refused: as the last admin, or (when it came second) as no admin any more.
      const [won, lost] = ab.statusCode === 200 ? [ab, ba] : [ba, ab];
      expect(won.statusCode).toBe(200);
      expect([[409, MSG.lastAdminRevoke], [403, MSG.forbidden]]).toContainEqual([lost.statusCode, lost.json().message]);
      const admins = await Promise.all([7401, 7402].map(async (id) => (await own.deps.users.get(id)).roles.includes('ROLE_ADMIN')));
      expect(admins.filter(Boolean)).toHaveLength(1);
    } finally {
      await own.close();
    }
  });
});
