import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { row } from '../src/db/client.js';
import { ADMIN_ID, auth, createTestContext, grantRole, login, type TestContext } from './helpers.js';

export const STUDENT_ID = 7001;
export const DEVELOPER_ID = 7002;
export const OTHER_STUDENT_ID = 7003;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** An app with an admin, a student, a developer (ROLE_DEVELOPER) and a second student signed in. */
export interface CatalogueWorld {
  ctx: TestContext;
  admin: string;
  student: string;
  developer: string;
  otherStudent: string;
  call(method: Method, url: string, token: string, payload?: unknown): Promise<LightMyRequestResponse>;
}

export async function createCatalogueWorld(): Promise<CatalogueWorld> {
  const ctx = await createTestContext();
  const admin = await login(ctx.app, { id: ADMIN_ID, username: 'boss' });
  const student = await login(ctx.app, { id: STUDENT_ID, username: 'stud' });
  const developer = await login(ctx.app, { id: DEVELOPER_ID, username: 'coder' });
  const otherStudent = await login(ctx.app, { id: OTHER_STUDENT_ID, username: 'stud2' });
  await grantRole(ctx.app, admin, DEVELOPER_ID, 'ROLE_DEVELOPER');
  const call = (method: Method, url: string, token: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: auth(token),
      ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
    });
  return { ctx, admin, student, developer, otherStudent, call };
}

/** Creates through the admin API and returns the answer's id; fails the test on anything but 201. */
export async function created(res: Promise<LightMyRequestResponse>): Promise<string> {
  const r = await res;
  if (r.statusCode !== 201) throw new Error(`expected 201, got ${r.statusCode} ${r.body}`);
  return r.json<{ id: string }>().id;
}

/** A purchase of a task, written straight into orders as the orders area would (snapshot included). */
export async function insertOrder(ctx: TestContext, buyerId: number, taskId: number): Promise<number> {
  return (await row<{ id: number }>(
    ctx.deps.db,
    sql`INSERT INTO orders (buyer_id, task_id, developer_id, idempotency_key, task_title, subject_name, teacher_name,
                            developer_name, auto_generate, full_price, price, status)
        SELECT ${buyerId}, t.id, t.developer_id, ${`test-${taskId}-${buyerId}`}, t.title, s.name, te.name, u.username,
               t.auto_generate, t.price * 100, t.price * 100, 'IN_PROGRESS'
        FROM tasks t JOIN teachers te ON te.id = t.teacher_id JOIN subjects s ON s.id = te.subject_id
        JOIN users u ON u.telegram_id = t.developer_id
        WHERE t.id = ${taskId}
        RETURNING id`,
  ))!.id;
}

/** A name of exactly n characters (Cyrillic, so the server counts characters, not bytes). */
export const nameOf = (n: number) => 'Я'.repeat(n);
