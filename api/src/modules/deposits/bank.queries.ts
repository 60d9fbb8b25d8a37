import { sql, type SQL } from 'drizzle-orm';
import type { BANK_PAYMENT_STATUSES } from '@zalik/contract';
import { row, rows, type Executor } from '../../db/client.js';

// ---- When the jar's statement was read (bank_statement_reads, migrations 0015 and 0018) ----

export interface ReadClaim {
  /** This read's read_at, exactly (as text: a Date would drop the microseconds); its outcome is written only while read_at still equals it. */
  mark: string;
  cursor_at: Date | string | null;
  page_from: Date | string | null;
  page_to: Date | string | null;
  since: Date | string;
  swept_at: Date | string | null;
}

/**
 * The account's row, made on the reader's first try: reads start an overlap before that moment
 * (earlier payments were recorded by hand) and cover what came after, even if the first reads fail.
 */
export const ensureReadRow = (ex: Executor, account: string) =>
  ex.execute(sql`
    INSERT INTO bank_statement_reads (account, read_at, cursor_at, since, swept_at) VALUES (${account}, 'epoch', now(), now(), now())
    ON CONFLICT (account) DO NOTHING`);

/**
 * Takes the right to call the bank now: one conditional UPDATE, so of any number of instances
 * at most one gets it per `gapMs` (a second one waits for the row and then finds read_at new).
 * Undefined when the last read was less than `gapMs` ago.
 */
export const claimRead = (ex: Executor, account: string, gapMs: number) =>
  row<ReadClaim>(
    ex,
    sql`UPDATE bank_statement_reads SET read_at = clock_timestamp()
        WHERE account = ${account} AND read_at <= clock_timestamp() - make_interval(secs => ${gapMs / 1000})
        RETURNING read_at::text AS mark, cursor_at, page_from, page_to, since, swept_at`,
  );

/** Milliseconds until the next read may start (0 when it may now). */
export async function msUntilRead(ex: Executor, account: string, gapMs: number): Promise<number> {
  const r = await row<{ ms: number | string | null }>(
    ex,
    sql`SELECT GREATEST(0, EXTRACT(EPOCH FROM read_at + make_interval(secs => ${gapMs / 1000}) - clock_timestamp()) * 1000) AS ms
        FROM bank_statement_reads WHERE account = ${account}`,
  );
  return r?.ms === null || r?.ms === undefined ? 0 : Math.ceil(Number(r.ms));
}

/** What a read leaves for the next one: where it starts, and the rest of a full answer's window. */
export interface ReadState {
  cursorAt: Date;
  page: { from: Date; to: Date } | null;
  /** This read looked back past the overlap (see `windowOf`). */
  swept: boolean;
}

/** Records the outcome of the read whose mark is `mark`; false if another read has taken over since. */
export async function saveReadState(ex: Executor, account: string, mark: string, s: ReadState): Promise<boolean> {
  const r = await row(
    ex,
    sql`UPDATE bank_statement_reads
        SET cursor_at = ${s.cursorAt.toISOString()}::timestamptz,
            page_from = ${s.page ? s.page.from.toISOString() : null}::timestamptz,
            page_to = ${s.page ? s.page.to.toISOString() : null}::timestamptz,
            swept_at = CASE WHEN ${s.swept} THEN clock_timestamp() ELSE swept_at END
        WHERE account = ${account} AND read_at = ${mark}::timestamptz
        RETURNING account`,
  );
  return Boolean(r);
}

// ---- Incoming items of the statement (bank_payments) ----

export interface NewBankPayment {
  id: string;
  amountKop: number;
  comment: string;
  description: string;
  occurredAt: Date;
  currencyCode: number;
  hold: BankPaymentHold | null;
}

export type BankPaymentHold = 'QUARANTINED' | 'FOREIGN_CURRENCY' | 'SEVERAL_CODES';

