import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { endpoints as ep } from '@zalik/contract';
import type { Db } from '../../db/client.js';
import type { JobLog } from '../../jobs/registry.js';
import { isUnreadable, monobankApi, type MonobankApi, type StatementEntry, type StatementItem } from '../../ports/monobank.js';
import type { CoreDeps } from '../../types/deps.js';
import {
  claimRead, ensureReadRow, insertBankPayment, linkBankPayment, msUntilRead, quarantineBankPayment, saveReadState, type ReadClaim, type ReadState,
} from './bank.queries.js';
import { notifyBankDepositPaid } from './notify.js';
import { depositByCode } from './queries.js';
import { codesInComment, creditDeposit } from './service.js';

/** The bank answers one statement request a minute per token: all instances together wait this long between reads. */
export const STATEMENT_GAP_MS = 60_000;
/** Each read starts this long before the previous one ended: an item can show up a little after its own time. */
export const STATEMENT_OVERLAP_MS = 15 * 60_000;
/** The longest window the bank reads at once (31 days and an hour; we keep to 31 days). */
const MAX_SPAN_MS = 31 * 86_400_000;
/**
 * Now and then a read looks back this far (not before the reader started): an item can show up
 * in the statement dated before the overlap of the minute's reads, and it is recorded by its id
 * like any other (an item seen before is not recorded twice).
 */
export const SWEEP_SPAN_MS = 24 * 3_600_000;
/** How often a read looks back SWEEP_SPAN_MS. */
export const SWEEP_EVERY_MS = 3_600_000;
/** The jar's currency: only items in hryvnias credit by themselves. */
export const JAR_CURRENCY = 980;
/** A full answer: older items of the window are read on, by the next read. */
export const STATEMENT_PAGE = 500;
/** An occurrence due a moment before the minute is up waits for it rather than skipping a whole interval. */
const MAX_WAIT_MS = 5_000;

export const READ_JOB = 'deposits.monobank';
/** A read brought forward by the bank's webhook. */
export const SOON_JOB = 'deposits.monobank.soon';

export type ReadOutcome =
  | { status: 'read'; items: number; recorded: number; matched: number; more: boolean }
  | { status: 'too-early'; waitMs: number }
  | { status: 'failed'; error: string };

export interface ReaderDeps {
  db: Db;
  bank: MonobankApi;
  account: string;
  log: JobLog;
  signal?: AbortSignal;
  /** The bank's minute; shorter only against the fake bank (the demo). */
  gapMs?: number;
  sweepEveryMs?: number;
}

/** What this read asks for: what is left of a full answer, or from a little before the last read to now. */
function windowOf(claim: ReadClaim, nowMs: number, sweepEveryMs: number): { fromMs: number; toMs: number; paging: boolean; swept: boolean } {
  if (claim.page_from !== null && claim.page_to !== null) {
    return { fromMs: new Date(claim.page_from).getTime(), toMs: new Date(claim.page_to).getTime(), paging: true, swept: false };
  }
  const cursor = claim.cursor_at === null ? nowMs : new Date(claim.cursor_at).getTime();
  const swept = claim.swept_at === null || new Date(claim.swept_at).getTime() + sweepEveryMs <= nowMs;
  const lookBack = swept ? Math.max(nowMs - SWEEP_SPAN_MS, new Date(claim.since).getTime()) : Infinity;
  return { fromMs: Math.max(Math.min(cursor - STATEMENT_OVERLAP_MS, lookBack), nowMs - MAX_SPAN_MS), toMs: nowMs, paging: false, swept };
}

/** The raw item as text an admin can read: JSON escapes every control character; `\u0000` itself is dropped (jsonb and tools refuse it). */
function cleanRaw(raw: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(raw) ?? String(raw);
  } catch {
    text = String(raw);
  }
  return text.replace(/\\u0000/g, '').slice(0, 4000);
}

/** Characters PostgreSQL text cannot hold (NUL) or that are not text at all (lone surrogates). */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * An item that cannot be read or stored is kept aside (QUARANTINED, by its id, or by a hash of
 * its JSON when it has none) so that it never stops the reader: the page is read on, and an
 * admin sees it in the bank payments list.
 */
