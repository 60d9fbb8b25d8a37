import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MAINTENANCE_ERROR, MSG } from '@zalik/contract';
import { row } from '../src/db/client.js';
import { createMaintenanceService } from '../src/modules/maintenance/service.js';
import { ADMIN_ID, auth, createTestContext, login, signInitData, type TestContext } from './helpers.js';
import { makeSubject, makeTask, makeTeacher } from './fixtures.js';
import { balanceUah, expectLedgerBalanced, topUpApi } from './ledger-helpers.js';

let ctx: TestContext;
let admin: string;
let student: string;
const STUDENT = 8801;
const DEVELOPER = 8802;
const STATUS = '/api/v1/maintenance/status';

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await login(ctx.app, { id: ADMIN_ID, username: 'boss' });
  student = await login(ctx.app, { id: STUDENT, username: 'stud' });
});
afterAll(() => ctx.close());
afterEach(async () => {
  await ctx.app.inject({ method: 'PATCH', url: STATUS, headers: auth(admin), payload: { enabled: false, message: '' } });
  await expectLedgerBalanced(ctx.deps);
});

const setMaintenance = (token: string, payload: unknown) => ctx.app.inject({ method: 'PATCH', url: STATUS, headers: auth(token), payload: payload as object });
const myWallets = (token: string, id: number) => ctx.app.inject({ method: 'GET', url: `/api/v1/wallets/user/${id}`, headers: auth(token) });

describe('maintenance mode', () => {
  it('is off by default, and anyone may read the switch without a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: STATUS });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ enabled: false, message: MSG.maintenance });
  });

  it("answers every student call 503 with the admin's message while admins keep working", async () => {
    const on = await setMaintenance(admin, { enabled: true, message: 'Оновлюємо оплату, повернемося о 14:00.' });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ enabled: true, message: 'Оновлюємо оплату, повернемося о 14:00.' });

    const refused = await myWallets(student, STUDENT);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ message: 'Оновлюємо оплату, повернемося о 14:00.', error: MAINTENANCE_ERROR });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/subjects/course-number/1', headers: auth(student) })).statusCode).toBe(503);

    expect((await myWallets(admin, ADMIN_ID)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: STATUS })).json()).toEqual({ enabled: true, message: 'Оновлюємо оплату, повернемося о 14:00.' });
    // A launch signs in first: the student gets a token that opens nothing (the newest client
    // needs one to ask for its tech-work screen) and the answer says why; an admin gets in.
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/auth',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(signInitData({ id: STUDENT, username: 'stud' })),
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toEqual({ jwt: expect.any(String), courseNumber: expect.any(Number), maintenance: 'Оновлюємо оплату, повернемося о 14:00.' });
    expect((await myWallets(signIn.json().jwt, STUDENT)).json()).toEqual({ message: 'Оновлюємо оплату, повернемося о 14:00.', error: MAINTENANCE_ERROR });
    const adminSignIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/auth',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(signInitData({ id: ADMIN_ID, username: 'boss' })),
    });
    expect(adminSignIn.json()).toEqual({ jwt: expect.any(String), courseNumber: expect.any(Number) });

    await setMaintenance(admin, { enabled: false });
    expect((await myWallets(student, STUDENT)).statusCode).toBe(200);
  });

  it('says the default text when the admin leaves the message empty, and keeps a message across off and on', async () => {
    await setMaintenance(admin, { enabled: true, message: '' });
    expect((await myWallets(student, STUDENT)).json()).toEqual({ message: MSG.maintenance, error: MAINTENANCE_ERROR });
    await setMaintenance(admin, { enabled: false, message: 'Повернемося ввечері.' });
    const again = await setMaintenance(admin, { enabled: true });
    expect(again.json()).toEqual({ enabled: true, message: 'Повернемося ввечері.' });
  });

  it('refuses a bad switch in Ukrainian and changes nothing', async () => {
    const long = await setMaintenance(admin, { enabled: true, message: 'я'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(MSG.maintenanceMessageTooLong);
    const missing = await setMaintenance(admin, { message: 'Без прапорця' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MSG.maintenanceEnabled);
    expect((await ctx.app.inject({ method: 'GET', url: STATUS })).json()).toEqual({ enabled: false, message: MSG.maintenance });
  });

  it('lets only admins flip the switch', async () => {
    const res = await setMaintenance(student, { enabled: true });
    expect(res.statusCode).toBe(403);
    expect((await row<{ enabled: boolean }>(ctx.deps.db, sql`SELECT enabled FROM maintenance`))!.enabled).toBe(false);
  });

  it('reaches another instance within its cache window', async () => {
    const other = createMaintenanceService(ctx.deps.db, 0);
    expect((await other.status()).enabled).toBe(false);
    await setMaintenance(admin, { enabled: true, message: 'Профілактика' });
    expect(await other.status()).toEqual({ enabled: true, message: 'Профілактика' });
  });

  it('never half-writes a purchase: each one racing the switch is whole or refused with nothing charged', async () => {
    await login(ctx.app, { id: DEVELOPER, username: 'dev' });
    const teacherId = await makeTeacher(ctx.deps.db, await makeSubject(ctx.deps.db, 'Фізика'));
    const taskId = await makeTask(ctx.deps.db, { teacherId, developerId: DEVELOPER, price: 10 });
    await topUpApi(ctx.app, admin, STUDENT, 200);
    const before = await balanceUah(ctx.deps, STUDENT);
    const buys = Array.from({ length: 12 }, (_, i) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/tasks/process',
        headers: { ...auth(student), 'idempotency-key': `maint-race-${i}-xxxx` },
        payload: { taskId, arguments: [] },
      }),
    );
    const flip = setMaintenance(admin, { enabled: true });
    const answers = await Promise.all([...buys, flip]);
    const purchases = answers.slice(0, -1);
    expect(purchases.every((r) => r.statusCode === 200 || r.statusCode === 503)).toBe(true);
    const bought = purchases.filter((r) => r.statusCode === 200).length;
    const orders = await row<{ n: number | string }>(ctx.deps.db, sql`SELECT count(*) AS n FROM orders WHERE buyer_id = ${STUDENT}`);
    expect(Number(orders!.n)).toBe(bought);
    expect(await balanceUah(ctx.deps, STUDENT)).toBe(before - 10 * bought);
    // Once the switch is seen, a new purchase is refused.
    const late = await ctx.app.inject({ method: 'POST', url: '/api/v1/tasks/process', headers: auth(student), payload: { taskId, arguments: [] } });
    expect(late.statusCode).toBe(503);
  });
});
