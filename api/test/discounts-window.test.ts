/**
 * A discount's validity window, with the catalogue cache in front: the cached task list of a
 * teacher is rendered once per change of the catalogue, and a window opens and closes without
 * any change. The list must still show the discount exactly while it applies, without reading
 * the database again, and the price it shows must be the price a purchase charges at that time.
 * The application's clock is moved instead of waiting for real windows.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG, discountedPrice, type DiscountListItem, type Task } from '@zalik/contract';
import { clock } from '../src/lib/clock.js';
import { auth, createTestContext, login, type TestContext } from './helpers.js';
import { NO_RATE_LIMITS, STUDENT, buy, createWorld, manualTask, topUp, type World } from './purchase-world.js';

const OTHER = 7110;
const PRICE = 200;
const T0 = Date.parse('2030-03-01T10:00:00.000Z');
const HOUR = 3_600_000;
const at = (ms: number) => new Date(T0 + ms).toISOString();

let ctx: TestContext;
let w: World;
let other: string;
let taskId: number;
/** Every SQL statement the app sent that reads the discounts table. */
const discountReads: string[] = [];
let now = T0;

beforeAll(async () => {
  ctx = await createTestContext(NO_RATE_LIMITS, {
    logQuery: (q) => {
      if (/\bfrom discounts\b/i.test(q) || /\bjoin discounts\b/i.test(q)) discountReads.push(q);
    },
  });
  w = await createWorld(ctx);
  other = await login(ctx.app, { id: OTHER, username: 'other' });
  taskId = await manualTask(ctx, w, { price: PRICE });
  await topUp(ctx.database.db, STUDENT, 10_000);
  await topUp(ctx.database.db, OTHER, 10_000);
  vi.spyOn(clock, 'now').mockImplementation(() => new Date(now));
  // Only a live change feed lets the list be served from memory, which is what is tested here.
  await vi.waitFor(() => expect(ctx.deps.catalogue.isLive).toBe(true));
});
afterEach(() => {
  now = T0;
});
afterAll(async () => {
  vi.restoreAllMocks();
  await ctx.close();
});

