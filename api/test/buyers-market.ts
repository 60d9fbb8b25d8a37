/**
 * What the process tests of database faults (db-freeze, db-outage) start from: a developer's
 * manual task of 1 UAH, and buyers with topped-up wallets and signed tokens, written straight
 * to a migrated database before any API process starts.
 */
import { sql } from 'drizzle-orm';
import { row, type Db } from '../src/db/client.js';
import { createTokenService } from '../src/lib/jwt.js';
import { post, SYSTEM } from '../src/modules/ledger/service.js';

export interface BuyersMarket {
  taskId: number;
  subjectId: number;
  /** Each buyer's session token, signed with the given secret. */
  tokens: Map<number, string>;
}

export async function seedBuyersMarket(db: Db, o: { developer: number; buyers: number[]; topUpKopecks: number; secret: string }): Promise<BuyersMarket> {
  for (const id of [o.developer, ...o.buyers]) await db.execute(sql`INSERT INTO users (telegram_id, username) VALUES (${id}, ${`u${id}`})`);
  await db.execute(sql`INSERT INTO user_roles (telegram_id, role) VALUES (${o.developer}, 'ROLE_DEVELOPER')`);
  const subjectId = (await row<{ id: number }>(db, sql`INSERT INTO subjects (name, course_number) VALUES ('Фізика', 2) RETURNING id`))!.id;
  const teacher = (await row<{ id: number }>(db, sql`INSERT INTO teachers (subject_id, name) VALUES (${subjectId}, 'С. С.') RETURNING id`))!.id;
  const arg = (await row<{ id: number }>(db, sql`INSERT INTO arguments (name, description) VALUES ('ПІБ', 'x') RETURNING id`))!.id;
  const taskId = Number(
    (await row<{ id: number }>(
      db,
      sql`INSERT INTO tasks (teacher_id, developer_id, title, price, type, auto_generate, identifier)
          VALUES (${teacher}, ${o.developer}, 'Ручне', 1, 'REGULAR', false, '') RETURNING id`,
    ))!.id,
  );
  await db.execute(sql`INSERT INTO task_arguments (task_id, argument_id, position) VALUES (${taskId}, ${arg}, 0)`);
  const signer = createTokenService(o.secret, 3600);
  const tokens = new Map<number, string>();
  for (const id of o.buyers) {
    await db.transaction((tx) =>
      post(tx, [{ from: { system: SYSTEM.topup }, to: { user: id, wallet: 'general' }, amount: o.topUpKopecks, kind: 'TOPUP', key: `market-topup-${id}` }]),
    );
    tokens.set(id, await signer.sign({ sub: String(id), roles: ['ROLE_USER'], ban: false }));
  }
  return { taskId, subjectId, tokens };
}
