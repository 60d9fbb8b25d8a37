/**
 * A marketplace with history, written straight by SQL (generate_series) for the dashboard's
 * tests: buyers who top up (admin, Stars, Monobank), orders of auto and manual tasks spread
 * over `days` days before `now` (more of them lately), deliveries, refunds, free takes,
 * withdrawals in every state. Every order and withdrawal carries the ledger legs the real
 * flows post, and the wallets' cached balances are set from them, so `checkLedger` finds
 * nothing wrong. Deterministic: the same options give the same rows.
 */
import { sql, type SQL } from 'drizzle-orm';
import { row, type Db, type Executor } from '../src/db/client.js';

export interface MarketOptions {
  orders: number;
  days: number;
  now: Date;
  /** Telegram IDs are taken from here up (buyers) and from here + 500 000 up (developers). */
  idBase?: number;
}

export interface Market {
  buyers: number;
  developerIds: number[];
  taskIds: number[];
  subjectIds: number[];
}

const SUBJECTS = [
  'Вища математика', 'Програмування', 'Фізика', 'Бази даних', 'Алгоритми і структури даних', 'Англійська мова',
  'Дискретна математика', 'Операційні системи', 'Економіка', 'Комп’ютерні мережі', 'Філософія', 'Історія України',
];
const WORKS = ['Лабораторна робота №1', 'Лабораторна робота №2', 'Курсова робота', 'Контрольна робота'];
const DEVELOPERS: [string, string][] = [
  ['Олена', 'Коваль'], ['Андрій', 'Шевченко'], ['Марія', 'Бондар'], ['Тарас', 'Мельник'], ['Ірина', 'Ткаченко'], ['Богдан', 'Кравець'],
  ['Софія', 'Олійник'], ['Дмитро', 'Лисенко'], ['Наталія', 'Савчук'], ['Олег', 'Руденко'], ['Юлія', 'Мороз'], ['Максим', 'Поліщук'],
];
/** The platform fee of the fixture's orders, in percent. */
export const MARKET_FEE_PERCENT = 10;

const values = (rows: SQL[]) => sql.join(rows, sql`, `);

/**
 * The timeouts of a test app that seeds a market: each INSERT writes up to hundreds of thousands
 * of rows, more than a request's 15 s (and the client's own wait just above it) on a loaded machine.
 */
export const SEEDING_TIMEOUTS = { DB_STATEMENT_TIMEOUT_MS: '600000' };

