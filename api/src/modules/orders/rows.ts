import {
  HOUR_MS,
  MSG,
  kopecksToUah,
  orderProgress,
  type DeveloperOrder,
  type Dispute,
  type DisputeOutcome,
  type HistoryItem,
  type InProgressOrder,
  type OrderActor,
  type OrderCancelledBy,
  type OrderEvent,
  type OrderEventKind,
  type OrderStatus,
  type ProcessedTask,
} from '@zalik/contract';
import type { Config, OrdersConfig } from '../../config.js';
import { sessionIdOf } from '../explanations/index.js';
import type { FileLinks } from '../files/index.js';
import { platformFee } from './money.js';
import { answerNames, linedUpArguments, orderTask, partyOf, type OrderExtras } from './extras.js';

/** The rows `queries.ts` reads and the shapes they become: an order, its files, its events. */

export interface OrderFile {
  id: number;
  fileName: string;
}

/** An order as stored: what the buyer saw at purchase time, never today's catalogue. */
export interface Order {
  id: number;
  buyerId: number;
  developerId: number;
  taskId: number;
  /** What the buyer entered, trailing whitespace removed. */
  arguments: string[];
  /** Taken by the task's developer or an admin without paying. */
  freeTake: boolean;
  taskTitle: string;
  subjectName: string;
  teacherName: string;
  developerName: string;
  autoGenerate: boolean;
  status: OrderStatus;
  message: string | null;
  /** Kopecks charged. */
  price: number;
  platformFeePercent: number;
  createdAt: string;
  deadlineHours: number | null;
  deadlineAt: Date | null;
  deliveredAt: Date | null;
  acceptUntil: Date | null;
  completedAt: Date | null;
  refundedAt: Date | null;
  revisions: number;
  revisionComment: string | null;
  disputeReason: string | null;
  disputedAt: Date | null;
  disputeOutcome: DisputeOutcome | null;
  cancelledBy: OrderCancelledBy | null;
  cancelReason: string | null;
  reprocessedAt: Date | null;
  files: OrderFile[];
  /** Lines of its thread the reader has not read (0 when the query did not ask). */
  unread: number;
}

/** `SELECT * FROM orders` as the drivers give it (bigint and numeric may be strings, jsonb text). */
export interface OrderRow {
  id: number | string;
  buyer_id: number | string;
  developer_id: number | string;
  task_id: number | string;
  arguments: string[] | string;
  free_take: boolean;
  task_title: string;
  subject_name: string;
  teacher_name: string;
  developer_name: string;
  auto_generate: boolean;
  status: OrderStatus;
  message: string | null;
  price: number | string;
  platform_fee_percent: number | string;
  created_at: Date | string;
  deadline_hours: number | string | null;
  deadline_at: Date | string | null;
  delivered_at: Date | string | null;
  accept_until: Date | string | null;
  completed_at: Date | string | null;
  refunded_at: Date | string | null;
  revisions: number | string;
  revision_comment: string | null;
  dispute_reason: string | null;
  disputed_at: Date | string | null;
  dispute_outcome: DisputeOutcome | null;
  cancelled_by: OrderCancelledBy | null;
  cancel_reason: string | null;
  reprocessed_at: Date | string | null;
  /** Lines of the order's thread the reader has not read, when the query asked (threads' `unreadSql`). */
  unread?: number | string;
}

export interface FileRow {
  id: number | string;
  order_id: number | string;
  file_name: string;
}

export interface EventRow {
  order_id: number | string;
  kind: OrderEventKind;
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  actor: OrderActor;
  actor_id: number | string | null;
  note: string | null;
  created_at: Date | string;
}

const iso = (d: Date | string) => new Date(d).toISOString();
const date = (d: Date | string | null) => (d === null ? null : new Date(d));
const isoOrNull = (d: Date | null) => (d === null ? null : d.toISOString());

/** Rows by their order, so each order takes its own without scanning a whole batch's. */
export function byOrder<T extends { order_id: number | string }>(found: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const r of found) {
    const id = Number(r.order_id);
    const list = map.get(id);
    if (list) list.push(r);
    else map.set(id, [r]);
  }
  return map;
}

