import {
  MSG,
  THREAD_OPEN_DAYS,
  type OrderStatus,
  type ThreadAuthorRole,
  type ThreadInfo,
  type ThreadLineKind,
  type ThreadMessage,
} from '@zalik/contract';
import type { FileLinks } from '../files/index.js';
import type { AuthUser } from '../../types/auth.js';

/** The rows queries.ts reads and the answers they become. */

/** Who reads a thread: the order's buyer, its developer, or an admin (anyone else never gets this far). */
export type Viewer = Pick<AuthUser, 'telegramId' | 'isAdmin'>;

/** An order as its thread needs it; the read marks of its two parties decide each line's `read`. */
export interface ThreadOrderRow {
  id: number | string;
  buyer_id: number | string;
  developer_id: number | string;
  status: OrderStatus;
  task_title: string;
  subject_name: string;
  buyer_username: string | null;
  developer_username: string | null;
  /** When the order ended (DONE or REFUNDED); null while it is open. */
  ended_at: Date | string | null;
  buyer_mark: number | string | null;
  developer_mark: number | string | null;
}

/** A line with its author's name, its hide and its files (json, as both drivers give it). */
export interface LineRow {
  id: number | string;
  order_id: number | string;
  kind: ThreadLineKind;
  author_id: number | string | null;
  author_role: ThreadAuthorRole;
  author_username: string | null;
  text: string;
  masked: boolean;
  created_at: Date | string;
  hidden_reason: string | null;
  files: { id: number | string; file_name: string }[] | string | null;
}

const json = <T>(v: T | string | null): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
const num = (v: number | string | null | undefined) => (v === null || v === undefined ? 0 : Number(v));

export function closesAt(o: Pick<ThreadOrderRow, 'ended_at'>): Date | null {
  return o.ended_at === null ? null : new Date(new Date(o.ended_at).getTime() + THREAD_OPEN_DAYS * 86_400_000);
}

/** The buyer, the developer, or an admin (SUPPORT); null: not theirs to read. A buyer who is also the developer is the buyer. */
export function roleOf(o: Pick<ThreadOrderRow, 'buyer_id' | 'developer_id'>, viewer: Viewer): Exclude<ThreadAuthorRole, 'SYSTEM'> | null {
  if (Number(o.buyer_id) === viewer.telegramId) return 'STUDENT';
  if (Number(o.developer_id) === viewer.telegramId) return 'DEVELOPER';
  return viewer.isAdmin ? 'SUPPORT' : null;
}

/**
 * A line as `viewer` sees it: a hidden one keeps its words and files for admins only; an
 * admin's name is theirs only (the parties read "Підтримка Залік"); download links are staff
 * links for admins and the developer, as a delivery's are.
 */
export function toThreadMessage(r: LineRow, o: ThreadOrderRow, viewer: Viewer, links: FileLinks): ThreadMessage {
  const hidden = r.hidden_reason !== null;
  const open = !hidden || viewer.isAdmin;
  const staff = viewer.isAdmin || Number(o.developer_id) === viewer.telegramId;
  const named = r.author_role === 'STUDENT' || r.author_role === 'DEVELOPER' || (r.author_role === 'SUPPORT' && viewer.isAdmin);
  const id = Number(r.id);
  const author = r.author_id === null ? null : Number(r.author_id);
  // Read by the other side: a party who did not write it has read up to it.
  const read =
    r.author_role !== 'SYSTEM' &&
    ((author !== Number(o.buyer_id) && num(o.buyer_mark) >= id) || (author !== Number(o.developer_id) && num(o.developer_mark) >= id));
  return {
    id: String(id),
    kind: r.kind,
    author: { telegramId: named && author !== null ? String(author) : null, username: named ? r.author_username : null, role: r.author_role },
    text: open ? r.text : MSG.threadHidden,
    files: open ? (json(r.files) ?? []).map((f) => ({ fileName: f.file_name, link: links.link(f.id, { staff }) })) : [],
    createdAt: new Date(r.created_at).toISOString(),
    hidden,
    hiddenReason: viewer.isAdmin ? r.hidden_reason : null,
    masked: r.masked,
    read,
  };
}

export function toThreadInfo(o: ThreadOrderRow, viewer: Viewer, unread: number, now = Date.now()): ThreadInfo {
  const closes = closesAt(o);
  return {
    orderId: String(o.id),
    taskTitle: o.task_title,
    subjectName: o.subject_name,
    status: o.status,
    buyer: { telegramId: String(o.buyer_id), username: o.buyer_username ?? '' },
    developer: { telegramId: String(o.developer_id), username: o.developer_username ?? '' },
    writable: roleOf(o, viewer) !== null && (closes === null || closes.getTime() > now),
    closesAt: closes?.toISOString() ?? null,
    unread,
  };
}
