import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/client.js';
import { seedDemo } from '../src/modules/demo/seed.js';
import { auth, createTestContext, login, type TestContext } from './helpers.js';
import { docxText } from './docx.js';
import { download, NO_RATE_LIMITS } from './purchase-world.js';
import { expectLedgerBalanced } from './ledger-helpers.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext(NO_RATE_LIMITS);
  expect(await seedDemo(ctx.deps)).toBe(true);
});
afterAll(() => ctx.close());

describe('demo seed of orders', () => {
  it('uploads a template for every auto docx-template task', async () => {
    const missing = await rows(
      ctx.database.db,
      sql`SELECT id FROM tasks t WHERE identifier = 'docx-template' AND auto_generate AND deleted_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM task_templates tt WHERE tt.task_id = t.id)`,
    );
    expect(missing).toEqual([]);
    const templates = await rows(ctx.database.db, sql`SELECT task_id FROM task_templates`);
    expect(templates.length).toBeGreaterThan(0);
  });

  it('gives the demo student a delivered auto order with a real file and a manual order in progress', async () => {
    const student = await login(ctx.app, { id: 100001, username: 'student_demo' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/histories/user/100001', headers: auth(student) });
    expect(res.statusCode).toBe(200);
    const items = res.json();
    expect(items.map((i: { orderStatus: string }) => i.orderStatus).sort()).toEqual(['DONE', 'IN_PROGRESS']);
    const done = items.find((i: { orderStatus: string }) => i.orderStatus === 'DONE');
    const file = await download(ctx, done.link);
    expect(file.statusCode).toBe(200);
    expect(docxText(file.rawPayload)).toContain('Коваленко О. С.');

    const dev = await login(ctx.app, { id: 100002, username: 'dev_demo' });
    const queue = await ctx.app.inject({ method: 'GET', url: '/api/v1/histories/developer/in-progress', headers: auth(dev) });
    // The student's manual order and one of each of the three friends she invited (invites seed).
    expect(queue.json()).toHaveLength(4);
    await expectLedgerBalanced({ db: ctx.database.db });
  });
});
