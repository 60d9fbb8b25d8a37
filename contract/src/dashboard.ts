import { z } from 'zod';
import { Id, IsoDate, KyivDate } from './common.js';
import { AUDIT_EXPORT_COLUMNS, AuditFilters } from './audit.js';
import { MSG } from './messages.js';

/**
 * The admin dashboard (docs/DASHBOARD.md): figures of a period of Kyiv days (today included)
 * beside the same figures of the period before it, charts of the last 30 days, the top lists
 * and the developer leaderboard. Money is UAH, counts are whole numbers.
 */
export const DASHBOARD_PERIODS = ['today', '7d', '30d'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
/** How many Kyiv days each period spans, today included. */
export const DASHBOARD_PERIOD_DAYS: Record<DashboardPeriod, number> = { today: 1, '7d': 7, '30d': 30 };
/** Days of the daily chart, today included. */
export const DASHBOARD_CHART_DAYS = 30;
/** Rows of each top list and of the developer leaderboard. */
export const DASHBOARD_TOP_LIMIT = 10;

/**
 * The line under the dashboard's title: when the oldest of the panels on screen was computed
 * (panels answer from snapshots a job refreshes, docs/DASHBOARD.md "Snapshots"); `time` is Kyiv `HH:MM`.
 */
export const dashboardUpdatedAt = (time: string) => `Оновлено о ${time}`;

export const DashboardQuery = z.object({
  period: z.enum(DASHBOARD_PERIODS, { error: MSG.dashboardPeriod }).default('7d'),
});

/** A figure of the period (`value`) and of the period before it (`previous`): the card shows the change. */
export const Figure = z.object({ value: z.number(), previous: z.number() });
export type Figure = z.infer<typeof Figure>;

/** The spans compared: [from, to) against [previousFrom, previousTo), the same time of day. */
const Span = {
  period: z.enum(DASHBOARD_PERIODS),
  from: IsoDate,
  to: IsoDate,
  previousFrom: IsoDate,
  previousTo: IsoDate,
};

/** `GET /api/v1/dashboard/figures`: money and activity in the period. */
export const DashboardFigures = z.object({
  ...Span,
  /** Students' payments for orders, refunds to them, and what the platform kept (sale and withdraw fees). */
  revenue: z.object({ sales: Figure, refunds: Figure, fees: Figure }),
  /** Money that came in: admins' top-ups, Telegram Stars, the Monobank jar. */
  topups: z.object({ admin: Figure, stars: Figure, monobank: Figure }),
  /** Orders placed (free takes left out), by kind of task. */
  purchases: z.object({ auto: Figure, manual: Figure }),
  /** Users who first signed in, and users who bought or signed in. */
  users: z.object({ new: Figure, active: Figure }),
  /** The tutor: what its questions brought in (less refunds), and the tokens its answers used. */
  explanations: z.object({ revenue: Figure, tokens: Figure }),
});
export type DashboardFigures = z.infer<typeof DashboardFigures>;

/**
 * `GET /api/v1/dashboard/backlog`: what waits for someone now (`value`) and what waited when the
 * period began (`previous`, at `previousAt`).
 */
export const DashboardBacklog = z.object({
  period: z.enum(DASHBOARD_PERIODS),
  at: IsoDate,
  previousAt: IsoDate,
  waiting: Figure,
  overdue: Figure,
  disputes: Figure,
  withdrawals: z.object({ count: Figure, sum: Figure }),
  /**
   * The bot's inbox now (docs/BOT.md "Receiving updates"): updates from Telegram not handled
   * yet, how long the oldest of them has waited (whole seconds, 0 when none), and updates given
   * up after their last attempt (a payment among them is credited or refunded by hand).
   */
  botInbox: z.object({ waiting: z.number(), oldestSeconds: z.number(), failed: z.number() }),
});
export type DashboardBacklog = z.infer<typeof DashboardBacklog>;

/** One Kyiv day of the chart: orders placed (free takes left out) and money of that day. */
export const DashboardDay = z.object({
  /** `YYYY-MM-DD`, a Kyiv date. */
  date: z.string(),
  purchases: z.number(),
  auto: z.number(),
  manual: z.number(),
  sales: z.number(),
  fees: z.number(),
});
export type DashboardDay = z.infer<typeof DashboardDay>;
/**
 * `GET /api/v1/dashboard/daily`: the last 30 Kyiv days, oldest first, days without sales included;
 * `at`: the moment it was computed (the other panels say it with `to` or `at` too).
 */
export const DashboardDaily = z.object({ at: IsoDate, days: z.array(DashboardDay) });
export type DashboardDaily = z.infer<typeof DashboardDaily>;

/** `sales`: orders that stood (neither free takes nor refunded); `amount`: what they were paid, UAH. */
export const TopTask = z.object({ taskId: Id, title: z.string(), subject: z.string(), sales: z.number(), amount: z.number() });
export const TopSubject = z.object({ subjectId: Id, name: z.string(), courseNumber: z.number(), sales: z.number(), amount: z.number() });
export type TopTask = z.infer<typeof TopTask>;
export type TopSubject = z.infer<typeof TopSubject>;
/** `GET /api/v1/dashboard/top`: the 10 best-selling tasks and subjects of the period, by amount. */
export const DashboardTop = z.object({ ...Span, tasks: z.array(TopTask), subjects: z.array(TopSubject) });
export type DashboardTop = z.infer<typeof DashboardTop>;

/**
 * A developer of the leaderboard: manual orders delivered in the period (the delivery standing:
 * not sent back for a revision), the share of them delivered by their deadline (null when none
 * had one), and UAH earned.
 */
export const LeaderboardDeveloper = z.object({
  telegramId: Id,
  username: z.string(),
  name: z.string(),
  delivered: z.number(),
  onTimePercent: z.number().nullable(),
  earned: z.number(),
});
export type LeaderboardDeveloper = z.infer<typeof LeaderboardDeveloper>;
/** `GET /api/v1/dashboard/developers`: the top 10 by money earned in the period. */
export const DashboardDevelopers = z.object({ ...Span, developers: z.array(LeaderboardDeveloper) });
export type DashboardDevelopers = z.infer<typeof DashboardDevelopers>;

// --- CSV exports for the accountant ---

export const EXPORT_KINDS = ['transfers', 'orders', 'audit'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** The header row of each CSV file, in column order (the accountant reads Ukrainian). */
export const EXPORT_COLUMNS: Record<ExportKind, readonly string[]> = {
  transfers: ['ID', 'Дата і час (Київ)', 'Вид', 'Списано з рахунку', 'Зараховано на рахунок', 'Сума (грн)', 'Підстава'],
  orders: [
    'ID', 'Дата і час (Київ)', 'Статус', 'Покупець (Telegram ID)', 'Покупець', 'Завдання (ID)', 'Завдання', 'Предмет', 'Викладач',
    'Розробник (Telegram ID)', 'Розробник', 'Тип', 'Повна ціна (грн)', 'Знижка (%)', 'Сплачено (грн)', 'Комісія платформи (%)',
    'Безкоштовно', 'Здано (Київ)', 'Термін (Київ)', 'Завершено (Київ)', 'Повернено (Київ)',
  ],
  audit: AUDIT_EXPORT_COLUMNS,
};

/** `POST /api/v1/dashboard/exports`: which rows, from and to which Kyiv day (both included); the audit's filters narrow `audit` only. */
export const ExportBody = AuditFilters.extend({ kind: z.enum(EXPORT_KINDS, { error: MSG.exportKind }), from: KyivDate, to: KyivDate })
  .refine((b) => b.from <= b.to, { error: MSG.exportRange, path: ['to'] });
export type ExportBody = z.infer<typeof ExportBody>;

/** A short-lived signed link to the CSV (Telegram downloads it without our token) and its file name. */
export const ExportLink = z.object({ link: z.string(), fileName: z.string() });
export type ExportLink = z.infer<typeof ExportLink>;

/** The link's parts are all checked by its signature, so a wrong one is a 403, never a 400. */
export const ExportParam = z.object({ kind: z.string() });
export const ExportQuery = z.object({
  from: z.string().optional(),
  adminId: z.string().optional(),
  action: z.string().optional(),
  userId: z.string().optional(),
  to: z.string().optional(),
  by: z.string().optional(),
  exp: z.string().optional(),
  sig: z.string().optional(),
});
