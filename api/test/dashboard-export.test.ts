/**
 * The accountant's CSV exports: a signed link made for an admin, the file streamed page by page
 * (over a real socket it arrives in many chunks, and a page is read only when the one before was
 * taken), UTF-8 with BOM, `;` CSV that parses back to exactly the rows of the span.
 */
import http from 'node:http';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { EXPORT_COLUMNS, MSG, ORDER_STATUS_LABELS, type ExportLink, type OrderStatus } from '@zalik/contract';
import { rows } from '../src/db/client.js';
import { exportCsv } from '../src/modules/dashboard/export.queries.js';
import { createExportLinks, EXPORT_LINK_TTL_SECONDS } from '../src/modules/dashboard/links.js';
import { auth, createTestContext, ADMIN_ID, grantRole, login, type TestContext } from './helpers.js';
import { seedMarket, SEEDING_TIMEOUTS } from './market-fixture.js';
import { kyivDate } from './dashboard-reference.js';
import { parseCsv } from './csv.js';

const uah = (k: number | string) => (Number(k) / 100).toFixed(2).replace('.', ',');
/** What the file should say of a text: as stored, with an apostrophe before what Excel would run as a formula. */
const text = (s: string | null) => (s === null ? '' : /^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

describe('CSV exports', () => {
  let ctx: TestContext;
  let admin: string;
  let from: string;
  let to: string;
  const queries: string[] = [];

  beforeAll(async () => {
    ctx = await createTestContext(SEEDING_TIMEOUTS, { logQuery: (q) => queries.push(q) });
    admin = await login(ctx.app, { id: ADMIN_ID });
    const now = new Date();
    await seedMarket(ctx.deps.db, { orders: 2500, days: 20, now });
    // A task an admin named like a formula, with a quote, a separator and a line break: the file keeps it, harmless.
    await ctx.deps.db.execute(sql`UPDATE orders SET task_title = ${'=HYPERLINK("http://x";"Курсова; частина 1")\nдругий рядок'} WHERE id = (SELECT min(id) FROM orders)`);
    from = kyivDate(now.getTime() - 25 * 86_400_000);
    to = kyivDate(now.getTime());
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const linkFor = async (body: unknown, token = admin) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/dashboard/exports', headers: auth(token), payload: body as object });
    return res;
  };
  const open = (link: string) => {
    const u = new URL(link);
    return ctx.app.inject({ method: 'GET', url: u.pathname + u.search });
  };

  it('transfers: a file named after the span, BOM, header, and every transfer of the span in order, exactly', async () => {
    const made = await linkFor({ kind: 'transfers', from, to });
    expect(made.statusCode, made.body).toBe(200);
    const { link, fileName } = made.json<ExportLink>();
    expect(fileName).toBe(`zalik-transfers-${from}_${to}.csv`);
    expect(link).toMatch(/^https:\/\/zalik\.test\/api\/v1\/dashboard\/exports\/transfers\?/);

    const res = await open(link);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`filename="${fileName}"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));

    const [header, ...lines] = parseCsv(res.rawPayload.toString('utf8').slice(1));
    expect(header).toEqual(EXPORT_COLUMNS.transfers);
    const expected = await rows<{ id: number; at: string; kind: string; debit: string; credit: string; amount: number; reference: string }>(
      ctx.deps.db,
      sql`SELECT t.id, to_char(t.created_at AT TIME ZONE 'Europe/Kyiv', 'YYYY-MM-DD HH24:MI:SS') AS at, t.kind, d.code AS debit, c.code AS credit, t.amount, t.reference
          FROM transfers t, accounts d, accounts c
          WHERE d.id = t.debit_account_id AND c.id = t.credit_account_id
            AND to_char(t.created_at AT TIME ZONE 'Europe/Kyiv', 'YYYY-MM-DD') BETWEEN ${from} AND ${to}
          ORDER BY t.created_at, t.id`,
    );
    expect(expected.length).toBeGreaterThan(3000);
    expect(lines).toEqual(expected.map((t) => [String(t.id), t.at, t.kind, t.debit, t.credit, uah(t.amount), t.reference]));
  });

  it('orders: every order of the span with its people, prices and times; a formula-like title is quoted and defused', async () => {
    const { link } = (await linkFor({ kind: 'orders', from, to })).json<ExportLink>();
    const res = await open(link);
    expect(res.statusCode).toBe(200);
    const [header, ...lines] = parseCsv(res.rawPayload.toString('utf8').slice(1));
    expect(header).toEqual(EXPORT_COLUMNS.orders);
    const kyiv = (col: string) => sql.raw(`CASE WHEN ${col} IS NULL THEN '' ELSE to_char(${col} AT TIME ZONE 'Europe/Kyiv', 'YYYY-MM-DD HH24:MI:SS') END`);
    const expected = await rows<Record<string, string | number | boolean>>(
      ctx.deps.db,
      sql`SELECT o.*, u.username, ${kyiv('o.created_at')} AS at, ${kyiv('o.delivered_at')} AS delivered, ${kyiv('o.deadline_at')} AS deadline,
                 ${kyiv('o.completed_at')} AS completed, ${kyiv('o.refunded_at')} AS refunded
          FROM orders o, users u WHERE u.telegram_id = o.buyer_id
            AND to_char(o.created_at AT TIME ZONE 'Europe/Kyiv', 'YYYY-MM-DD') BETWEEN ${from} AND ${to}
          ORDER BY o.created_at, o.id`,
    );
    expect(expected.length).toBeGreaterThan(2000);
    expect(lines).toEqual(
      expected.map((o) => [
        String(o.id), o.at, ORDER_STATUS_LABELS[o.status as OrderStatus], String(o.buyer_id), text(String(o.username)), String(o.task_id), text(String(o.task_title)),
        text(String(o.subject_name)), text(String(o.teacher_name)), String(o.developer_id), text(String(o.developer_name)),
        o.auto_generate ? 'авто' : 'ручне', uah(o.full_price as number), String(o.discount_percent), uah(o.price as number),
        String(o.platform_fee_percent), o.free_take ? 'так' : 'ні', o.delivered, o.deadline, o.completed, o.refunded,
      ]),
    );
    // The state column reads as words, never as a code like DONE.
    expect(lines.filter((l) => /^[A-Z_]+$/.test(l[2]!))).toEqual([]);
    expect(lines.map((l) => l[2])).toContain('Виконано');
    const tricky = lines.find((l) => l[6]!.includes('HYPERLINK'));
    expect(tricky?.[6]).toBe('\'=HYPERLINK("http://x";"Курсова; частина 1")\nдругий рядок');
  });

  it('streams: over a socket the file comes in many chunks, chunked, never with its whole length announced', async () => {
    const { link } = (await linkFor({ kind: 'transfers', from, to })).json<ExportLink>();
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const u = new URL(link);
    const { chunks, headers, body } = await new Promise<{ chunks: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${address}${u.pathname}${u.search}`, (res) => {
          const parts: Buffer[] = [];
          res.on('data', (b: Buffer) => parts.push(b));
          res.on('end', () => resolve({ chunks: parts.length, headers: res.headers, body: Buffer.concat(parts) }));
          res.on('error', reject);
        })
        .on('error', reject);
    });
    expect(headers['transfer-encoding']).toBe('chunked');
    expect(headers['content-length']).toBeUndefined();
    expect(chunks).toBeGreaterThan(3);
    expect(parseCsv(body.toString('utf8').slice(1)).length).toBeGreaterThan(3000);
  });

  it('holds one page at a time: the first rows are out before the second page is read', async () => {
    const pageQueries = () => queries.filter((q) => q.includes('FROM transfers t JOIN accounts d')).length;
    const before = pageQueries();
    const csv: Readable = exportCsv(ctx.deps.db, 'transfers', from, to, undefined, 100);
    const it = csv[Symbol.asyncIterator]();
    const head = (await it.next()).value as Buffer;
    expect(head.toString('utf8')).toContain(EXPORT_COLUMNS.transfers[0]);
    const first = (await it.next()).value as Buffer;
    expect(first.toString('utf8').split('\r\n').filter(Boolean)).toHaveLength(100);
    expect(pageQueries() - before).toBeLessThanOrEqual(2);
    let pages = 1;
    for (let next = await it.next(); !next.done; next = await it.next()) pages++;
    expect(pages).toBeGreaterThan(30);
    expect(pageQueries() - before).toBeGreaterThanOrEqual(pages);
  });

  it('a link is refused when it was changed, when it expired, or when its admin is no longer one', async () => {
    const { link } = (await linkFor({ kind: 'orders', from, to })).json<ExportLink>();
    const tampered = link.replace(`to=${to}`, 'to=2099-12-31');
    for (const bad of [tampered, link.replace('/orders?', '/transfers?'), link.replace(/sig=[^&]+/, 'sig=x'), link.replace(/&sig=[^&]+/, '')]) {
      const res = await open(bad);
      expect(res.statusCode, bad).toBe(403);
      expect(res.json()).toEqual({ message: MSG.linkInvalid });
    }
    const links = createExportLinks(ctx.config.jwtSecret, ctx.config.publicUrl);
    const old = links.link({ kind: 'orders', from, to, by: ADMIN_ID }, Date.now() - (EXPORT_LINK_TTL_SECONDS + 1) * 1000);
    expect((await open(old)).statusCode).toBe(403);

    // A second admin makes a link and is then banned: the link dies with their access.
    const deputyId = 930_001;
    const deputy = await login(ctx.app, { id: deputyId });
    await grantRole(ctx.app, admin, deputyId, 'ROLE_ADMIN');
    const theirs = (await linkFor({ kind: 'orders', from, to }, deputy)).json<ExportLink>().link;
    expect((await open(theirs)).statusCode).toBe(200);
    await ctx.app.inject({ method: 'PATCH', url: `/api/v1/users/${deputyId}/ban?value=true`, headers: auth(admin) });
    expect((await open(theirs)).statusCode).toBe(403);
  });

  it('a bad request for a link answers 400 in Ukrainian', async () => {
    const cases: [unknown, string][] = [
      [{ kind: 'users', from, to }, MSG.exportKind],
      [{ kind: 'orders', from: '2026-02-30', to }, MSG.exportDate],
      [{ kind: 'orders', from: '01.02.2026', to }, MSG.exportDate],
      [{ kind: 'orders', from: to, to: from }, MSG.exportRange],
      [{ kind: 'orders', from }, MSG.exportDate],
    ];
    for (const [body, message] of cases) {
      const res = await linkFor(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ message });
    }
    expect((await linkFor({ kind: 'orders', from, to }, await login(ctx.app, { id: 930_002 }))).statusCode).toBe(403);
  });
});