export async function seedMarket(db: Db, o: MarketOptions): Promise<Market> {
  const base = o.idBase ?? 5_000_000;
  const devBase = base + 500_000;
  const buyers = Math.max(40, Math.ceil(o.orders / 40));
  const now = sql`${o.now.toISOString()}::timestamptz`;
  const span = o.days * 86_400;

  return db.transaction(async (tx) => {
    const developerIds = DEVELOPERS.map((_, j) => devBase + j + 1);
    await tx.execute(sql`
      INSERT INTO users (telegram_id, username, first_name, last_name, course_number, created_at, updated_at)
      SELECT v.id, 'dev' || v.id, v.first, v.last, 1, ${now} - make_interval(days => ${o.days + 30}), ${now} - make_interval(hours => v.j)
      FROM (VALUES ${values(DEVELOPERS.map(([first, last], j) => sql`(${devBase + j + 1}::bigint, ${j}::int, ${first}, ${last})`))}) v(id, j, first, last)`);
    await tx.execute(sql`INSERT INTO user_roles (telegram_id, role) SELECT telegram_id, 'ROLE_DEVELOPER' FROM users WHERE telegram_id > ${devBase} AND telegram_id <= ${devBase + DEVELOPERS.length}`);
    // Users appear over the whole span, their latest sign-in some time after; the first half buy,
    // the rest only look around.
    await tx.execute(sql`
      INSERT INTO users (telegram_id, username, first_name, last_name, course_number, created_at, updated_at)
      SELECT ${base} + i, 'student' || i, 'Студент', i::text, 1 + i % 4, c, LEAST(${now}, c + make_interval(secs => (i * 5077) % ${span}::bigint))
      FROM (SELECT i, ${now} - make_interval(secs => (i * 7919) % ${span}::bigint) AS c FROM generate_series(1::bigint, ${2 * buyers}::bigint) i) x`);
    await tx.execute(sql`
      INSERT INTO accounts (code, owner_id, kind)
      SELECT 'user:' || telegram_id || ':' || k, telegram_id, k
      FROM users, LATERAL (SELECT unnest(CASE WHEN telegram_id > ${devBase} THEN ARRAY['general', 'dev'] ELSE ARRAY['general'] END) AS k) w
      WHERE telegram_id > ${base} AND telegram_id <= ${devBase + DEVELOPERS.length}
      ON CONFLICT DO NOTHING`);

    // The catalogue: one teacher per subject, four works each, every third one generated.
    const subjectIds: number[] = [];
    const tasks: SQL[] = [];
    const taskIds: number[] = [];
    for (const [k, name] of SUBJECTS.entries()) {
      const subjectId = Number((await row<{ id: number }>(tx, sql`INSERT INTO subjects (name, course_number) VALUES (${name}, ${1 + (k % 4)}) RETURNING id`))!.id);
      const teacher = `Викладач ${k + 1}`;
      const teacherId = Number((await row<{ id: number }>(tx, sql`INSERT INTO teachers (subject_id, name) VALUES (${subjectId}, ${teacher}) RETURNING id`))!.id);
      subjectIds.push(subjectId);
      for (const [w, title] of WORKS.entries()) {
        const n = taskIds.length;
        const developerId = developerIds[n % developerIds.length]!;
        const [first, last] = DEVELOPERS[n % DEVELOPERS.length]!;
        const price = 40 + ((n * 37) % 12) * 35;
        const auto = n % 3 === 0;
        const taskId = Number(
          (await row<{ id: number }>(
            tx,
            sql`INSERT INTO tasks (teacher_id, developer_id, title, price, type, auto_generate)
                VALUES (${teacherId}, ${developerId}, ${title}, ${price}, ${w === 3 ? 'TEST' : 'REGULAR'}, ${auto}) RETURNING id`,
          ))!.id,
        );
        taskIds.push(taskId);
        tasks.push(sql`(${n}::int, ${taskId}::bigint, ${developerId}::bigint, ${price * 100}::bigint, ${auto}::boolean, ${title}, ${name}, ${teacher}, ${`${first} ${last}`})`);
      }
    }

    // Orders: recent days are busier (the day drawn on a curve), each hour of the day alike. A
    // manual order is due a day after purchase and goes one of the escrow's ways by its number:
    // delivered (d) and accepted (a) or still in the window, refunded (back), disputed (disp)
    // and resolved (res) or still open, or still waiting.
    await tx.execute(sql`
      INSERT INTO orders (buyer_id, task_id, developer_id, idempotency_key, task_title, subject_name, teacher_name, developer_name,
                          auto_generate, full_price, price, status, created_at, completed_at, refunded_at, platform_fee_percent, free_take,
                          deadline_hours, deadline_at, delivered_at, accept_until, disputed_at, dispute_reason, dispute_outcome)
      SELECT y.buyer, y.task_id, y.dev_id, y.key, y.title, y.subject, y.teacher, y.dev_name, y.auto, y.price,
             CASE WHEN y.free THEN 0 ELSE y.price END, y.status, y.c,
             CASE WHEN y.auto THEN y.c WHEN y.status = 'DONE' THEN CASE WHEN y.r = 8 THEN y.res ELSE y.a END END,
             CASE WHEN y.status = 'REFUNDED' THEN CASE WHEN y.r = 8 THEN y.res ELSE y.back END END,
             ${MARKET_FEE_PERCENT}, y.free,
             CASE WHEN NOT y.auto THEN 24 END, CASE WHEN NOT y.auto THEN y.c + interval '24 hours' END,
             CASE WHEN NOT y.auto AND (y.status IN ('DELIVERED', 'DISPUTED', 'DONE') OR (y.r = 8 AND y.status = 'REFUNDED')) THEN y.d END,
             CASE WHEN y.status IN ('DELIVERED', 'DISPUTED') THEN y.d + interval '72 hours' END,
             CASE WHEN y.r = 8 AND y.status IN ('DISPUTED', 'DONE', 'REFUNDED') THEN y.disp END,
             CASE WHEN y.r = 8 AND y.status IN ('DISPUTED', 'DONE', 'REFUNDED') THEN 'Не той варіант' END,
             CASE WHEN y.r = 8 AND y.status = 'DONE' THEN 'RELEASE' WHEN y.r = 8 AND y.status = 'REFUNDED' THEN 'REFUND' END
      FROM (SELECT x.*, t.*, ${base} + 1 + (x.g * 7) % ${buyers} AS buyer, 'market-' || x.g AS key,
                   CASE WHEN t.auto THEN 'DONE'
                        WHEN x.r < 6 THEN CASE WHEN x.a <= ${now} THEN 'DONE' WHEN x.d <= ${now} THEN 'DELIVERED' ELSE 'IN_PROGRESS' END
                        WHEN x.r IN (6, 7) THEN CASE WHEN x.back <= ${now} THEN 'REFUNDED' ELSE 'IN_PROGRESS' END
                        WHEN x.r = 8 THEN CASE WHEN x.res <= ${now} AND x.g % 3 = 0 THEN 'DONE' WHEN x.res <= ${now} AND x.g % 3 = 1 THEN 'REFUNDED'
                                               WHEN x.disp <= ${now} THEN 'DISPUTED' WHEN x.d <= ${now} THEN 'DELIVERED' ELSE 'IN_PROGRESS' END
                        ELSE 'IN_PROGRESS' END AS status
            FROM (SELECT g, c, c + make_interval(hours => (1 + g % 40)::int) AS d, c + make_interval(hours => (1 + g % 40 + g % 30)::int) AS a,
                         c + interval '3 hours' AS back, c + make_interval(hours => (2 + g % 40)::int) AS disp,
                         c + make_interval(hours => (31 + g % 40)::int) AS res, g % 97 = 0 AS free, g % 10 AS r
                  FROM (SELECT g, ${now} - make_interval(secs => floor(${o.days} * power(((g * 7919) % 10007) / 10007.0, 1.4)) * 86400 + (g * 104729) % 86400) AS c
                        FROM generate_series(1::bigint, ${o.orders}::bigint) g) s) x
            JOIN (VALUES ${values(tasks)}) t(n, task_id, dev_id, price, auto, title, subject, teacher, dev_name) ON t.n = (x.g * 13) % ${tasks.length}) y`);
    // A buyer's account was opened at their first sign-in, before their first order.
    await tx.execute(sql`
      UPDATE users u SET created_at = LEAST(u.created_at, f.first - interval '2 hours'), updated_at = GREATEST(u.updated_at, LEAST(u.created_at, f.first - interval '2 hours'))
      FROM (SELECT buyer_id, min(created_at) AS first FROM orders WHERE idempotency_key LIKE 'market-%' GROUP BY buyer_id) f
      WHERE u.telegram_id = f.buyer_id`);

    const account = (code: string) => sql`(SELECT id FROM accounts WHERE code = ${code})`;
    const wallet = (owner: SQL, kind: string) => sql`(SELECT id FROM accounts WHERE owner_id = ${owner} AND kind = ${kind})`;
    const mine = sql`o.idempotency_key LIKE 'market-%' AND o.price > 0`;
    const fee = sql`((o.price * o.platform_fee_percent + 50) / 100)`;
    // Each buyer is topped up twice, by an admin, by a Stars payment or by a bank payment matched
    // to their request (by turns): before their first order with what they spend, and 500 UAH
    // more before their last one.
    const topups = sql`SELECT o.buyer_id AS id, 1 AS n, SUM(o.price) AS total, min(o.created_at) - interval '1 hour' AS at
                       FROM orders o WHERE o.idempotency_key LIKE 'market-%' GROUP BY o.buyer_id
                       UNION ALL
                       SELECT o.buyer_id, 2, 50000, max(o.created_at) - interval '1 hour'
                       FROM orders o WHERE o.idempotency_key LIKE 'market-%' GROUP BY o.buyer_id`;
    const way = sql`(b.id + b.n) % 3`;
    await tx.execute(sql`
      INSERT INTO deposit_requests (user_id, provider, amount, stars, code, status, credited, charge_id, created_at, expires_at, paid_at)
      SELECT b.id, CASE WHEN ${way} = 1 THEN 'TELEGRAM_STARS' ELSE 'MONOBANK' END, b.total, CASE WHEN ${way} = 1 THEN b.total / 45 + 1 END,
             'MKT-' || b.n || '-' || b.id, 'PAID', b.total, CASE WHEN ${way} = 1 THEN 'market-charge-' ELSE 'market-bank-' END || b.n || '-' || b.id,
             b.at, b.at + interval '1 hour', b.at
      FROM (${topups}) b WHERE ${way} <> 0 AND b.total > 0`);
    await tx.execute(sql`
      INSERT INTO bank_payments (id, amount, comment, occurred_at, recorded_at, deposit_request_id)
      SELECT charge_id, credited, code, paid_at, paid_at, id FROM deposit_requests WHERE code LIKE 'MKT-%' AND provider = 'MONOBANK'`);
    await tx.execute(sql`
      INSERT INTO transfers (idempotency_key, debit_account_id, credit_account_id, amount, kind, reference, created_at)
      SELECT 'market-topup:' || b.n || ':' || b.id, ${account('external:topup')}, ${wallet(sql`b.id`, 'general')}, b.total, 'TOPUP', 'topup:admin:market', b.at
      FROM (${topups}) b WHERE ${way} = 0 AND b.total > 0
      UNION ALL
      SELECT 'deposit:' || d.provider || ':' || d.charge_id, CASE WHEN d.provider = 'TELEGRAM_STARS' THEN ${account('external:stars')} ELSE ${account('external:monobank')} END,
             ${wallet(sql`d.user_id`, 'general')}, d.credited, 'DEPOSIT', 'deposit:' || d.id, d.paid_at
      FROM deposit_requests d WHERE d.code LIKE 'MKT-%'`);
    await tx.execute(sql`
      INSERT INTO transfers (idempotency_key, debit_account_id, credit_account_id, amount, kind, reference, created_at)
      SELECT 'order:' || o.id || ':payment', ${wallet(sql`o.buyer_id`, 'general')}, ${account('escrow:orders')}, o.price, 'PURCHASE', 'order:' || o.id, o.created_at
      FROM orders o WHERE ${mine}`);
    await tx.execute(sql`
      INSERT INTO transfers (idempotency_key, debit_account_id, credit_account_id, amount, kind, reference, created_at)
      SELECT 'order:' || o.id || ':payout', ${account('escrow:orders')}, ${wallet(sql`o.developer_id`, 'dev')}, o.price - ${fee},
             CASE WHEN o.auto_generate THEN 'SALE' ELSE 'ESCROW_RELEASE' END, 'order:' || o.id, o.completed_at
      FROM orders o WHERE ${mine} AND o.status = 'DONE'`);
    await tx.execute(sql`
      INSERT INTO transfers (idempotency_key, debit_account_id, credit_account_id, amount, kind, reference, created_at)
      SELECT 'order:' || o.id || ':fee', ${account('escrow:orders')}, ${account('income:fees')}, ${fee}, 'PLATFORM_FEE', 'order:' || o.id, o.completed_at
      FROM orders o WHERE ${mine} AND o.status = 'DONE' AND ${fee} > 0`);
    await tx.execute(sql`
      INSERT INTO transfers (idempotency_key, debit_account_id, credit_account_id, amount, kind, reference, created_at)
      SELECT 'order:' || o.id || ':refund', ${account('escrow:orders')}, ${wallet(sql`o.buyer_id`, 'general')}, o.price, 'REFUND', 'order:' || o.id, o.refunded_at
      FROM orders o WHERE ${mine} AND o.status = 'REFUNDED'`);

    // Each developer asks to withdraw a third of what they earned: pending, paid or rejected by turns.
    await tx.execute(sql`
      INSERT INTO withdrawals (user_id, idempotency_key, card_number, card_last4, amount, fee, payout, status, created_at, resolved_at)
      SELECT e.id, 'market-' || e.id, CASE WHEN e.id % 3 = 0 THEN '4111111111111111' ELSE '•••• 1111' END, '1111', e.amount,
             (e.amount * 5 + 50) / 100, e.amount - (e.amount * 5 + 50) / 100,
             CASE e.id % 3 WHEN 0 THEN 'PENDING' WHEN 1 THEN 'PAID' ELSE 'REJECTED' END,
             ${now} - make_interval(days => (e.id % 5)::int + 1),
             CASE WHEN e.id % 3 <> 0 THEN ${now} - make_interval(days => (e.id % 5)::int + 1) + interval '6 hours' END
      FROM (SELECT a.owner_id AS id, (SUM(t.amount) / 3)::bigint AS amount FROM transfers t JOIN accounts a ON a.id = t.credit_account_id
            WHERE a.kind = 'dev' AND a.owner_id > ${devBase} AND a.owner_id <= ${devBase + DEVELOPERS.length} GROUP BY a.owner_id) e
      WHERE e.amount > 0`);
    const mineW = sql`w.idempotency_key LIKE 'market-%'`;
    await tx.execute(sql`
      INSERT INTO transfers (idempotency_key, debit_account_id, credit_account_id, amount, kind, reference, created_at)
      SELECT 'withdrawal:' || w.id || ':hold', ${wallet(sql`w.user_id`, 'dev')}, ${account('pending:withdrawals')}, w.amount, 'WITHDRAWAL', 'withdrawal:' || w.id, w.created_at
      FROM withdrawals w WHERE ${mineW}
      UNION ALL
      SELECT 'withdrawal:' || w.id || ':paid', ${account('pending:withdrawals')}, ${account('external:payout')}, w.payout, 'WITHDRAWAL_PAID', 'withdrawal:' || w.id, w.resolved_at
      FROM withdrawals w WHERE ${mineW} AND w.status = 'PAID'
      UNION ALL
      SELECT 'withdrawal:' || w.id || ':fee', ${account('pending:withdrawals')}, ${account('income:fees')}, w.fee, 'WITHDRAWAL_FEE', 'withdrawal:' || w.id, w.resolved_at
      FROM withdrawals w WHERE ${mineW} AND w.status = 'PAID' AND w.fee > 0
      UNION ALL
      SELECT 'withdrawal:' || w.id || ':rejected', ${account('pending:withdrawals')}, ${wallet(sql`w.user_id`, 'dev')}, w.amount, 'WITHDRAWAL_REJECTED', 'withdrawal:' || w.id, w.resolved_at
      FROM withdrawals w WHERE ${mineW} AND w.status = 'REJECTED'`);

    await setCachedBalances(tx, base, devBase + DEVELOPERS.length);
    await tx.execute(sql`ANALYZE`);
    return { buyers, developerIds, taskIds, subjectIds };
  });
}

/** The wallets of the fixture's users hold what their transfers say. */
async function setCachedBalances(tx: Executor, from: number, to: number) {
  await tx.execute(sql`
    UPDATE accounts a SET balance = COALESCE((SELECT SUM(amount) FROM transfers WHERE credit_account_id = a.id), 0)
                                  - COALESCE((SELECT SUM(amount) FROM transfers WHERE debit_account_id = a.id), 0)
    WHERE a.owner_id > ${from} AND a.owner_id <= ${to}`);
}
