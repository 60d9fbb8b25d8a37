/**
 * The dashboard's figures worked out the slow and obvious way: every row read into memory
 * with plain SELECTs, Kyiv days told by Intl, each figure a filter and a sum in JavaScript.
 * Nothing here shares code with the dashboard's SQL, so the two agreeing means something.
 */
import { sql } from 'drizzle-orm';
import type { DashboardBacklog, DashboardDay, DashboardFigures, DashboardTop, Figure, LeaderboardDeveloper } from '@zalik/contract';
import { rows, type Executor } from '../src/db/client.js';

interface Order {
  id: number;
  buyer: number;
  task: number;
  developer: number;
  auto: boolean;
  free: boolean;
  price: number;
  status: string;
  created: number;
  completed: number | null;
  refunded: number | null;
  delivered: number | null;
  deadline: number | null;
  disputed: number | null;
}
interface Transfer {
  kind: string;
  amount: number;
  created: number;
  debit: string;
  credit: string;
  creditOwner: number | null;
  creditKind: string;
  debitOwner: number | null;
  debitKind: string;
}
interface User {
  id: number;
  username: string;
  name: string;
  created: number;
  updated: number;
}
interface Withdrawal {
  status: string;
  amount: number;
  created: number;
  resolved: number | null;
}
interface Task {
  id: number;
  title: string;
  subjectId: number;
  subject: string;
  course: number;
}

export interface Everything {
  orders: Order[];
  transfers: Transfer[];
  users: User[];
  withdrawals: Withdrawal[];
  tasks: Map<number, Task>;
}

const ms = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).getTime());
const num = (v: unknown) => Number(v);

export async function readEverything(ex: Executor): Promise<Everything> {
  const orders = (await rows<Record<string, unknown>>(
    ex,
    sql`SELECT id, buyer_id, task_id, developer_id, auto_generate, free_take, price, status, created_at, completed_at, refunded_at, delivered_at, deadline_at, disputed_at FROM orders`,
  )).map((o) => ({
    id: num(o.id), buyer: num(o.buyer_id), task: num(o.task_id), developer: num(o.developer_id), auto: Boolean(o.auto_generate),
    free: Boolean(o.free_take), price: num(o.price), status: String(o.status), created: ms(o.created_at)!, completed: ms(o.completed_at),
    refunded: ms(o.refunded_at), delivered: ms(o.delivered_at), deadline: ms(o.deadline_at), disputed: ms(o.disputed_at),
  }));
  const transfers = (await rows<Record<string, unknown>>(
    ex,
    sql`SELECT t.kind, t.amount, t.created_at, d.code AS debit, c.code AS credit, c.owner_id, c.kind AS credit_kind,
               d.owner_id AS debit_owner, d.kind AS debit_kind
        FROM transfers t, accounts d, accounts c WHERE d.id = t.debit_account_id AND c.id = t.credit_account_id`,
  )).map((t) => ({
    kind: String(t.kind), amount: num(t.amount), created: ms(t.created_at)!, debit: String(t.debit), credit: String(t.credit),
    creditOwner: t.owner_id === null ? null : num(t.owner_id), creditKind: String(t.credit_kind),
    debitOwner: t.debit_owner === null ? null : num(t.debit_owner), debitKind: String(t.debit_kind),
  }));
  const users = (await rows<Record<string, unknown>>(ex, sql`SELECT telegram_id, username, first_name, last_name, created_at, updated_at FROM users`)).map((u) => ({
    id: num(u.telegram_id), username: String(u.username), name: `${String(u.first_name)} ${String(u.last_name)}`.trim(),
    created: ms(u.created_at)!, updated: ms(u.updated_at)!,
  }));
  const withdrawals = (await rows<Record<string, unknown>>(ex, sql`SELECT status, amount, created_at, resolved_at FROM withdrawals`)).map((w) => ({
    status: String(w.status), amount: num(w.amount), created: ms(w.created_at)!, resolved: ms(w.resolved_at),
  }));
  const tasks = new Map(
    (await rows<Record<string, unknown>>(
      ex,
      sql`SELECT t.id, t.title, s.id AS subject_id, s.name, s.course_number FROM tasks t, teachers te, subjects s WHERE te.id = t.teacher_id AND s.id = te.subject_id`,
    )).map((t) => [num(t.id), { id: num(t.id), title: String(t.title), subjectId: num(t.subject_id), subject: String(t.name), course: num(t.course_number) }]),
  );
  return { orders, transfers, users, withdrawals, tasks };
}

// --- Kyiv days ---

const kyivParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Kyiv', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
});
function local(t: number) {
  const p = Object.fromEntries(kyivParts.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, h: Number(p.hour), m: Number(p.minute), s: Number(p.second), ms: t % 1000 };
}
/** The Kyiv date of a moment: `YYYY-MM-DD`. */
export const kyivDate = (t: number) => local(t).date;
const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** The moment a Kyiv wall clock shows `date h:m:s.ms` (Kyiv is UTC+2 or UTC+3). */
function kyivInstant(date: string, h = 0, m = 0, s = 0, milli = 0): number {
  for (const offset of [3, 2]) {
    const t = Date.parse(`${date}T00:00:00Z`) + ((h - offset) * 3600 + m * 60 + s) * 1000 + milli;
    const l = local(t);
    if (l.date === date && l.h === h && l.m === m && l.s === s) return t;
  }
  throw new Error(`no Kyiv moment ${date} ${h}:${m}:${s}`);
}