async function quarantine(db: Db, raw: unknown, log: JobLog, why: string): Promise<boolean> {
  const r = (raw ?? {}) as { id?: unknown; amount?: unknown; time?: unknown };
  const text = cleanRaw(raw);
  const id =
    typeof r.id === 'string' && r.id.length > 0 && r.id.length <= 64 && !UNSTORABLE.test(r.id)
      ? r.id
      : `raw:${createHash('sha256').update(text).digest('hex').slice(0, 40)}`;
  const amountKop = Number.isSafeInteger(r.amount) && (r.amount as number) > 0 ? (r.amount as number) : null;
  const occurredAt = Number.isSafeInteger(r.time) ? new Date((r.time as number) * 1000) : new Date();
  log.error({ id, why }, 'monobank: a statement item could not be recorded; it waits for an admin');
  return quarantineBankPayment(db, { id, amountKop, occurredAt: Number.isNaN(occurredAt.getTime()) ? new Date() : occurredAt, raw: text });
}

/**
 * Records one incoming item and, in the same transaction, credits the deposit request its
 * comment names: once, by the bank's id (the row's primary key and the ledger key). The
 * request may have expired (the money came, it is credited); a refunded one, a Stars one or
 * an unknown code leaves the item UNMATCHED for an admin.
 */
async function recordItem(db: Db, item: StatementItem): Promise<'seen' | 'matched' | 'unmatched'> {
  const codes = codesInComment(item.comment ?? '');
  const currencyCode = item.currencyCode ?? JAR_CURRENCY;
  const hold = currencyCode !== JAR_CURRENCY ? 'FOREIGN_CURRENCY' : codes.length > 1 ? 'SEVERAL_CODES' : null;
  return db.transaction(async (tx) => {
    const fresh = await insertBankPayment(tx, {
      id: item.id,
      amountKop: item.amount,
      comment: item.comment ?? '',
      description: item.description,
      occurredAt: new Date(item.time * 1000),
      currencyCode,
      hold,
    });
    if (!fresh) return 'seen';
    // Another currency is not hryvnias, and two codes are two guesses: an admin decides.
    if (hold) return 'unmatched';
    const code = codes[0];
    const request = code ? await depositByCode(tx, code) : undefined;
    if (!request || request.provider !== 'MONOBANK' || request.state === 'REFUNDING' || request.state === 'REFUNDED') return 'unmatched';
    await creditDeposit(tx, { request, chargeId: item.id, amountKop: item.amount });
    await linkBankPayment(tx, item.id, Number(request.id));
    await notifyBankDepositPaid(tx, { userId: Number(request.user_id), itemId: item.id, amountKop: item.amount, code: request.code });
    return 'matched';
  });
}

/**
 * One read of the jar's statement, if the bank's minute since the last read (of any instance)
 * is up. The read's right is taken in the database before the bank is called, so two instances
 * never both call within a minute; a refused or failed call changes nothing but that mark, and
 * the same window is read again next time. Items are recorded newest first, each in its own
 * transaction; only then does the cursor move on.
 */
