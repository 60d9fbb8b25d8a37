/**
 * `npm run bench:seed -- --users 1000000`: the large dataset issue 30 measured Zalik on, built
 * on an empty PostgreSQL database (`DATABASE_URL`) by set-based SQL, so a million users take
 * minutes, not hours. Per million users: 240 subjects, 600 teachers, 20 000 tasks (a third
 * auto-generated), 2 000 developers, 2 000 000 orders in every state (a heavy buyer holding
 * ~6 000 of them), their transfers through escrow, withdrawals in every state, discounts,
 * expired and pending deposit requests, 3 000 000 sent outbox rows and referrals. Smaller
 * `--users` scales everything down (never below a working catalogue).
 *
 * The money is made the way the API makes it, leg by leg: a top-up per buyer covering what
 * they spent, `PURCHASE` into escrow, `SALE`/`ESCROW_RELEASE` out to the developer or `REFUND`
 * back, withdrawals through `pending:withdrawals`; then every user wallet's cached balance is
 * set to its transfers' sum. The ledger check runs at the end and the command fails unless it
 * is clean, so every benchmark on this data starts from a true ledger.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, rows, type Executor } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { LONG_DB_TIMEOUTS } from '../src/db/timeouts.js';
import { checkLedger } from '../src/modules/ledger/check.js';

/** Telegram ids of seeded users start here: far from the demo's and the tests' ids. */
export const SEED_ID_BASE = 100_000_000;

export interface Scale {
  users: number;
  developers: number;
  subjects: number;
  teachers: number;
  tasks: number;
  orders: number;
  depositRequests: number;
  outbox: number;
  /** The one buyer with a very long history (~0.3 % of all orders). */
  heavyBuyer: number;
}

export function scaleFor(users: number): Scale {
  const per = (n: number, min: number) => Math.max(min, Math.round((n * users) / 1_000_000));
  return {
    users,
    developers: per(2_000, 5),
    subjects: per(240, 8),
    teachers: per(600, 16),
    tasks: per(20_000, 60),
    orders: per(2_000_000, 200),
    depositRequests: per(500_000, 50),
    outbox: per(3_000_000, 100),
    heavyBuyer: SEED_ID_BASE + per(2_000, 5) + 1,
  };
}

/** Whole numbers written into the statements: bare parameters would leave their type unknown. */
const n = (v: number) => sql.raw(String(Math.trunc(v)));

// Telegram usernames as people pick them: a name and a surname, sometimes a number, some
// capitalised, one in ten users without one. Each is unique (the name, the surname and the number
// together are g), and none shares a long prefix with many others, as `student_<n>` did: the
// username search is then measured on trigrams spread the way real names spread them.
const FIRST_NAMES = ['olena', 'ivan', 'andrii', 'oksana', 'taras', 'iryna', 'dmytro', 'sofiia', 'maksym', 'yulia', 'bohdan', 'kateryna', 'oleh', 'nataliia', 'serhii', 'anastasiia', 'volodymyr', 'mariia', 'yaroslav', 'daryna', 'artem', 'khrystyna', 'nazar', 'viktoriia', 'roman', 'solomiia', 'denys', 'alina', 'vitalii', 'zlata'];
const SURNAMES = ['koval', 'shevchenko', 'bondar', 'tkachenko', 'kravets', 'melnyk', 'boiko', 'moroz', 'lysenko', 'hnatiuk', 'savchuk', 'rudenko', 'marchenko', 'pavliuk', 'honchar', 'zinchenko', 'karpenko', 'sydorenko', 'tarasiuk', 'vovk', 'ostapchuk', 'fedoruk', 'kuzmenko', 'levchenko', 'demchuk', 'yurchenko', 'polishchuk', 'hrytsenko', 'symonenko', 'dovzhenko', 'oliinyk'];
const literal = (words: string[]) => sql.raw(`(ARRAY['${words.join("','")}'])`);
const [names, surnames, combos] = [FIRST_NAMES.length, SURNAMES.length, FIRST_NAMES.length * SURNAMES.length].map(n);
const firstName = sql`${literal(FIRST_NAMES)}[1 + g % ${names}]`;
const seedUsername = sql`CASE WHEN g % 10 = 7 THEN '' ELSE
    (CASE WHEN g % 7 = 0 THEN initcap(${firstName}) ELSE ${firstName} END)
    || CASE WHEN g % 3 = 0 THEN '' ELSE '_' END
    || ${literal(SURNAMES)}[1 + g / ${names} % ${surnames}]
    || CASE WHEN g < ${combos} THEN '' ELSE (g / ${combos})::text END END`;