/** The spans the dashboard compares, worked out from the clock alone. */
export function expectedSpan(days: number, now: number) {
  const l = local(now);
  return {
    from: new Date(kyivInstant(addDays(l.date, -(days - 1)))).toISOString(),
    to: new Date(now).toISOString(),
    previousFrom: new Date(kyivInstant(addDays(l.date, -(2 * days - 1)))).toISOString(),
    previousTo: new Date(kyivInstant(addDays(l.date, -days), l.h, l.m, l.s, l.ms)).toISOString(),
  };
}

// --- the figures ---

type Span = { from: string; to: string; previousFrom: string; previousTo: string };
const within = (t: number | null, from: string, to: string) => t !== null && t >= Date.parse(from) && t < Date.parse(to);
const fig = <T>(items: T[], s: Span, at: (x: T) => number | null, value: (x: T[]) => number): Figure => ({
  value: value(items.filter((x) => within(at(x), s.from, s.to))),
  previous: value(items.filter((x) => within(at(x), s.previousFrom, s.previousTo))),
});
const sum = (xs: { amount: number }[]) => xs.reduce((a, x) => a + x.amount, 0) / 100;
/** What the platform kept: fees credited, less the fees given back with a cancelled sale. */
const feeKept = (t: Transfer) => (t.kind === 'FEE_REVERSAL' ? -t.amount : t.amount);
const isFee = (t: Transfer) => t.credit === 'income:fees' || t.kind === 'FEE_REVERSAL';
const count = (xs: unknown[]) => xs.length;

export function referenceFigures(e: Everything, s: Span): Omit<DashboardFigures, 'period' | keyof Span> {
  const tr = (pred: (t: Transfer) => boolean) => fig(e.transfers.filter(pred), s, (t) => t.created, sum);
  const placed = e.orders.filter((o) => !o.free);
  const active = (from: string, to: string) =>
    new Set([...e.orders.filter((o) => within(o.created, from, to)).map((o) => o.buyer), ...e.users.filter((u) => within(u.updated, from, to)).map((u) => u.id)]).size;
  return {
    revenue: {
      sales: tr((t) => t.kind === 'PURCHASE'),
      refunds: tr((t) => t.kind === 'REFUND' || t.kind === 'SALE_REVERSAL' || t.kind === 'FEE_REVERSAL'),
      fees: fig(e.transfers.filter(isFee), s, (t) => t.created, (xs) => xs.reduce((a, t) => a + feeKept(t), 0) / 100),
    },
    topups: {
      admin: tr((t) => t.kind === 'TOPUP'),
      stars: tr((t) => t.kind === 'DEPOSIT' && t.debit === 'external:stars'),
      monobank: tr((t) => t.kind === 'DEPOSIT' && t.debit === 'external:monobank'),
    },
    purchases: {
      auto: fig(placed.filter((o) => o.auto), s, (o) => o.created, count),
      manual: fig(placed.filter((o) => !o.auto), s, (o) => o.created, count),
    },
    users: {
      new: fig(e.users, s, (u) => u.created, count),
      active: { value: active(s.from, s.to), previous: active(s.previousFrom, s.previousTo) },
    },
    // The market fixture asks the tutor nothing; explanations.test.ts checks these figures.
    explanations: { revenue: { value: 0, previous: 0 }, tokens: { value: 0, previous: 0 } },
  };
}

export function referenceBacklog(e: Everything, nowIso: string, thenIso: string): Omit<DashboardBacklog, 'period' | 'at' | 'previousAt'> {
  const now = Date.parse(nowIso);
  const then = Date.parse(thenIso);
  const overdue = (o: Order, t: number) => o.deadline !== null && o.deadline < t;
  const left = (o: Order) => {
    const ts = [o.delivered, o.completed, o.refunded].filter((t): t is number => t !== null);
    return ts.length ? Math.min(...ts) : null;
  };
  const waitingThen = e.orders.filter((o) => !o.auto && o.created <= then && (left(o) === null || left(o)! > then));
  const open = e.orders.filter((o) => o.status === 'IN_PROGRESS');
  const closed = (o: Order) => [o.completed, o.refunded].filter((t): t is number => t !== null);
  const pendingThen = e.withdrawals.filter((w) => w.created <= then && (w.resolved === null || w.resolved > then));
  const pendingNow = e.withdrawals.filter((w) => w.status === 'PENDING');
  return {
    waiting: { value: open.length, previous: waitingThen.length },
    overdue: { value: open.filter((o) => overdue(o, now)).length, previous: waitingThen.filter((o) => overdue(o, then)).length },
    disputes: {
      value: e.orders.filter((o) => o.status === 'DISPUTED').length,
      previous: e.orders.filter((o) => o.disputed !== null && o.disputed <= then && closed(o).every((t) => t > then)).length,
    },
    withdrawals: { count: { value: pendingNow.length, previous: pendingThen.length }, sum: { value: sum(pendingNow), previous: sum(pendingThen) } },
    // The generated market receives no bot updates; bot-inbox.test.ts checks these figures.
    botInbox: { waiting: 0, oldestSeconds: 0, failed: 0 },
  };
}