export async function readStatementOnce(d: ReaderDeps): Promise<ReadOutcome> {
  const { db, bank, account, log, signal, gapMs = STATEMENT_GAP_MS, sweepEveryMs = SWEEP_EVERY_MS } = d;
  await ensureReadRow(db, account);
  let claim = await claimRead(db, account, gapMs);
  if (!claim) {
    const waitMs = await msUntilRead(db, account, gapMs);
    if (waitMs > MAX_WAIT_MS) return { status: 'too-early', waitMs };
    // Shutting down meanwhile: the next start reads.
    if (await sleep(waitMs, true, { signal }).catch(() => false)) claim = await claimRead(db, account, gapMs);
    if (!claim) return { status: 'too-early', waitMs: await msUntilRead(db, account, gapMs) };
  }

  const nowMs = Date.now();
  const { fromMs, toMs, paging, swept } = windowOf(claim, nowMs, sweepEveryMs);
  const fromS = Math.floor(fromMs / 1000);
  const toS = Math.floor(toMs / 1000);
  const cursor = claim.cursor_at === null ? null : new Date(claim.cursor_at).getTime();
  if (!paging && cursor !== null && cursor - STATEMENT_OVERLAP_MS < fromMs) {
    log.warn({ since: new Date(cursor).toISOString() }, 'monobank: the statement was not read for over 31 days; older items are out of reach');
  }

  let items: StatementEntry[];
  try {
    items = await bank.statement(account, fromS, toS, signal);
  } catch (err) {
    if (signal?.aborted) throw err;
    log.warn({ err, fromS, toS }, 'monobank statement read failed; the same window is read at the next occurrence');
    return { status: 'failed', error: err instanceof Error ? err.message : String(err) };
  }

  let recorded = 0;
  let matched = 0;
  for (const item of items) {
    if (isUnreadable(item)) {
      if (await quarantine(db, item.raw, log, item.unreadable)) recorded++;
      continue;
    }
    if (item.amount <= 0) continue;
    let r: Awaited<ReturnType<typeof recordItem>>;
    try {
      if (UNSTORABLE.test(`${item.id}${item.comment ?? ''}${item.description}`)) throw new Error('characters that cannot be stored');
      r = await recordItem(db, item);
    } catch (err) {
      if (signal?.aborted) throw err;
      // A database that is down fails the quarantine too, and the page is read again later.
      if (await quarantine(db, item, log, err instanceof Error ? err.message : String(err))) recorded++;
      continue;
    }
    if (r !== 'seen') recorded++;
    if (r === 'matched') matched++;
  }

  // Newest first, 500 at most: a full answer leaves [from, its oldest item's second] to read next.
  const full = items.length >= STATEMENT_PAGE;
  // An unreadable item's time may be missing: the readable ones place the next page.
  const times = items.flatMap((i) => (isUnreadable(i) ? [] : [i.time]));
  const oldestS = times.length ? Math.min(...times) : toS;
  const nextToS = full ? (oldestS >= toS ? toS - 1 : oldestS) : null;
  const state: ReadState = {
    cursorAt: new Date(paging ? (cursor ?? toMs) : toS * 1000),
    page: nextToS !== null && nextToS > fromS ? { from: new Date(fromS * 1000), to: new Date(nextToS * 1000) } : null,
    swept,
  };
  await saveReadState(db, account, claim.mark, state);
  if (recorded) log.info({ recorded, matched }, 'monobank statement items recorded');
  return { status: 'read', items: items.length, recorded, matched, more: state.page !== null };
}

/** For the demo against the fake bank: a shorter minute, or another client. */
export interface ReaderOptions {
  bank?: MonobankApi;
  gapMs?: number;
}

/** The reader's deps from the app's: null when no token is configured (an admin records top-ups). */
export function statementReader(deps: Pick<CoreDeps, 'config' | 'db'>, opts: ReaderOptions = {}): Omit<ReaderDeps, 'log' | 'signal'> | null {
  const { token, jarAccount, apiRoot } = deps.config.deposits.monobank;
  if (!token || !jarAccount) return null;
  return { db: deps.db, bank: opts.bank ?? monobankApi(apiRoot, token), account: jarAccount, gapMs: opts.gapMs ?? STATEMENT_GAP_MS };
}

/** Per job registry, the minute its reader keeps (only registries with a reader have one). */
const gaps = new WeakMap<object, number>();

/** The reader's jobs are registered (jobs.ts): the webhook may bring a read forward, keeping this minute. */
export function rememberReadGap(jobs: CoreDeps['jobs'], gapMs: number): void {
  gaps.set(jobs, gapMs);
}

/**
 * The bank's webhook said something happened: read the statement as soon as the bank allows.
 * Its body is not signed, so it is no more than this nudge; many nudges make one pending read.
 */
export async function bringReadForward(deps: Pick<CoreDeps, 'config' | 'db' | 'jobs'>): Promise<void> {
  const account = deps.config.deposits.monobank.jarAccount;
  const gapMs = gaps.get(deps.jobs);
  if (!account || gapMs === undefined) return;
  const waitMs = await msUntilRead(deps.db, account, gapMs);
  await deps.jobs.schedule(deps.db, SOON_JOB, { key: account, runAt: new Date(Date.now() + waitMs) });
}

/** MONOBANK_WEBHOOK=on: points the bank's webhook at this app (after listen: the bank checks the URL with a GET). */
export async function setBankWebhook(deps: Pick<CoreDeps, 'config'>, log: JobLog, bank?: MonobankApi): Promise<void> {
  const { token, apiRoot, webhook } = deps.config.deposits.monobank;
  if (!token || !webhook) return;
  const url = `${deps.config.publicUrl}${ep.monobankWebhook.path}`;
  try {
    await (bank ?? monobankApi(apiRoot, token)).setWebhook(url);
    log.info({ url }, 'monobank webhook set');
  } catch (err) {
    log.error({ err, url }, 'could not set the monobank webhook; the statement is still read every MONOBANK_POLL_MS');
  }
}
