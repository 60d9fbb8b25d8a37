import { sql, type SQL } from 'drizzle-orm';
import type { DepositProvider, DepositStatus } from '@zalik/contract';
import { row, rows, type Executor } from '../../db/client.js';

export interface DepositRow {
  id: number | string;
  user_id: number | string;
  username: string;
  provider: DepositProvider;
  amount: number | string;
  stars: number | null;
  code: string;
  payment_link: string | null;
  /**
   * What the API shows: a PENDING request past its expiry reads EXPIRED even before the expiry
   * job has run, and a refund waiting for Telegram (REFUNDING) reads PAID until it is confirmed.
   */
  status: DepositStatus;
  /** The row's own status, REFUNDING included (the refund and the payment handlers act on it). */
  state: DepositStatus | 'REFUNDING';
  refund_attempts: number | string;
  credited: number | string | null;
  charge_id: string | null;
  created_at: Date | string;
  expires_at: Date | string;
  paid_at: Date | string | null;
}

const SELECT = sql`
  SELECT d.id, d.user_id, u.username, d.provider, d.amount, d.stars, d.code, d.payment_link,
         CASE WHEN d.status = 'PENDING' AND d.expires_at <= now() THEN 'EXPIRED'
              WHEN d.status = 'REFUNDING' THEN 'PAID' ELSE d.status END AS status,
         d.status AS state, d.refund_attempts, d.credited, d.charge_id, d.created_at, d.expires_at, d.paid_at
  FROM deposit_requests d JOIN users u ON u.telegram_id = d.user_id`;

export const depositById = (ex: Executor, id: number) => row<DepositRow>(ex, sql`${SELECT} WHERE d.id = ${id}`);

/** The same row locked for a change of state (a credit or a refund). */
export const lockDeposit = (ex: Executor, id: number) => row<DepositRow>(ex, sql`${SELECT} WHERE d.id = ${id} FOR UPDATE OF d`);

export const depositByCode = (ex: Executor, code: string) => row<DepositRow>(ex, sql`${SELECT} WHERE d.code = ${code} FOR UPDATE OF d`);

export interface DepositFilter {
  userId?: number;
  status?: DepositStatus;
  provider?: DepositProvider;
  page: number;
  limit: number;
}

export function listDeposits(ex: Executor, f: DepositFilter): Promise<DepositRow[]> {
  const where: SQL[] = [sql`TRUE`];
  if (f.userId !== undefined) where.push(sql`d.user_id = ${f.userId}`);
  if (f.provider) where.push(sql`d.provider = ${f.provider}`);
  if (f.status === 'PENDING') where.push(sql`d.status = 'PENDING' AND d.expires_at > now()`);
  else if (f.status === 'EXPIRED') where.push(sql`(d.status = 'EXPIRED' OR (d.status = 'PENDING' AND d.expires_at <= now()))`);
  else if (f.status === 'PAID') where.push(sql`d.status IN ('PAID', 'REFUNDING')`);
  else if (f.status) where.push(sql`d.status = ${f.status}`);
  return rows<DepositRow>(
    ex,
    sql`${SELECT} WHERE ${sql.join(where, sql` AND `)} ORDER BY d.created_at DESC, d.id DESC LIMIT ${f.limit} OFFSET ${f.page * f.limit}`,
  );
}

/** Serialises one user's new requests, so the open-request limit holds under concurrency. */
export async function lockUserForDeposit(ex: Executor, userId: number): Promise<boolean> {
  return Boolean(await row(ex, sql`SELECT 1 AS one FROM users WHERE telegram_id = ${userId} FOR NO KEY UPDATE`));
}

export async function countOpen(ex: Executor, userId: number): Promise<number> {
  const r = await row<{ n: number | string }>(
    ex,
    sql`SELECT count(*) AS n FROM deposit_requests WHERE user_id = ${userId} AND status = 'PENDING' AND expires_at > now()`,
  );
  return Number(r?.n ?? 0);
}

export interface NewDeposit {
  userId: number;
  provider: DepositProvider;
  amountKop: number;
  stars: number | null;
  code: string;
  paymentLink: string | null;
  expireMinutes: number;
}

/** Inserts a request; undefined when its code is taken (the caller draws another). */
export async function insertDeposit(ex: Executor, d: NewDeposit): Promise<number | undefined> {
  const r = await row<{ id: number | string }>(
    ex,
    sql`INSERT INTO deposit_requests (user_id, provider, amount, stars, code, payment_link, expires_at)
        VALUES (${d.userId}, ${d.provider}, ${d.amountKop}, ${d.stars}, ${d.code}, ${d.paymentLink},
                now() + make_interval(mins => ${d.expireMinutes}))
        ON CONFLICT (code) DO NOTHING RETURNING id`,
  );
  return r ? Number(r.id) : undefined;
}

export const setPaymentLink = (ex: Executor, id: number, link: string) =>
  ex.execute(sql`UPDATE deposit_requests SET payment_link = ${link} WHERE id = ${id}`);

/** A request whose invoice could not be made was never payable: it leaves no trace. */
export const deleteUnpayable = (ex: Executor, id: number) =>
  ex.execute(sql`DELETE FROM deposit_requests WHERE id = ${id} AND payment_link IS NULL AND status = 'PENDING'`);

/** Marks a request paid by `chargeId`; false when it was paid (or refunded) before. */
export async function markPaid(ex: Executor, id: number, chargeId: string, creditedKop: number): Promise<boolean> {
  const r = await row(
    ex,
    sql`UPDATE deposit_requests SET status = 'PAID', charge_id = ${chargeId}, credited = ${creditedKop}, paid_at = now()
        WHERE id = ${id} AND status IN ('PENDING', 'EXPIRED') RETURNING id`,
  );
  return Boolean(r);
}

/** A refund starts (PAID -> REFUNDING); answers its attempt number, undefined when the request was not PAID. */
export async function startRefund(ex: Executor, id: number, adminId: number): Promise<number | undefined> {
  const r = await row<{ refund_attempts: number | string }>(
    ex,
    sql`UPDATE deposit_requests SET status = 'REFUNDING', refunded_by = ${adminId}, refund_attempts = refund_attempts + 1
        WHERE id = ${id} AND status = 'PAID' RETURNING refund_attempts`,
  );
  return r ? Number(r.refund_attempts) : undefined;
}

/** Telegram returned the Stars (REFUNDING -> REFUNDED); false when another caller recorded it first. */
export async function finishRefund(ex: Executor, id: number): Promise<boolean> {
  const r = await row(ex, sql`UPDATE deposit_requests SET status = 'REFUNDED', refunded_at = now() WHERE id = ${id} AND status = 'REFUNDING' RETURNING id`);
  return Boolean(r);
}

/** Telegram refused the refund (REFUNDING -> PAID): the caller gave the money back in the same transaction. */
export async function undoRefund(ex: Executor, id: number): Promise<boolean> {
  const r = await row(ex, sql`UPDATE deposit_requests SET status = 'PAID', refunded_by = NULL WHERE id = ${id} AND status = 'REFUNDING' RETURNING id`);
  return Boolean(r);
}

/** Requests nobody paid in time; a payment that still arrives for one is credited all the same. */
export async function expireDue(ex: Executor): Promise<number> {
  const r = await rows(ex, sql`UPDATE deposit_requests SET status = 'EXPIRED' WHERE status = 'PENDING' AND expires_at <= now() RETURNING id`);
  return r.length;
}