export function referenceDaily(e: Everything, days: number, nowIso: string): DashboardDay[] {
  const now = Date.parse(nowIso);
  const today = kyivDate(now);
  const dates = Array.from({ length: days }, (_, i) => addDays(today, i - days + 1));
  const byDate = new Map(dates.map((d) => [d, { date: d, purchases: 0, auto: 0, manual: 0, sales: 0, fees: 0 }]));
  const start = Date.parse(expectedSpan(days, now).from);
  const dayOf = (t: number) => (t < now && t >= start ? byDate.get(kyivDate(t)) : undefined);
  for (const o of e.orders) {
    const d = o.free ? undefined : dayOf(o.created);
    if (!d) continue;
    d.purchases += 1;
    if (o.auto) d.auto += 1;
    else d.manual += 1;
  }
  for (const t of e.transfers) {
    const d = t.kind === 'PURCHASE' || isFee(t) ? dayOf(t.created) : undefined;
    if (d && t.kind === 'PURCHASE') d.sales += t.amount;
    else if (d) d.fees += feeKept(t);
  }
  return [...byDate.values()].map((d) => ({ ...d, sales: d.sales / 100, fees: d.fees / 100 }));
}

export function referenceTop(e: Everything, s: Span, limit: number): Pick<DashboardTop, 'tasks' | 'subjects'> {
  const stood = e.orders.filter((o) => within(o.created, s.from, s.to) && !o.free && o.status !== 'REFUNDED');
  const tally = new Map<number, { sales: number; amount: number }>();
  const bySubject = new Map<number, { sales: number; amount: number }>();
  for (const o of stood) {
    const t = tally.get(o.task) ?? { sales: 0, amount: 0 };
    tally.set(o.task, { sales: t.sales + 1, amount: t.amount + o.price });
    const sid = e.tasks.get(o.task)!.subjectId;
    const x = bySubject.get(sid) ?? { sales: 0, amount: 0 };
    bySubject.set(sid, { sales: x.sales + 1, amount: x.amount + o.price });
  }
  const rank = <T extends { sales: number; amount: number; id: number }>(xs: T[]) =>
    xs.sort((a, z) => z.amount - a.amount || z.sales - a.sales || a.id - z.id).slice(0, limit);
  const subjects = new Map([...e.tasks.values()].map((t) => [t.subjectId, t]));
  return {
    tasks: rank([...tally].map(([id, t]) => ({ id, ...t }))).map((t) => ({
      taskId: String(t.id), title: e.tasks.get(t.id)!.title, subject: e.tasks.get(t.id)!.subject, sales: t.sales, amount: t.amount / 100,
    })),
    subjects: rank([...bySubject].map(([id, t]) => ({ id, ...t }))).map((t) => ({
      subjectId: String(t.id), name: subjects.get(t.id)!.subject, courseNumber: subjects.get(t.id)!.course, sales: t.sales, amount: t.amount / 100,
    })),
  };
}

export function referenceLeaderboard(e: Everything, s: Span, limit: number): LeaderboardDeveloper[] {
  const delivered = e.orders.filter((o) => o.status !== 'IN_PROGRESS' && within(o.delivered, s.from, s.to));
  // Sales paid into a dev wallet count for its owner; a cancelled sale's reversal against them.
  const earned = e.transfers
    .filter((t) => within(t.created, s.from, s.to))
    .flatMap((t) =>
      (t.kind === 'SALE' || t.kind === 'ESCROW_RELEASE') && t.creditKind === 'dev'
        ? [{ owner: t.creditOwner!, amount: t.amount }]
        : t.kind === 'SALE_REVERSAL' && t.debitKind === 'dev'
          ? [{ owner: t.debitOwner!, amount: -t.amount }]
          : [],
    );
  const ids = new Set([...delivered.map((o) => o.developer), ...earned.map((t) => t.owner)]);
  const users = new Map(e.users.map((u) => [u.id, u]));
  return [...ids]
    .map((id) => {
      const mine = delivered.filter((o) => o.developer === id);
      const timed = mine.filter((o) => o.deadline !== null);
      return {
        id,
        delivered: mine.length,
        onTimePercent: timed.length ? Math.round((100 * timed.filter((o) => o.delivered! <= o.deadline!).length) / timed.length) : null,
        earned: earned.filter((t) => t.owner === id).reduce((a, t) => a + t.amount, 0),
      };
    })
    .sort((a, z) => z.earned - a.earned || z.delivered - a.delivered || a.id - z.id)
    .slice(0, limit)
    .map((d) => ({
      telegramId: String(d.id), username: users.get(d.id)!.username, name: users.get(d.id)!.name,
      delivered: d.delivered, onTimePercent: d.onTimePercent, earned: d.earned / 100,
    }));
}