/** Each step: one set-based statement (or a few), timed. */
function steps(s: Scale): [string, ReturnType<typeof sql>][] {
  const B = SEED_ID_BASE;
  const D = s.developers;
  const buyers = s.users - D;
  return [
    [
      'users (a fifth invited by an earlier one, one in a thousand of them by user 11)',
      sql`INSERT INTO users (telegram_id, username, first_name, last_name, course_number, invited_by, created_at)
          SELECT ${n(B)} + g, ${seedUsername}, 'Ім’я ' || g, 'Прізвище ' || (g % 997), 1 + g % 4,
                 CASE WHEN g > 10 AND g % 5 = 0 THEN ${n(B)} + 1 +
                   CASE WHEN g % 1000 = 0 THEN 10 ELSE (g * 2654435761) % 1000003 % (g - 1) END END,
                 now() - make_interval(days => (g % 700)::int)
          FROM generate_series(1::bigint, ${n(s.users)}) g`,
    ],
    [
      'roles (developers, one admin)',
      sql`INSERT INTO user_roles (telegram_id, role)
          SELECT ${n(B)} + g, 'ROLE_DEVELOPER' FROM generate_series(1::bigint, ${n(D)}) g
          UNION ALL SELECT ${n(B)} + 1, 'ROLE_ADMIN'`,
    ],
    [
      'catalogue: subjects, teachers, tasks',
      sql`WITH s AS (
            INSERT INTO subjects (name, course_number)
            SELECT 'Предмет ' || g, 1 + g % 4 FROM generate_series(1::bigint, ${n(s.subjects)}) g RETURNING id
          ), sn AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM s),
          t AS (
            INSERT INTO teachers (subject_id, name)
            SELECT sn.id, 'Викладач ' || g || ' Т. Т.' FROM generate_series(0::bigint, ${n(s.teachers - 1)}) g JOIN sn ON sn.n = g % ${n(s.subjects)}
            RETURNING id
          ), tn AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM t)
          INSERT INTO tasks (teacher_id, developer_id, title, description, price, type, auto_generate, identifier, visible, deadline_hours)
          SELECT tn.id, ${n(B)} + 1 + g % ${n(D)}, 'Лабораторна робота №' || g, 'Опис завдання ' || g, 50 + (g * 37) % 950,
                 CASE WHEN g % 4 = 0 THEN 'TEST' ELSE 'REGULAR' END, g % 3 = 0, CASE WHEN g % 3 = 0 THEN 'seed-template' ELSE '' END,
                 g % 50 <> 0, CASE WHEN g % 3 = 0 THEN NULL ELSE 72 END
          FROM generate_series(0::bigint, ${n(s.tasks - 1)}) g JOIN tn ON tn.n = g % ${n(s.teachers)}`,
    ],
    [
      'discounts (GLOBAL on a tenth of the tasks, LOCAL ones for buyers)',
      sql`INSERT INTO discounts (task_id, type, telegram_id, percent, uses_left)
          SELECT id, 'GLOBAL', NULL, 10, NULL FROM tasks WHERE id % 10 = 0
          UNION ALL
          SELECT DISTINCT ON (t.id, u) t.id, 'LOCAL', u, 5 + (t.id % 6) * 5, CASE WHEN t.id % 2 = 0 THEN 3 END
          FROM tasks t, LATERAL (SELECT ${n(B)} + ${n(D)} + 1 + ((t.id * 104729 + k * 7919) % ${n(buyers)}) AS u FROM generate_series(1, 2) k) l`,
    ],
    // users.done_spend is counted once below: its row trigger (migration 0085) would update a
    // user a million times, once per DONE order.
    ['orders: done spend counted after them', sql`ALTER TABLE orders DISABLE TRIGGER orders_done_spend_inserted`],
    [
      'orders in every state',
      sql`WITH task AS (SELECT t.*, row_number() OVER (ORDER BY t.id) - 1 AS n, s.name AS subject_name, te.name AS teacher_name
                          FROM tasks t JOIN teachers te ON te.id = t.teacher_id JOIN subjects s ON s.id = te.subject_id),
               o AS (
                 SELECT g,
                        CASE WHEN g % 337 = 0 THEN ${n(s.heavyBuyer)} ELSE ${n(B)} + ${n(D)} + 1 + (g * 48271) % ${n(buyers)} END AS buyer,
                        now() - make_interval(mins => ((g * 263) % 525600)::int) AS at, g % 100 AS r
                 FROM generate_series(1::bigint, ${n(s.orders)}) g
               )
          INSERT INTO orders (buyer_id, task_id, developer_id, idempotency_key, task_title, subject_name, teacher_name, developer_name,
                              auto_generate, full_price, price, status, created_at, completed_at, refunded_at, deadline_hours, deadline_at,
                              delivered_at, accept_until, dispute_reason, disputed_at, dispute_outcome, cancelled_by, cancel_reason)
          SELECT o.buyer, task.id, task.developer_id, 'seed:' || o.g, task.title, task.subject_name, task.teacher_name, 'dev_' || (task.developer_id - ${n(B)}),
                 task.auto_generate, task.price * 100, task.price * 100, st.status, w.at,
                 CASE WHEN st.status = 'DONE' THEN w.at + interval '2 days' END,
                 CASE WHEN st.status = 'REFUNDED' THEN w.at + interval '1 day' END,
                 task.deadline_hours, CASE WHEN NOT task.auto_generate THEN w.at + make_interval(hours => 72) END,
                 CASE WHEN st.status IN ('DELIVERED', 'DISPUTED') OR (st.status = 'DONE' AND NOT task.auto_generate) THEN w.at + interval '1 day' END,
                 CASE WHEN st.status IN ('DELIVERED', 'DISPUTED') OR (st.status = 'DONE' AND NOT task.auto_generate) THEN w.at + interval '4 days' END,
                 CASE WHEN st.status = 'DISPUTED' THEN 'Робота не відповідає варіанту' END,
                 CASE WHEN st.status = 'DISPUTED' THEN w.at + interval '2 days' END,
                 NULL, CASE WHEN st.status = 'REFUNDED' THEN 'SYSTEM' END, CASE WHEN st.status = 'REFUNDED' THEN 'Термін минув' END
          FROM o
          JOIN task ON task.n = (o.g * 16807) % ${n(s.tasks)}
          CROSS JOIN LATERAL (SELECT CASE
              WHEN task.auto_generate THEN CASE WHEN o.r < 95 THEN 'DONE' ELSE 'REFUNDED' END
              WHEN o.r < 60 THEN 'DONE' WHEN o.r < 70 THEN 'REFUNDED' WHEN o.r < 80 THEN 'IN_PROGRESS'
              WHEN o.r < 92 THEN 'DELIVERED' ELSE 'DISPUTED' END AS status) st
          -- Orders still waiting on a timer were bought in the last two days, so none is overdue:
          -- the API's sweeps (docs/JOBS.md) would otherwise refund and release them while a bench runs.
          CROSS JOIN LATERAL (SELECT CASE WHEN st.status IN ('IN_PROGRESS', 'DELIVERED')
                                          THEN now() - interval '25 hours' - make_interval(mins => (o.g % 1380)::int)
                                          ELSE o.at END AS at) w
          ORDER BY w.at`,
    ],
    ['orders: trigger back on', sql`ALTER TABLE orders ENABLE TRIGGER orders_done_spend_inserted`],
    [
      'done spend of every buyer',
      sql`UPDATE users u SET done_spend = s.total
          FROM (SELECT buyer_id, sum(price) AS total FROM orders WHERE status = 'DONE' GROUP BY buyer_id) s
          WHERE u.telegram_id = s.buyer_id`,
    ],
    [
      'wallets',
      sql`INSERT INTO accounts (code, owner_id, kind)
          SELECT 'user:' || (${n(B)} + g) || ':general', ${n(B)} + g, 'general' FROM generate_series(1::bigint, ${n(s.users)}) g
          UNION ALL
          SELECT 'user:' || (${n(B)} + g) || ':dev', ${n(B)} + g, 'dev' FROM generate_series(1::bigint, ${n(D)}) g`,
    ],
    [
      'transfers: a top-up per buyer covering what they spent, then each order through escrow',
      sql`WITH acc AS (SELECT id, code FROM accounts),
               spent AS (SELECT buyer_id, sum(price) AS amount, min(created_at) AS first FROM orders GROUP BY buyer_id)
          INSERT INTO transfers (idempotency_key, debit_account_id, credit_account_id, amount, kind, reference, created_at)
          SELECT 'seed:topup:' || sp.buyer_id, (SELECT id FROM acc WHERE code = 'external:topup'),
                 (SELECT id FROM accounts WHERE owner_id = sp.buyer_id AND kind = 'general'),
                 sp.amount + (sp.buyer_id % 50) * 100, 'TOPUP', 'topup:admin:seed', sp.first - interval '1 hour'
          FROM spent sp`,
    ],
    [
      'transfers: purchases into escrow',
      sql`INSERT INTO transfers (idempotency_key, debit_account_id, credit_account_id, amount, kind, reference, created_at)
          SELECT 'order:' || o.id || ':payment', a.id, (SELECT id FROM accounts WHERE code = 'escrow:orders'), o.price, 'PURCHASE', 'order:' || o.id, o.created_at
          FROM orders o JOIN accounts a ON a.owner_id = o.buyer_id AND a.kind = 'general'`,
    ],
    [
      'transfers: sales and releases to developers, refunds to buyers',
      sql`INSERT INTO transfers (idempotency_key, debit_account_id, credit_account_id, amount, kind, reference, created_at)
          SELECT 'order:' || o.id || CASE WHEN o.status = 'DONE' THEN ':payout' ELSE ':refund' END,
                 (SELECT id FROM accounts WHERE code = 'escrow:orders'), a.id, o.price,
                 CASE WHEN o.status = 'REFUNDED' THEN 'REFUND' WHEN o.auto_generate THEN 'SALE' ELSE 'ESCROW_RELEASE' END,
                 'order:' || o.id, COALESCE(o.completed_at, o.refunded_at)
          FROM orders o
          JOIN accounts a ON a.owner_id = CASE WHEN o.status = 'DONE' THEN o.developer_id ELSE o.buyer_id END
                         AND a.kind = CASE WHEN o.status = 'DONE' THEN 'dev' ELSE 'general' END
          WHERE o.status IN ('DONE', 'REFUNDED')`,
    ],
    [
      'withdrawals: ten per developer from a half of what they earned (one still pending)',
      sql`WITH earned AS (
            SELECT a.owner_id AS dev, sum(t.amount) AS amount FROM transfers t JOIN accounts a ON a.id = t.credit_account_id
            WHERE a.kind = 'dev' GROUP BY a.owner_id
          )
          INSERT INTO withdrawals (user_id, idempotency_key, card_number, card_last4, amount, fee, payout, status, created_at, resolved_at, resolved_by,
                                   details_masked, reason, deadline_at, announced_at, one_open)
          SELECT e.dev, 'seed:' || k, 'seed', '1111', w.amount, w.amount / 20, w.amount - w.amount / 20, st.status,
                 now() - make_interval(days => (10 * k)::int), CASE WHEN st.status <> 'PENDING' THEN now() - make_interval(days => (10 * k - 1)::int) END,
                 CASE WHEN st.status <> 'PENDING' THEN ${n(B)} + 1 END, '•••• 1111',
                 CASE WHEN st.status = 'REJECTED' THEN 'Картку заблоковано' END, now() - make_interval(days => (10 * k)::int) + interval '1 day', now(), true
          FROM earned e CROSS JOIN generate_series(0, 9) k
          CROSS JOIN LATERAL (SELECT e.amount::bigint / 20 AS amount) w
          CROSS JOIN LATERAL (SELECT CASE WHEN k = 0 THEN 'PENDING' WHEN k % 4 = 0 THEN 'REJECTED' ELSE 'PAID' END AS status) st
          WHERE w.amount >= 1000`,
    ],
    [
      'transfers: withdrawals out of the dev wallets, paid, fees, rejected back',
      sql`WITH acc AS (SELECT code, id FROM accounts WHERE owner_id IS NULL)
          INSERT INTO transfers (idempotency_key, debit_account_id, credit_account_id, amount, kind, reference, created_at)
          SELECT x.key, x.debit, x.credit, x.amount, x.kind, 'withdrawal:' || w.id, w.created_at
          FROM withdrawals w JOIN accounts d ON d.owner_id = w.user_id AND d.kind = 'dev'
          CROSS JOIN LATERAL (
            SELECT 'withdrawal:' || w.id AS key, d.id AS debit, (SELECT id FROM acc WHERE code = 'pending:withdrawals') AS credit, w.amount, 'WITHDRAWAL' AS kind
            UNION ALL
            SELECT 'withdrawal:' || w.id || ':paid', (SELECT id FROM acc WHERE code = 'pending:withdrawals'), (SELECT id FROM acc WHERE code = 'external:payout'), w.payout, 'WITHDRAWAL_PAID'
            WHERE w.status = 'PAID'
            UNION ALL
            SELECT 'withdrawal:' || w.id || ':fee', (SELECT id FROM acc WHERE code = 'pending:withdrawals'), (SELECT id FROM acc WHERE code = 'income:fees'), w.fee, 'WITHDRAWAL_FEE'
            WHERE w.status = 'PAID' AND w.fee > 0
            UNION ALL
            SELECT 'withdrawal:' || w.id || ':rejected', (SELECT id FROM acc WHERE code = 'pending:withdrawals'), d.id, w.amount, 'WITHDRAWAL_REJECTED'
            WHERE w.status = 'REJECTED'
          ) x`,
    ],
    [
      'wallet balances = their transfers',
      sql`WITH net AS (
            SELECT id, sum(amount) AS balance FROM (
              SELECT credit_account_id AS id, amount FROM transfers UNION ALL SELECT debit_account_id, -amount FROM transfers
            ) m GROUP BY id
          )
          UPDATE accounts a SET balance = net.balance FROM net WHERE net.id = a.id AND a.owner_id IS NOT NULL`,
    ],
    [
      'deposit requests (expired and pending card top-ups)',
      sql`INSERT INTO deposit_requests (user_id, provider, amount, code, status, created_at, expires_at)
          SELECT ${n(B)} + ${n(D)} + 1 + (g * 69621) % ${n(buyers)}, 'MONOBANK', (1 + g % 20) * 5000, 'ZLK-S' || g,
                 CASE WHEN g % 40 = 0 THEN 'PENDING' ELSE 'EXPIRED' END,
                 now() - make_interval(mins => (CASE WHEN g % 40 = 0 THEN 5 ELSE (g * 131) % 525600 END)::int),
                 now() - make_interval(mins => (CASE WHEN g % 40 = 0 THEN 5 ELSE (g * 131) % 525600 END)::int) + interval '1 hour'
          FROM generate_series(1::bigint, ${n(s.depositRequests)}) g`,
    ],
    [
      'outbox (sent notices)',
      sql`INSERT INTO outbox (kind, chat_id, payload, sent_at, created_at, steps_done)
          SELECT 'text', ${n(B)} + 1 + (g * 16807) % ${n(s.users)}, jsonb_build_object('text', 'Сповіщення ' || g),
                 now() - make_interval(mins => (g % 525600)::int), now() - make_interval(mins => (g % 525600)::int), 1
          FROM generate_series(1::bigint, ${n(s.outbox)}) g`,
    ],
    ['statistics', sql`ANALYZE`],
  ];
}