/** The order of row `o`, with `files`: its own files (`byOrder` sorts a batch's). */
export function toOrder(o: OrderRow, files: FileRow[]): Order {
  return {
    id: Number(o.id),
    buyerId: Number(o.buyer_id),
    developerId: Number(o.developer_id),
    taskId: Number(o.task_id),
    arguments: typeof o.arguments === 'string' ? (JSON.parse(o.arguments) as string[]) : o.arguments,
    freeTake: o.free_take,
    taskTitle: o.task_title,
    subjectName: o.subject_name,
    teacherName: o.teacher_name,
    developerName: o.developer_name,
    autoGenerate: o.auto_generate,
    status: o.status,
    message: o.message,
    price: Number(o.price),
    platformFeePercent: Number(o.platform_fee_percent),
    createdAt: iso(o.created_at),
    deadlineHours: o.deadline_hours === null ? null : Number(o.deadline_hours),
    deadlineAt: date(o.deadline_at),
    deliveredAt: date(o.delivered_at),
    acceptUntil: date(o.accept_until),
    completedAt: date(o.completed_at),
    refundedAt: date(o.refunded_at),
    revisions: Number(o.revisions),
    revisionComment: o.revision_comment,
    disputeReason: o.dispute_reason,
    disputedAt: date(o.disputed_at),
    disputeOutcome: o.dispute_outcome,
    cancelledBy: o.cancelled_by,
    cancelReason: o.cancel_reason,
    reprocessedAt: date(o.reprocessed_at),
    files: files.map((f) => ({ id: Number(f.id), fileName: f.file_name })),
    unread: Number(o.unread ?? 0),
  };
}

export function toOrderEvent(e: EventRow): OrderEvent {
  return {
    kind: e.kind,
    from: e.from_status,
    to: e.to_status,
    actor: e.actor,
    actorId: e.actor_id === null ? null : String(e.actor_id),
    note: e.note,
    at: iso(e.created_at),
  };
}

/** What the developer receives from escrow when the order is released (price minus the fee agreed at purchase). */
export const developerShare = (o: Pick<Order, 'price' | 'platformFeePercent'>) => o.price - platformFee(o.price, o.platformFeePercent);

/** The rules an answer needs to say what the buyer may still do; `explanations`: a tutor is configured. */
export type OrderRules = Pick<OrdersConfig, 'maxRevisions' | 'reprocessWindowHours'> & { explanations: boolean };

export const orderRules = (config: Pick<Config, 'orders' | 'explanations'>): OrderRules => ({
  ...config.orders,
  explanations: config.explanations.provider !== null,
});


/** The buyer may regenerate this auto-generated order now (free, once, within the window). */
export function reprocessAllowed(o: Order, rules: OrderRules, now = Date.now()): boolean {
  return (
    o.autoGenerate && o.status === 'DONE' && o.reprocessedAt === null && now < Date.parse(o.createdAt) + rules.reprocessWindowHours * HOUR_MS
  );
}

/** Who an answer with download links is for: the order's files outlive a refund only for staff. */
export interface Viewer {
  telegramId: number;
  isAdmin: boolean;
}

/**
 * The order's files as the viewer may download them: an admin and the order's developer get
 * staff links, always; the buyer of a refunded order gets none (the money came back, the work
 * stays with the developer), and the history item then lists no file.
 */
export function fileLinks(o: Order, links: FileLinks, viewer: Viewer): { fileName: string; link: string }[] {
  const staff = viewer.isAdmin || viewer.telegramId === o.developerId;
  if (o.status === 'REFUNDED' && !staff) return [];
  return o.files.map((f) => ({ fileName: f.fileName, link: links.link(f.id, { staff }) }));
}

export const isOverdue = (o: Order, now = Date.now()) => o.status === 'IN_PROGRESS' && o.deadlineAt !== null && o.deadlineAt.getTime() <= now;

/**
 * Callers hand these answers only to the buyer, the order's developer or an admin, since
 * each carries signed download links.
 */
export function toProcessedTask(o: Order, links: FileLinks, viewer: Viewer, explanations: boolean, extras: OrderExtras): ProcessedTask {
  const first = fileLinks(o, links, viewer)[0];
  return {
    id: String(o.id),
    developerName: o.developerName,
    subjectName: o.subjectName,
    taskTitle: o.taskTitle,
    autoGenerate: o.autoGenerate,
    fileName: first?.fileName ?? null,
    link: first?.link ?? null,
    createdAt: o.createdAt,
    // A manual order answers with the developer's message once delivered, before that with what happens next.
    message: o.autoGenerate ? null : o.status === 'IN_PROGRESS' ? MSG.orderAccepted : (o.message ?? ''),
    status: orderProgress(o.status),
    orderStatus: o.status,
    task: orderTask(o, extras),
    charged: kopecksToUah(o.price),
    free: o.freeTake,
    deadlineAt: isoOrNull(o.deadlineAt),
    explanationSessionId: sessionIdOf(o, explanations),
  };
}

