import { sql } from 'drizzle-orm';
import { REFERRAL_MIN_SPEND_UAH, uahToKopecks } from '@zalik/contract';
import { rows, type Executor } from '../../db/client.js';
import { GeneratorRegistry } from '../../ports/generator.js';
import type { SeedStep } from '../../types/deps.js';
import { InsufficientFunds, post } from '../ledger/index.js';
import { payoutLegs } from './money.js';
import { purchase, purchaseContext } from './purchase.js';
import { transition } from './queries.js';
import type { Order } from './rows.js';
import { topUp } from '../wallets/index.js';

const STUDENT = 100001;
const ADMIN = 100003;

/** Friends the demo student invited. All three qualify, so the demo can show a claimable bonus. */
const FRIENDS = [
  { telegramId: 100011, username: 'andrii_demo', firstName: 'Андрій', lastName: 'Друг' },
  { telegramId: 100012, username: 'sofiia_demo', firstName: 'Софія', lastName: 'Подруга' },
  { telegramId: 100013, username: 'maksym_demo', firstName: 'Максим', lastName: 'Одногрупник' },
] as const;

/** Visible manual tasks, dearest first. */
async function manualTasks(tx: Executor): Promise<{ id: number; argumentCount: number }[]> {
  const found = await rows<{ id: number | string; n: number | string }>(
    tx,
    sql`SELECT t.id, (SELECT count(*) FROM task_arguments ta WHERE ta.task_id = t.id) AS n
        FROM tasks t JOIN teachers te ON te.id = t.teacher_id JOIN subjects s ON s.id = te.subject_id
        WHERE t.visible AND NOT t.auto_generate AND t.type = 'REGULAR'
          AND t.deleted_at IS NULL AND te.deleted_at IS NULL AND s.deleted_at IS NULL
          AND t.price >= ${REFERRAL_MIN_SPEND_UAH}
        ORDER BY t.price DESC, t.id LIMIT ${FRIENDS.length * 2}`,
  );
  return found.map((r) => ({ id: Number(r.id), argumentCount: Number(r.n) }));
}

/**
 * A friend's order taken to DONE as its developer and buyer would: delivered (a message, no
 * file), accepted, escrow released to the developer. Only DONE orders count for the bonus.
 */
async function complete(tx: Executor, o: Order): Promise<void> {
  const delivered = await transition(tx, {
    orderId: o.id,
    from: ['IN_PROGRESS'],
    to: 'DELIVERED',
    set: sql`message = 'Готово, перевірте.', delivered_at = now(), accept_until = now()`,
    event: { kind: 'DELIVERY', actor: 'DEVELOPER', actorId: o.developerId, note: 'Готово, перевірте.' },
  });
  if (!delivered) return;
  await transition(tx, {
    orderId: o.id,
    from: ['DELIVERED'],
    to: 'DONE',
    set: sql`completed_at = now()`,
    event: { kind: 'ACCEPT', actor: 'STUDENT', actorId: o.buyerId },
  });
  if (o.price > 0) await post(tx, payoutLegs(o.id, o.developerId, o.price, o.platformFeePercent, 'ESCROW_RELEASE'));
}

/**
 * The invitation tab with real rows: three friends invited by the demo student, each topped
 * up and buying a manual task through the real purchase (ledger, escrow, order, developer's
 * notification), until they have spent at least the referral minimum; the orders are then
 * delivered and accepted (DONE), since only those count, and each buys one more that waits in
 * the demo developer's queue. The bonus itself is left for the
 * demo student to claim.
 */
export const seedInvites: SeedStep = async (tx, deps) => {
  const tasks = await manualTasks(tx);
  if (tasks.length === 0) return;
  // Manual tasks only: no generator is ever called.
  const ctx = purchaseContext({ ...deps, generators: new GeneratorRegistry() });
  const minSpend = uahToKopecks(REFERRAL_MIN_SPEND_UAH);
  for (const [i, f] of FRIENDS.entries()) {
    await tx.execute(sql`
      INSERT INTO users (telegram_id, username, first_name, last_name, invited_by)
      VALUES (${f.telegramId}, ${f.username}, ${f.firstName}, ${f.lastName}, ${STUDENT})
      ON CONFLICT (telegram_id) DO NOTHING`);
    await topUp(tx, { adminId: ADMIN, userId: f.telegramId, amountKop: uahToKopecks(1000), clientKey: `demo-seed-friend-${f.telegramId}` });
    const buyer = { telegramId: f.telegramId, username: f.username, isAdmin: false };
    let spent = 0;
    // A discount may bring a price under the minimum: buy the next task then, as a student would.
    for (let n = 0; spent < minSpend && n < tasks.length; n++) {
      const task = tasks[(i + n) % tasks.length]!;
      const values = Array.from({ length: task.argumentCount }, (_, k) => (k === 0 ? `${f.lastName} ${f.firstName[0]}.` : 'Демо'));
      // A savepoint of its own, as in the orders seed: a purchase re-priced after a refused statement goes on in it.
      const { order } = await tx.transaction((sp) => purchase(ctx, sp, buyer, { taskId: task.id, arguments: values }, `demo-seed-friend-order-${n}`));
      await complete(tx, order);
      spent += order.price;
    }
    // And one order still in progress each, for the demo developer's queue.
    const open = tasks[(i + 1) % tasks.length]!;
    const args = Array.from({ length: open.argumentCount }, (_, k) => (k === 0 ? `${f.lastName} ${f.firstName[0]}.` : 'Демо'));
    await tx.transaction((sp) => purchase(ctx, sp, buyer, { taskId: open.id, arguments: args }, `demo-seed-friend-open-${i}`)).catch((err: unknown) => {
      if (!(err instanceof InsufficientFunds)) throw err;
    });
  }
};
