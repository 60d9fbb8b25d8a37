/**
 * The two datasets `bench:scale` compares, and the users and rows it asks about, chosen by SQL
 * from the data itself (the heaviest buyer, the biggest inviter...), never by hard-coded ids:
 * the seed's shape may change and the bench still asks about the extremes.
 */
import pg from 'pg';
import { createScratchDatabase, type ScratchDatabase } from '../src/db/scratch.js';
import { DEMO_SEEDED_KEY } from '../src/modules/demo/seed.js';
import { DASHBOARD_REFRESH_JOB } from '../src/modules/dashboard/jobs.js';
import { SEED_ID_BASE, databaseUrl, recreateDatabase, seedLarge } from './seed-large.js';

/** Seeded users in a database made by seed-large.ts (0 when it has none or no tables). */
async function seededUsers(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const [t] = (await c.query<{ t: string | null }>(`SELECT to_regclass('users')::text AS t`)).rows;
    if (!t?.t) return 0;
    const [r] = (await c.query<{ n: string | null }>(`SELECT max(telegram_id) - $1 AS n FROM users WHERE telegram_id > $1`, [SEED_ID_BASE])).rows;
    return Number(r?.n ?? 0);
  } finally {
    await c.end();
  }
}

async function databaseExists(serverUrl: string, name: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    return (await c.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name])).rowCount === 1;
  } finally {
    await c.end();
  }
}

/** Seeded users in database `name`, 0 when it is missing or empty. */
export async function largeUsers(serverUrl: string, name: string): Promise<number> {
  return (await databaseExists(serverUrl, name)) ? seededUsers(databaseUrl(serverUrl, name)) : 0;
}

/**
 * The large dataset: database `name` as `bench:seed` left it, seeded here with `users` only when
 * it is missing or empty (a million users take minutes). Answers its URL and its user count.
 */
export async function largeDataset(serverUrl: string, name: string, users: number, log: (s: string) => void): Promise<{ url: string; users: number }> {
  const url = databaseUrl(serverUrl, name);
  const have = await largeUsers(serverUrl, name);
  if (have > 0) return { url, users: have };
  log(`database ${name} is missing or empty: seeding ${users.toLocaleString('en')} users (as npm run bench:seed)`);
  await recreateDatabase(serverUrl, name);
  await seedLarge(url, users);
  return { url, users };
}

/** The small dataset: a throwaway 1/1000 copy of the large one's shape (seed-large.ts keeps its own minimums). */
export async function smallDataset(serverUrl: string, users: number): Promise<ScratchDatabase & { users: number }> {
  const db = await createScratchDatabase(serverUrl, 'zalik_scale');
  try {
    await seedLarge(db.url, users);
  } catch (e) {
    await db.drop();
    throw e;
  }
  return { ...db, users };
}

/**
 * Marks the demo data as seeded, so the API (demo mode: no bot token) adds none: on the large set
 * the demo seed's per-row steps run for minutes inside one transaction, and its rows would join the data.
 */
export async function skipDemoSeed(url: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(`INSERT INTO meta (key, value) VALUES ($1, now()::text) ON CONFLICT DO NOTHING`, [DEMO_SEEDED_KEY]);
  } finally {
    await c.end();
  }
}

/**
 * Makes the dashboard's refresh due now, so the API's first run starts with it: the job's schedule
 * lives in the database, and after an earlier bench's API it would wait up to an interval (300 s).
 */
export async function dashboardRefreshDue(url: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(`UPDATE recurring_jobs SET next_run_at = now() WHERE name = $1 AND next_run_at > now()`, [DASHBOARD_REFRESH_JOB]);
  } finally {
    await c.end();
  }
}

/** The API's first dashboard refresh as the bench saw it. */
export interface DashboardRefresh {
  /** Seconds from the first panel's computation (its `computed_at`) until every panel was stored: the refresh itself. */
  tookS: number;
  /** Seconds from the API's start until every panel was stored. */
  afterStartS: number;
}

/**
 * Waits until the API's job `dashboard.refresh` has stored every panel computed after `since`
 * (its first run starts with the API), as a deployed instance's admins would find them; null when
 * it did not finish in `limitS`. A panel's `computed_at` is when its computation began, so the end
 * is when the poll (every 250 ms) saw the last one stored.
 */
export async function firstDashboardRefresh(url: string, since: Date, panels: number, limitS: number): Promise<DashboardRefresh | null> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    for (const end = Date.now() + limitS * 1000; Date.now() < end; await new Promise((r) => setTimeout(r, 250))) {
      const r = await c.query<{ n: string; first: Date | null }>(
        `SELECT count(DISTINCT key) AS n, min(computed_at) AS first FROM dashboard_snapshots WHERE computed_at >= $1`,
        [since],
      );
      if (Number(r.rows[0]!.n) >= panels) {
        const done = Date.now();
        return { tookS: (done - r.rows[0]!.first!.getTime()) / 1000, afterStartS: (done - since.getTime()) / 1000 };
      }
    }
    return null;
  } finally {
    await c.end();
  }
}

