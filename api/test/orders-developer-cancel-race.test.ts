/**
 * A developer cancels completed orders whose money was already released (docs/LEDGER.md, "A
 * developer cancels an order"): the buyer's money comes back from the developer's dev wallet
 * and the platform's fee, only while the dev wallet still holds the developer's share. Many
 * cancels at once, each sent twice, truly parallel on PostgreSQL (a pool of connections),
 * serialised on PGlite, where the same assertions hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@zalik/contract';
import { rows } from '../src/db/client.js';
import { post } from '../src/modules/ledger/index.js';
import { auth, type TestContext } from './helpers.js';
import { DEV, STUDENT, autoTask, balanceOf, buy, openWorld, topUp, type World } from './purchase-world.js';
import { expectLedgerBalanced } from './ledger-helpers.js';

let ctx: TestContext;
let w: World;
const N = 8;
const AFFORDABLE = 3;

beforeAll(async () => {
  ({ ctx, w } = await openWorld({ PLATFORM_FEE_PERCENT: '10' }));
  await topUp(ctx.database.db, STUDENT, 5_000);
});
afterAll(() => ctx.close());

const cancel = (id: string) =>
  ctx.app.inject({ method: 'PATCH', url: '/api/v1/histories/developer/cancel', headers: auth(w.dev), payload: { id, reason: 'Помилка в шаблоні' } });

describe('developer cancels of released orders, racing', () => {
  it('reverse only what the dev wallet still holds, each order once, nothing below zero', async () => {
    const taskId = await autoTask(ctx, w, { price: 100 });
    const ids: string[] = [];
    for (let i = 0; i < N; i++) {
      const res = await buy(ctx, w.student, taskId, ['Бойко О. О.', String(i)]);
      expect(res.statusCode).toBe(200);
      ids.push(res.json().id);
    }
    // Each sale paid 90 into the dev wallet; the developer keeps the share of three of them.
    const db = ctx.database.db;
    const extra = (await balanceOf(db, DEV, 'dev')) - AFFORDABLE * 90_00;
    await db.transaction((tx) => post(tx, [{ from: { user: DEV, wallet: 'dev' }, to: { user: DEV, wallet: 'general' }, amount: extra, kind: 'TOPUP', key: 'race:spent' }]));
    const buyerBefore = await balanceOf(db, STUDENT, 'general');

    const results = await Promise.all(ids.map((id) => Promise.all([cancel(id), cancel(id)])));

    const refunded: string[] = [];
    for (const [i, id] of ids.entries()) {
      const codes = results[i]!.map((r) => r.statusCode).sort();
      const messages = results[i]!.filter((r) => r.statusCode !== 200).map((r) => r.json().message);
      const status = (await rows<{ status: string }>(db, sql`SELECT status FROM orders WHERE id = ${Number(id)}`))[0]!.status;
      const reversals = await rows<{ kind: string }>(db, sql`SELECT kind FROM transfers WHERE reference = ${`order:${id}`} AND kind IN ('SALE_REVERSAL', 'FEE_REVERSAL') ORDER BY kind`);
      if (status === 'REFUNDED') {
        refunded.push(id);
        expect(codes).toEqual([200, 409]);
        expect([MSG.orderClosed, MSG.orderChangedMeanwhile, MSG.cancelDevWalletShort]).toContain(messages[0]);
        expect(reversals.map((r) => r.kind)).toEqual(['FEE_REVERSAL', 'SALE_REVERSAL']);
      } else {
        expect(status).toBe('DONE');
        expect(codes).toEqual([409, 409]);
        expect(messages).toEqual([MSG.cancelDevWalletShort, MSG.cancelDevWalletShort]);
        expect(reversals).toEqual([]);
      }
    }
    expect(refunded).toHaveLength(AFFORDABLE);
    expect(await balanceOf(db, DEV, 'dev')).toBe(0);
    expect(await balanceOf(db, STUDENT, 'general')).toBe(buyerBefore + AFFORDABLE * 100_00);
    await expectLedgerBalanced(ctx.deps);
  });
});