const setDiscount = (body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/discounts/discount', headers: auth(w.admin), payload: { taskId: String(taskId), ...body } });

/** The percent the viewer's task list shows on the task, and whether reading it touched the discounts table. */
async function shown(token: string): Promise<{ percent: number; readDiscounts: boolean }> {
  const before = discountReads.length;
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/tasks/teacher/${w.teacherId}`, headers: auth(token) });
  expect(res.statusCode).toBe(200);
  const task = res.json<Task[]>().find((t) => t.id === String(taskId))!;
  return { percent: task.discount, readDiscounts: discountReads.length > before };
}

/** Buys the task and answers what it charged (UAH). */
async function charged(token: string): Promise<number> {
  const res = await buy(ctx, token, taskId, ['Мельник', '4']);
  expect(res.statusCode).toBe(200);
  return res.json<{ charged: number }>().charged;
}

/** Shown and charged at the current time: the price on the card is the price paid. */
async function expectPrice(token: string, percent: number) {
  const seen = await shown(token);
  expect(seen.percent).toBe(percent);
  expect(await charged(token)).toBe(discountedPrice(PRICE, seen.percent));
}

const listed = async () =>
  (await ctx.app.inject({ method: 'GET', url: `/api/v1/discounts?task=${encodeURIComponent('Курсова')}`, headers: auth(w.admin) })).json<DiscountListItem[]>();

describe('a GLOBAL discount with a window, through the cached task list', () => {
  it('appears when its window opens and goes when it closes, without reading the discounts again', async () => {
    const res = await setDiscount({ type: 'GLOBAL', discountValue: 25, availableValue: null, validFrom: at(HOUR), validTo: at(2 * HOUR) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ validFrom: at(HOUR), validTo: at(2 * HOUR) });

    // Before the window: full price. A purchase may take a use, so the list is read again
    // once after it (reading the discounts); from then on it is served from memory.
    await expectPrice(w.student, 0);
    expect((await listed())[0]).toMatchObject({ discountValue: 25, active: false, validFrom: at(HOUR), validTo: at(2 * HOUR) });
    expect(await shown(w.student)).toMatchObject({ percent: 0, readDiscounts: true });
    expect(await shown(w.student)).toEqual({ percent: 0, readDiscounts: false });

    now = T0 + HOUR - 1;
    expect(await shown(w.student)).toEqual({ percent: 0, readDiscounts: false });
    // The window opens (its start is inclusive): the cached list changes by itself.
    now = T0 + HOUR;
    expect(await shown(w.student)).toEqual({ percent: 25, readDiscounts: false });
    expect(await shown(w.admin)).toEqual({ percent: 25, readDiscounts: false });
    expect(await charged(w.student)).toBe(150);
    expect((await listed())[0]).toMatchObject({ active: true });

    now = T0 + 2 * HOUR - 1;
    await expectPrice(other, 25);
    expect(await shown(w.student)).toMatchObject({ percent: 25, readDiscounts: true });
    expect(await shown(w.student)).toEqual({ percent: 25, readDiscounts: false });
    // The window closes (its end is exclusive).
    now = T0 + 2 * HOUR;
    expect(await shown(w.student)).toEqual({ percent: 0, readDiscounts: false });
    expect(await shown(w.admin)).toEqual({ percent: 0, readDiscounts: false });
    expect(await charged(w.student)).toBe(PRICE);
    expect((await listed())[0]).toMatchObject({ active: false });
  });

  it('a window with only a start, or only an end, is open on the other side', async () => {
    expect((await setDiscount({ type: 'GLOBAL', discountValue: 10, availableValue: null, validFrom: at(HOUR) })).statusCode).toBe(200);
    await expectPrice(w.student, 0);
    now = T0 + HOUR;
    await expectPrice(w.student, 10);
    now = T0 + 1000 * HOUR;
    await expectPrice(w.student, 10);

    now = T0;
    expect((await setDiscount({ type: 'GLOBAL', discountValue: 20, availableValue: null, validTo: at(HOUR) })).statusCode).toBe(200);
    await expectPrice(w.student, 20);
    now = T0 + HOUR;
    await expectPrice(w.student, 0);
  });

  it('setting the discount again without a window makes it apply from now on, as clients that know no windows expect', async () => {
    now = T0 + 5 * HOUR;
    await expectPrice(w.student, 0);
    expect((await setDiscount({ type: 'GLOBAL', discountValue: 30, availableValue: null })).json()).toMatchObject({ validFrom: null, validTo: null });
    await expectPrice(w.student, 30);
  });
});

describe('a LOCAL discount with a window', () => {
  it('wins over the GLOBAL one only inside its window, for its user alone', async () => {
    expect((await setDiscount({ type: 'GLOBAL', discountValue: 10, availableValue: null })).statusCode).toBe(200);
    const local = await setDiscount({
      type: 'LOCAL', discountValue: 50, availableValue: 5, telegramId: String(STUDENT), validFrom: at(3 * HOUR), validTo: at(4 * HOUR),
    });
    expect(local.statusCode).toBe(200);

    now = T0 + 2 * HOUR;
    await expectPrice(w.student, 10);
    await expectPrice(other, 10);
    now = T0 + 3 * HOUR;
    await expectPrice(w.student, 50);
    await expectPrice(other, 10);
    now = T0 + 4 * HOUR;
    await expectPrice(w.student, 10);
    // The purchase inside the window took one of its five uses; nothing else did.
    const mine = (await listed()).find((d) => d.type === 'LOCAL')!;
    expect(mine).toMatchObject({ availableValue: 4, active: false, username: 'olena' });
  });
});

describe('refusals', () => {
  it.each([
    [{ validFrom: 'завтра' }, 'discountWindowInvalid'],
    [{ validFrom: '2030-02-30T10:00:00Z' }, 'discountWindowInvalid'],
    [{ validTo: '2030-03-01' }, 'discountWindowInvalid'],
    [{ validFrom: at(2 * HOUR), validTo: at(HOUR) }, 'discountWindowOrder'],
    [{ validFrom: at(HOUR), validTo: at(HOUR) }, 'discountWindowOrder'],
    [{ validTo: at(-1) }, 'discountWindowPast'],
  ] as const)('refuses the window %j and changes nothing', async (window, key) => {
    const before = await listed();
    const res = await setDiscount({ type: 'GLOBAL', discountValue: 40, availableValue: null, ...window });
    expect([res.statusCode, res.json()]).toEqual([400, { message: MSG[key] }]);
    expect(await listed()).toEqual(before);
  });
});

describe('the admin sees the window on the give-discount screen', () => {
  it('lists the task discounts with their window and whether each applies now', async () => {
    await setDiscount({ type: 'GLOBAL', discountValue: 15, availableValue: null, validFrom: at(HOUR), validTo: at(2 * HOUR) });
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/discounts/task/${taskId}`, headers: auth(w.admin) });
    expect(res.json()[0]).toMatchObject({ type: 'GLOBAL', discountValue: 15, validFrom: at(HOUR), validTo: at(2 * HOUR), active: false });
    now = T0 + HOUR;
    const open = await ctx.app.inject({ method: 'GET', url: `/api/v1/discounts/task/${taskId}`, headers: auth(w.admin) });
    expect(open.json()[0]).toMatchObject({ active: true });
  });
});
