import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@zalik/contract';
import { login, type TestContext } from './helpers.js';
import { DEV, STUDENT, autoTask, balanceOf, blobCount, buy, count, openWorld, manualTask, topUp, type World } from './purchase-world.js';
import { expectLedgerBalanced } from './ledger-helpers.js';

let ctx: TestContext;
let w: World;

beforeAll(async () => ({ ctx, w } = await openWorld()));
afterAll(() => ctx.close());

const db = () => ctx.database.db;
/** The answer without its link's query (the signature may roll over to a new expiry step). */
const stable = (body: Record<string, unknown>) => ({ ...body, link: typeof body.link === 'string' ? body.link.split('?')[0] : body.link });

describe('Idempotency-Key', () => {
  it('the same key twice answers the first result and charges once', async () => {
    const taskId = await autoTask(ctx, w, { price: 40 });
    await topUp(db(), STUDENT, 100);
    const before = await balanceOf(db(), STUDENT, 'general');
    const first = await buy(ctx, w.student, taskId, ['Коваль', '3'], 'retry-key-0001');
    // a retry (trailing whitespace aside, which the purchase removes anyway) is the same purchase
    const again = await buy(ctx, w.student, taskId, ['Коваль  ', '3'], 'retry-key-0001');
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(stable(again.json())).toEqual(stable(first.json()));
    expect(await balanceOf(db(), STUDENT, 'general')).toBe(before - 40_00);
    expect(await count(db(), 'orders', sql`task_id = ${taskId}`)).toBe(1);
    await expectLedgerBalanced({ db: db() });
  });

  it('refuses the same key with other arguments or another task: 409, nothing charged again', async () => {
    const taskId = await autoTask(ctx, w, { price: 30 });
    const otherTask = await manualTask(ctx, w, { price: 30 });
    await topUp(db(), STUDENT, 100);
    const first = await buy(ctx, w.student, taskId, ['Коваль', '3'], 'reused-key-0002');
    expect(first.statusCode).toBe(200);
    const before = await balanceOf(db(), STUDENT, 'general');
    for (const [task, args] of [
      [taskId, ['Інше', '9']],
      [taskId, ['Коваль']],
      [otherTask, ['Коваль', '3']],
    ] as const) {
      const res = await buy(ctx, w.student, task, [...args], 'reused-key-0002');
      expect([res.statusCode, res.json()]).toEqual([409, { message: MSG.idempotencyKeyReused }]);
    }
    expect(await balanceOf(db(), STUDENT, 'general')).toBe(before);
    expect(await count(db(), 'orders', sql`task_id IN (${taskId}, ${otherTask})`)).toBe(1);
    await expectLedgerBalanced({ db: db() });
  });

  it('refuses a malformed key before doing anything', async () => {
    const taskId = await autoTask(ctx, w);
    for (const key of ['short', 'has space in it', 'x'.repeat(101), 'кирилиця-ключ']) {
      const res = await buy(ctx, w.student, taskId, ['a', 'b'], key);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.idempotencyKeyInvalid);
    }
  });

  it('keys belong to a buyer: another buyer with the same key buys separately', async () => {
    const taskId = await autoTask(ctx, w, { price: 10 });
    const other = await login(ctx.app, { id: 7101, username: 'andrii' });
    await topUp(db(), STUDENT, 10);
    await topUp(db(), 7101, 10);
    const a = await buy(ctx, w.student, taskId, ['a', 'b'], 'shared-key-0001');
    const b = await buy(ctx, other, taskId, ['a', 'b'], 'shared-key-0001');
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json().id).not.toBe(b.json().id);
  });

  it.each([
    ['auto', true],
    ['manual', false],
  ])('10 concurrent requests with one key (%s task): one order, one charge, one answer', async (_kind, auto) => {
    const taskId = auto ? await autoTask(ctx, w, { price: 30 }) : await manualTask(ctx, w, { price: 30 });
    await topUp(db(), STUDENT, 300);
    const before = await balanceOf(db(), STUDENT, 'general');
    const blobsBefore = await blobCount(ctx);
    const key = `race-key-${auto ? 'auto' : 'manual'}`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => buy(ctx, w.student, taskId, ['Race', '1'], key)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((r) => r.json().id)).size).toBe(1);
    expect(await count(db(), 'orders', sql`task_id = ${taskId}`)).toBe(1);
    expect(await balanceOf(db(), STUDENT, 'general')).toBe(before - 30_00);
    // the losers' generated files are removed: one blob for the one order
    expect(await blobCount(ctx)).toBe(blobsBefore + (auto ? 1 : 0));
    await expectLedgerBalanced({ db: db() });
  });

  it('10 concurrent purchases with money for 3: exactly 3 orders, the rest insufficient funds', async () => {
    for (const auto of [true, false]) {
      // A buyer of each round's own, so each starts from an empty wallet.
      const buyer = auto ? 7102 : 7103;
      const token = await login(ctx.app, { id: buyer, username: auto ? 'maria' : 'marta' });
      const taskId = auto ? await autoTask(ctx, w, { price: 70 }) : await manualTask(ctx, w, { price: 70 });
      await topUp(db(), buyer, 70 * 3 + 50);
      const devBefore = await balanceOf(db(), DEV, 'dev');
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => buy(ctx, token, taskId, ['x', 'y'], `money-for-3-${auto}-${i}`)));
      const ok = answers.filter((r) => r.statusCode === 200);
      const refused = answers.filter((r) => r.statusCode !== 200);
      expect(ok).toHaveLength(3);
      expect(refused.map((r) => [r.statusCode, r.json().message])).toEqual(Array(7).fill([400, MSG.insufficientFunds]));
      expect(await count(db(), 'orders', sql`task_id = ${taskId}`)).toBe(3);
      expect(await balanceOf(db(), buyer, 'general')).toBe(50_00);
      expect(await balanceOf(db(), DEV, 'dev')).toBe(devBefore + (auto ? 3 * 70_00 : 0));
      await expectLedgerBalanced({ db: db() });
    }
  });
});
