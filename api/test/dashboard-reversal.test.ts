/**
 * A released sale its developer cancels (docs/LEDGER.md, "A developer cancels an order") is
 * money the platform and the developer no longer have: the dashboard's earnings, fees kept and
 * refunds show it, the accountant's CSV files carry it, and the in-memory reference agrees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS, type DashboardDaily, type DashboardDevelopers, type DashboardFigures, type ExportLink } from '@zalik/contract';
import { auth, type TestContext } from './helpers.js';
import { DEV, STUDENT, openWorld, type World } from './purchase-world.js';
import { orderCalls } from './escrow-helpers.js';
import { expectLedgerBalanced } from './ledger-helpers.js';
import { expectedSpan, kyivDate, readEverything, referenceDaily, referenceFigures, referenceLeaderboard } from './dashboard-reference.js';
import { parseCsv } from './csv.js';

let ctx: TestContext;
let w: World;
let orders: ReturnType<typeof orderCalls>;

const get = async <T>(url: string) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: auth(w.admin) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const earned = async () => (await get<DashboardDevelopers>('/api/v1/dashboard/developers?period=today')).developers.find((d) => d.telegramId === String(DEV))?.earned;
const csv = async (kind: 'transfers' | 'orders') => {
  const day = kyivDate(Date.now());
  const made = await ctx.app.inject({ method: 'POST', url: '/api/v1/dashboard/exports', headers: auth(w.admin), payload: { kind, from: day, to: day } });
  const u = new URL(made.json<ExportLink>().link);
  const [header, ...lines] = parseCsv((await ctx.app.inject({ method: 'GET', url: u.pathname + u.search })).rawPayload.toString('utf8').slice(1));
  expect(header).toEqual(EXPORT_COLUMNS[kind]);
  return lines.map((l) => Object.fromEntries(header!.map((h, i) => [h, l[i]])));
};

beforeAll(async () => {
  ({ ctx, w } = await openWorld({ PLATFORM_FEE_PERCENT: '10' }));
  orders = orderCalls(ctx, w);
  const topUp = await ctx.app.inject({ method: 'PATCH', url: '/api/v1/wallets/deposit', headers: auth(w.admin), payload: { userTelegramId: STUDENT, amount: 1000 } });
  expect(topUp.statusCode).toBe(200);
});
afterAll(() => ctx?.close());

describe('a released sale its developer cancels', () => {
  let kept: string;
  let cancelled: string;

  it('before the cancel: two accepted orders of 200 and 300 earned the developer 450, the platform 50', async () => {
    kept = await orders.delivered(200);
    cancelled = await orders.delivered(300);
    for (const id of [kept, cancelled]) expect((await orders.accept(id)).statusCode).toBe(200);
    expect(await earned()).toBe(450);
    const f = await get<DashboardFigures>('/api/v1/dashboard/figures?period=today');
    expect(f.revenue).toEqual({ sales: { value: 500, previous: 0 }, refunds: { value: 0, previous: 0 }, fees: { value: 50, previous: 0 } });
  });

  it('after it: earnings and fees kept drop by what went back, refunds rise by the whole price', async () => {
    const res = await orders.devCancel(cancelled, 'Помилка у варіанті');
    expect(res.statusCode, res.body).toBe(200);
    await expectLedgerBalanced(ctx.deps);

    expect(await earned()).toBe(180);
    const f = await get<DashboardFigures>('/api/v1/dashboard/figures?period=today');
    // Sales stay what students paid; the 300 came back to the student, 270 of it from the developer and 30 from the fees.
    expect(f.revenue).toEqual({ sales: { value: 500, previous: 0 }, refunds: { value: 300, previous: 0 }, fees: { value: 20, previous: 0 } });
    const { days } = await get<DashboardDaily>('/api/v1/dashboard/daily');
    expect(days.at(-1)).toMatchObject({ sales: 500, fees: 20 });
  });

  it('the reference that reads every row says the same', async () => {
    const e = await readEverything(ctx.deps.db);
    const f = await get<DashboardFigures>('/api/v1/dashboard/figures?period=today');
    expect(f).toMatchObject(referenceFigures(e, expectedSpan(1, Date.parse(f.to))));
    const d = await get<DashboardDevelopers>('/api/v1/dashboard/developers?period=today');
    expect(d.developers).toEqual(referenceLeaderboard(e, expectedSpan(1, Date.parse(d.to)), 10));
    const { days } = await get<DashboardDaily>('/api/v1/dashboard/daily');
    expect(days.at(-1)).toEqual(referenceDaily(e, days.length, new Date().toISOString()).at(-1));
  });

  it("the CSV files carry the reversal: both legs among the transfers, the order refunded", async () => {
    const transfers = await csv('transfers');
    const reference = `order:${cancelled}`;
    expect(transfers.filter((t) => t['Підстава'] === reference).map((t) => [t['Вид'], t['Сума (грн)']])).toEqual([
      ['PURCHASE', '300,00'],
      ['ESCROW_RELEASE', '270,00'],
      ['PLATFORM_FEE', '30,00'],
      ['SALE_REVERSAL', '270,00'],
      ['FEE_REVERSAL', '30,00'],
    ]);
    const byId = new Map((await csv('orders')).map((o) => [o['ID'], o]));
    expect(byId.get(cancelled)).toMatchObject({ 'Статус': 'Кошти повернуто', 'Сплачено (грн)': '300,00' });
    expect(byId.get(cancelled)!['Повернено (Київ)']).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(byId.get(kept)).toMatchObject({ 'Статус': 'Виконано', 'Повернено (Київ)': '' });
  });
});