/** Who and what the calls ask about (seeded users only: the API's demo seed adds a few of its own), and how many rows the data holds for the answers' checks. */
export interface Picks {
  admin: string;
  /** The buyer with the most orders, their order count and general wallet. */
  heavyStudent: string;
  heavyOrders: number;
  heavyWallet: string;
  heavyTransfers: number;
  /** The user who invited the most friends, and how many. */
  inviter: string;
  invited: number;
  /** The developer with the most orders: their closed orders, transfers and dev wallet. */
  developer: string;
  developerClosed: number;
  /** Their orders in IN_PROGRESS (the queue), as the pick was made. */
  developerOpen: number;
  developerTransfers: number;
  developerWallet: string;
  /** A username only one user holds (the newest seeded user's). */
  rareUsername: string;
  /** The username of the newest user holding a personal discount. */
  discountUsername: string;
  /** The subject whose visible tasks have the most developers. */
  subject: string;
  /** Open disputes (orders in DISPUTED), for the paged disputes' checks. */
  disputes: number;
  users: number;
  roles: Map<string, string[]>;
}

export async function pick(url: string): Promise<Picks> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const one = async <T extends Record<string, unknown>>(q: string, params: unknown[] = []): Promise<T> => {
    const r = (await c.query<T>(q, params)).rows[0];
    if (!r) throw new Error(`bench:scale found nothing for: ${q}`);
    return r;
  };
  try {
    const { admin } = await one<{ admin: string }>(`SELECT min(telegram_id)::text AS admin FROM user_roles WHERE role = 'ROLE_ADMIN' AND telegram_id > $1`, [SEED_ID_BASE]);
    const heavy = await one<{ id: string; n: string }>(`SELECT buyer_id::text AS id, count(*) AS n FROM orders WHERE buyer_id > $1 GROUP BY buyer_id ORDER BY count(*) DESC LIMIT 1`,
      [SEED_ID_BASE],
    );
    const inviter = await one<{ id: string; n: string }>(
      `SELECT invited_by::text AS id, count(*) AS n FROM users WHERE invited_by > $1 GROUP BY invited_by ORDER BY count(*) DESC LIMIT 1`,
      [SEED_ID_BASE],
    );
    // Of the developers with the most orders, the one with the most open: several tie on a
    // smaller set, and one whose orders all closed would time an empty queue.
    const dev = await one<{ id: string; open: string }>(
      `SELECT developer_id::text AS id, count(*) FILTER (WHERE status = 'IN_PROGRESS') AS open FROM orders WHERE developer_id > $1
        GROUP BY developer_id ORDER BY count(*) DESC, open DESC, developer_id LIMIT 1`,
      [SEED_ID_BASE],
    );
    const closed = await one<{ n: string }>(`SELECT count(*) AS n FROM orders WHERE developer_id = $1 AND status <> 'IN_PROGRESS'`, [dev.id]);
    const wallet = (owner: string, kind: string) => one<{ id: string }>(`SELECT id::text AS id FROM accounts WHERE owner_id = $1 AND kind = $2`, [owner, kind]);
    const transfersOf = (owner: string) =>
      one<{ n: string }>(
        `SELECT count(*) AS n FROM transfers t WHERE t.debit_account_id IN (SELECT id FROM accounts WHERE owner_id = $1)
            OR t.credit_account_id IN (SELECT id FROM accounts WHERE owner_id = $1)`,
        [owner],
      );
    const rare = await one<{ u: string }>(`SELECT username AS u FROM users WHERE telegram_id > $1 AND username <> '' ORDER BY telegram_id DESC LIMIT 1`, [SEED_ID_BASE]);
    const discounted = await one<{ u: string }>(
      `SELECT u.username AS u FROM discounts d JOIN users u ON u.telegram_id = d.telegram_id WHERE d.type = 'LOCAL' ORDER BY d.telegram_id DESC LIMIT 1`,
    );
    const subject = await one<{ id: string }>(
      `SELECT te.subject_id::text AS id FROM tasks t JOIN teachers te ON te.id = t.teacher_id WHERE t.visible
        GROUP BY te.subject_id ORDER BY count(DISTINCT t.developer_id) DESC, te.subject_id LIMIT 1`,
    );
    const users = await one<{ n: string }>(`SELECT count(*) AS n FROM users`);
    const disputes = await one<{ n: string }>(`SELECT count(*) AS n FROM orders WHERE status = 'DISPUTED'`);
    const roleRows = (await c.query<{ id: string; role: string }>(`SELECT telegram_id::text AS id, role FROM user_roles WHERE telegram_id = ANY($1::bigint[])`, [[admin, dev.id]])).rows;
    const roles = new Map<string, string[]>();
    for (const r of roleRows) roles.set(r.id, [...(roles.get(r.id) ?? []), r.role]);
    return {
      admin,
      heavyStudent: heavy.id,
      heavyOrders: Number(heavy.n),
      heavyWallet: (await wallet(heavy.id, 'general')).id,
      heavyTransfers: Number((await transfersOf(heavy.id)).n),
      inviter: inviter.id,
      invited: Number(inviter.n),
      developer: dev.id,
      developerClosed: Number(closed.n),
      developerOpen: Number(dev.open),
      developerTransfers: Number((await transfersOf(dev.id)).n),
      developerWallet: (await wallet(dev.id, 'dev')).id,
      rareUsername: rare.u,
      discountUsername: discounted.u,
      subject: subject.id,
      disputes: Number(disputes.n),
      users: Number(users.n),
      roles,
    };
  } finally {
    await c.end();
  }
}