async function count(ex: Executor, table: string): Promise<number> {
  const [r] = await rows<{ n: string }>(ex, sql.raw(`SELECT count(*) AS n FROM ${table}`));
  return Number(r!.n);
}

/** Seeds `users` users' worth of data into a migrated, empty database; fails unless the ledger check is clean. */
export async function seedInto(db: Executor, users: number, log: (line: string) => void = console.log): Promise<Scale> {
  const scale = scaleFor(users);
  if ((await count(db, 'users')) > 0) throw new Error('bench:seed wants an empty database (it found users)');
  for (const [name, statement] of steps(scale)) {
    const started = performance.now();
    await db.execute(statement);
    log(`  ${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const started = performance.now();
  const report = await checkLedger(db);
  log(`  ledger check: ${report.ok ? 'OK' : 'BROKEN'} (${report.accounts} accounts, ${report.transfers} transfers, ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  if (!report.ok) throw new Error(`the seeded ledger is broken:\n${report.problems.join('\n')}`);
  for (const table of ['users', 'tasks', 'orders', 'transfers', 'withdrawals', 'deposit_requests', 'outbox', 'discounts']) {
    log(`  ${table}: ${(await count(db, table)).toLocaleString('en')}`);
  }
  return scale;
}

export async function seedLarge(databaseUrl: string, users: number): Promise<Scale> {
  const database = await openDatabase({ databaseUrl, timeouts: LONG_DB_TIMEOUTS });
  try {
    await migrate(database);
    return await seedInto(database.db, users);
  } finally {
    await database.close();
  }
}

/** Drops and creates database `name` on the server of `serverUrl`; answers its URL. */
export async function recreateDatabase(serverUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error('--database wants a plain lower-case name');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return databaseUrl(serverUrl, name);
}

/** The URL of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
