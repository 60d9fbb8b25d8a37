import { sql, type SQL } from 'drizzle-orm';
import { MSG, kopecksToUah, type HistoryItem, type OrderStatus, type ProcessedTask } from '@zalik/contract';
import { rows, type Executor } from '../../db/client.js';
import type { FileLinks } from '../files/signing.js';

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
  developerName: string;
  autoGenerate: boolean;
  status: OrderStatus;
  message: string | null;
  price: number;
  createdAt: string;
  files: OrderFile[];
}

interface OrderRow {
  id: number;
  buyer_id: number;
  developer_id: number;
  task_id: number;
  arguments: string[] | string;
  free_take: boolean;
  task_title: string;
  subject_name: string;
  developer_name: string;
  auto_generate: boolean;
  status: OrderStatus;
  message: string | null;
  price: number;
  created_at: Date | string;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** Orders matching `where` (newest first) with their files, in two queries whatever the count. */
export async function findOrders(ex: Executor, where: SQL, page?: { limit: number; offset: number }): Promise<Order[]> {
  const found = await rows<OrderRow>(
    ex,
    sql`SELECT id, buyer_id, developer_id, task_id, arguments, free_take, task_title, subject_name, developer_name, auto_generate, status, message, price, created_at
        FROM orders WHERE ${where}
        ORDER BY created_at DESC, id DESC
        ${page ? sql`LIMIT ${page.limit} OFFSET ${page.offset}` : sql``}`,
  );
  if (found.length === 0) return [];
  const files = await rows<{ id: number; order_id: number; file_name: string }>(
    ex,
    sql`SELECT id, order_id, file_name FROM order_files
        WHERE order_id IN (${sql.join(
          found.map((o) => sql`${o.id}`),
          sql`, `,
        )})
        ORDER BY order_id, position, id`,
  );
  return found.map((o) => ({
    id: Number(o.id),
    buyerId: Number(o.buyer_id),
    developerId: Number(o.developer_id),
    taskId: Number(o.task_id),
    arguments: typeof o.arguments === 'string' ? (JSON.parse(o.arguments) as string[]) : o.arguments,
    freeTake: o.free_take,
    taskTitle: o.task_title,
    subjectName: o.subject_name,
    developerName: o.developer_name,
    autoGenerate: o.auto_generate,
    status: o.status,
    message: o.message,
    price: Number(o.price),
    createdAt: iso(o.created_at),
    files: files.filter((f) => Number(f.order_id) === Number(o.id)).map((f) => ({ id: Number(f.id), fileName: f.file_name })),
  }));
}

/** A buyer's orders, newest first (a page of them when `page` is given). */
export function ordersOfBuyer(ex: Executor, buyerId: number, page?: { limit: number; offset: number }): Promise<Order[]> {
  return findOrders(ex, sql`buyer_id = ${buyerId}`, page);
}

export async function findOrder(ex: Executor, id: number): Promise<Order | null> {
  return (await findOrders(ex, sql`id = ${id}`))[0] ?? null;
}

export async function findOrderByKey(ex: Executor, buyerId: number, key: string): Promise<Order | null> {
  return (await findOrders(ex, sql`buyer_id = ${buyerId} AND idempotency_key = ${key}`))[0] ?? null;
}

/**
 * Callers hand these answers only to the buyer, the order's developer or an admin, since
 * each carries signed download links.
 */
export function toProcessedTask(o: Order, links: FileLinks): ProcessedTask {
  const first = o.files[0];
  return {
    id: String(o.id),
    developerName: o.developerName,
    subjectName: o.subjectName,
    taskTitle: o.taskTitle,
    autoGenerate: o.autoGenerate,
    fileName: first?.fileName ?? null,
    link: first ? links.link(first.id) : null,
    createdAt: o.createdAt,
    // A manual order answers with the developer's message once delivered, before that with what happens next.
    message: o.autoGenerate ? null : o.status === 'IN_PROGRESS' ? MSG.orderAccepted : (o.message ?? ''),
    status: o.status,
    charged: kopecksToUah(o.price),
    free: o.freeTake,
  };
}

export function toHistoryItem(o: Order, links: FileLinks): HistoryItem {
  const files = o.files.map((f) => ({ fileName: f.fileName, link: links.link(f.id) }));
  return {
    id: String(o.id),
    taskTitle: o.taskTitle,
    subjectName: o.subjectName,
    developerName: o.developerName,
    status: o.status,
    createdAt: o.createdAt,
    fileName: files[0]?.fileName ?? null,
    link: files[0]?.link ?? null,
    files,
    message: o.message,
    autoGenerate: o.autoGenerate,
    price: kopecksToUah(o.price),
  };
}