/** A DELIVERED or DISPUTED order answers its files as a DONE one does, so clients that only know DONE keep working. */
export function toHistoryItem(o: Order, links: FileLinks, rules: OrderRules, viewer: Viewer, extras: OrderExtras): Omit<HistoryItem, 'review' | 'reviewUntil'> {
  const files = fileLinks(o, links, viewer);
  return {
    id: String(o.id),
    taskTitle: o.taskTitle,
    subjectName: o.subjectName,
    developerName: o.developerName,
    status: orderProgress(o.status),
    orderStatus: o.status,
    task: orderTask(o, extras),
    user: partyOf(extras, o.buyerId),
    createdAt: o.createdAt,
    fileName: files[0]?.fileName ?? null,
    link: files[0]?.link ?? null,
    files,
    message: o.message,
    autoGenerate: o.autoGenerate,
    price: kopecksToUah(o.price),
    deadlineAt: isoOrNull(o.deadlineAt),
    overdue: isOverdue(o),
    deliveredAt: isoOrNull(o.deliveredAt),
    acceptUntil: o.status === 'DELIVERED' ? isoOrNull(o.acceptUntil) : null,
    completedAt: isoOrNull(o.status === 'DONE' ? o.completedAt : o.status === 'REFUNDED' ? o.refundedAt : null),
    revisionsLeft: o.autoGenerate ? 0 : Math.max(0, rules.maxRevisions - o.revisions),
    revisionComment: o.revisionComment,
    disputeReason: o.disputeReason,
    disputeOutcome: o.disputeOutcome,
    cancelledBy: o.cancelledBy,
    cancelReason: o.cancelReason,
    allowedReprocess: reprocessAllowed(o, rules),
    arguments: o.arguments,
    argumentNames: linedUpArguments(o, extras).map((a) => a.name),
    explanationSessionId: sessionIdOf(o, rules.explanations),
    unread: o.unread,
  };
}

export interface InProgressRow extends OrderRow {
  buyer_username: string;
}

export function toInProgressOrder(r: InProgressRow, extras: OrderExtras): InProgressOrder {
  const o = toOrder(r, []);
  return {
    id: String(o.id),
    user: partyOf(extras, o.buyerId),
    task: orderTask(o, extras),
    status: orderProgress(o.status),
    subjectName: o.subjectName,
    teacherName: o.teacherName,
    taskTitle: o.taskTitle,
    arguments: o.arguments,
    argumentNames: answerNames(o, extras),
    createdAt: o.createdAt,
    deadlineAt: isoOrNull(o.deadlineAt),
    revisions: o.revisions,
    revisionComment: o.revisionComment,
    unread: o.unread,
  };
}

export function toDeveloperOrder(r: InProgressRow): DeveloperOrder {
  const o = toOrder(r, []);
  return {
    id: String(o.id),
    taskTitle: o.taskTitle,
    subjectName: o.subjectName,
    user: { telegramId: String(o.buyerId), username: r.buyer_username },
    status: orderProgress(o.status),
    orderStatus: o.status,
    price: kopecksToUah(o.price),
    earned: o.status === 'DONE' ? kopecksToUah(developerShare(o)) : 0,
    createdAt: o.createdAt,
    deliveredAt: isoOrNull(o.deliveredAt),
    completedAt: isoOrNull(o.status === 'DONE' ? o.completedAt : o.status === 'REFUNDED' ? o.refundedAt : null),
    unread: o.unread,
  };
}

/**
 * What a dispute shows, and no more of the order: an admin's list holds up to 2 000 of them, and
 * the driver parsed each one's every column, a dozen timestamps among them. The moments come as
 * ISO text, which `Date` parses natively.
 */
export interface DisputeRow {
  id: number | string;
  buyer_id: number | string;
  developer_id: number | string;
  arguments: string[] | string;
  task_title: string;
  subject_name: string;
  teacher_name: string;
  price: number | string;
  message: string | null;
  dispute_reason: string | null;
  created_at: string;
  deadline_at: string | null;
  delivered_at: string | null;
  disputed_at: string | null;
  buyer_username: string;
  developer_username: string;
}

const isoText = (d: string | null) => (d === null ? null : iso(d));

/** `files` and `events` are this order's own. */
export function toDispute(r: DisputeRow, files: FileRow[], events: EventRow[], links: FileLinks): Dispute {
  const createdAt = iso(r.created_at);
  return {
    id: String(r.id),
    taskTitle: r.task_title,
    subjectName: r.subject_name,
    teacherName: r.teacher_name,
    price: kopecksToUah(Number(r.price)),
    arguments: typeof r.arguments === 'string' ? (JSON.parse(r.arguments) as string[]) : r.arguments,
    buyer: { telegramId: String(r.buyer_id), username: r.buyer_username },
    developer: { telegramId: String(r.developer_id), username: r.developer_username },
    createdAt,
    deadlineAt: isoText(r.deadline_at),
    deliveredAt: isoText(r.delivered_at),
    disputedAt: isoText(r.disputed_at) ?? createdAt,
    disputeReason: r.dispute_reason ?? '',
    message: r.message,
    // Only admins read disputes.
    files: files.map((f) => ({ fileName: f.file_name, link: links.link(f.id, { staff: true }) })),
    events: events.map(toOrderEvent),
  };
}