/** Records an item once by the bank's id; false when it was recorded before (nothing changes). */
export async function insertBankPayment(ex: Executor, p: NewBankPayment): Promise<boolean> {
  const r = await row(
    ex,
    sql`INSERT INTO bank_payments (id, amount, comment, description, occurred_at, currency_code, hold)
        VALUES (${p.id}, ${p.amountKop}, ${p.comment}, ${p.description}, ${p.occurredAt.toISOString()}::timestamptz, ${p.currencyCode}, ${p.hold})
        ON CONFLICT (id) DO NOTHING RETURNING id`,
  );
  return Boolean(r);
}

/** An item that could not be read or stored: its cleaned raw JSON, once by `id`, for an admin. */
export async function quarantineBankPayment(ex: Executor, q: { id: string; amountKop: number | null; occurredAt: Date; raw: string }): Promise<boolean> {
  const r = await row(
    ex,
    sql`INSERT INTO bank_payments (id, amount, occurred_at, hold, raw)
        VALUES (${q.id}, ${q.amountKop}, ${q.occurredAt.toISOString()}::timestamptz, 'QUARANTINED', ${q.raw})
        ON CONFLICT (id) DO NOTHING RETURNING id`,
  );
  return Boolean(r);
}

export const linkBankPayment = (ex: Executor, id: string, depositId: number) =>
  ex.execute(sql`UPDATE bank_payments SET deposit_request_id = ${depositId} WHERE id = ${id}`);

export type BankPaymentStatus = (typeof BANK_PAYMENT_STATUSES)[number];

export interface BankPaymentRow {
  id: string;
  amount: number | string | null;
  comment: string;
  description: string;
  occurred_at: Date | string;
  deposit_request_id: number | string | null;
  credited_user_id: number | string | null;
  credited_username: string | null;
  status: BankPaymentStatus;
  currency_code: number;
  hold: BankPaymentHold | null;
  raw: string | null;
}

const SELECT = sql`
  SELECT b.id, b.amount, b.comment, b.description, b.occurred_at, b.deposit_request_id, b.credited_user_id, b.currency_code, b.hold, b.raw,
         u.username AS credited_username,
         CASE WHEN b.deposit_request_id IS NOT NULL THEN 'MATCHED'
              WHEN b.credited_user_id IS NOT NULL THEN 'CREDITED' ELSE 'UNMATCHED' END AS status
  FROM bank_payments b LEFT JOIN users u ON u.telegram_id = b.credited_user_id`;

const STATUS: Record<BankPaymentStatus, SQL> = {
  MATCHED: sql`b.deposit_request_id IS NOT NULL`,
  CREDITED: sql`b.credited_user_id IS NOT NULL`,
  UNMATCHED: sql`b.deposit_request_id IS NULL AND b.credited_user_id IS NULL`,
};

export function listBankPayments(ex: Executor, f: { status?: BankPaymentStatus; page: number; limit: number }): Promise<BankPaymentRow[]> {
  return rows<BankPaymentRow>(
    ex,
    sql`${SELECT} WHERE ${f.status ? STATUS[f.status] : sql`TRUE`}
        ORDER BY b.occurred_at DESC, b.id DESC LIMIT ${f.limit} OFFSET ${f.page * f.limit}`,
  );
}

/** The item locked for an admin's credit: of two admins at once, the second waits and then finds it taken. */
export const lockBankPayment = (ex: Executor, id: string) => row<BankPaymentRow>(ex, sql`${SELECT} WHERE b.id = ${id} FOR UPDATE OF b`);

export async function markBankPaymentCredited(ex: Executor, id: string, userId: number, adminId: number): Promise<boolean> {
  const r = await row(
    ex,
    sql`UPDATE bank_payments SET credited_user_id = ${userId}, credited_by = ${adminId}, credited_at = now()
        WHERE id = ${id} AND deposit_request_id IS NULL AND credited_user_id IS NULL RETURNING id`,
  );
  return Boolean(r);
}
