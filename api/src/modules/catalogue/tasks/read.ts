import { sql, type SQL } from 'drizzle-orm';
import type { Argument, IdentifierRef, Task, TaskDocument } from '@zalik/contract';
import { row, rows, type Executor } from '../../../db/client.js';
import { discountPercentSql } from '../../discounts/index.js';
import { taskRatingSql, toRating } from '../../reviews/index.js';
import { idOut, iso } from '../common.js';

/** Who is looking: the discount is theirs, and only admins see hidden tasks. */
export interface Viewer {
  telegramId: number;
  isAdmin: boolean;
}

/** A task as `selectTasks` reads it. */
export interface TaskRow {
  id: number;
  title: string;
  description: string;
  identifier: string;
  price: number;
  discount: number;
  type: Task['type'];
  visible: boolean;
  auto_generate: boolean;
  developer_id: number;
  developer_username: string;
  developer_full_name: string;
  developer_photo: string;
  teacher_id: number;
  teacher_name: string;
  subject_id: number;
  subject_name: string;
  arguments: Argument[] | string | null;
  has_template: boolean;
  /** The task's newest explanation document (JSON; one driver gives text), or null. */
  document: TaskDocument | string | null;
  /** The library entry it generates with (JSON, its time as PostgreSQL writes it), or null. */
  template: IdentifierRef | string | null;
  /** Hours its manual orders are due in (numeric: a string from one driver); null: the default. */
  deadline_hours: number | string | null;
  /** The task, its teacher or its subject was deleted. */
  archived: boolean;
  created_at: Date | string;
  /** Read only with `{ rating: true }`: the visible reviews' mean (one decimal) and count. */
  rating_average?: number | string;
  rating_count?: number | string;
}

/** A task as `selectTasks` reads it `brief`. */
export type TaskForOrderRow = Omit<TaskRow, 'description' | 'created_at' | 'discount' | 'has_template' | 'document' | 'template'>;

/**
 * Every field of a task in one statement: arguments (in the task's order), the viewer's
 * discount and the template flag are correlated subqueries, so a list of N tasks is one
 * round trip, never N+1. Arguments are not filtered by deleted_at: a live task never uses an
 * archived one (deleting refuses), and an archived task read for a history shows what it had.
 * The one query that reads tasks: the catalogue's lists and the purchase (`loadTask`, which
 * has no viewer: its discount is consumed separately) both use it. `rating` adds the task's
 * rating (a LATERAL aggregate over its visible reviews' index), which the purchase has no use for.
 * `brief` reads only what a purchase decides on and writes, or a share card shows
 * (`TaskForOrderRow`): the description, the newest document, the library template and the
 * template flag are the catalogue card's, and a purchase, the hottest read, built them for nothing.
 */
export function selectTasks(viewerId: number | null, where: SQL, opts: { rating?: boolean; brief?: boolean } = {}): SQL {
  const card = opts.brief
    ? sql``
    : sql`t.description, t.created_at,
           ${viewerId === null ? sql`0` : discountPercentSql(sql`t.id`, viewerId)} AS discount,
           EXISTS (SELECT 1 FROM task_templates tt WHERE tt.task_id = t.id) AS has_template,
           (SELECT json_build_object('documentId', d.id::text, 'fileName', d.file_name, 'description', d.description)
            FROM explanation_documents d WHERE d.task_id = t.id ORDER BY d.created_at DESC, d.id DESC LIMIT 1) AS document,
           (SELECT json_build_object('id', i.id::text, 'name', i.name, 'type', i.kind, 'description', i.description, 'createdAt', i.created_at)
            FROM identifiers i WHERE i.id = t.identifier_id) AS template,`;
  return sql`
    SELECT t.id, t.title, t.identifier, t.price, t.type, t.visible, t.auto_generate, t.deadline_hours,
           t.developer_id, u.username AS developer_username, trim(u.first_name || ' ' || u.last_name) AS developer_full_name, u.photo AS developer_photo,
           t.teacher_id, te.name AS teacher_name, s.id AS subject_id, s.name AS subject_name,
           (t.deleted_at IS NOT NULL OR te.deleted_at IS NOT NULL OR s.deleted_at IS NOT NULL) AS archived,
           ${card}
           COALESCE((
             SELECT json_agg(json_build_object('id', a.id::text, 'name', a.name, 'description', a.description) ORDER BY ta.position)
             FROM task_arguments ta JOIN arguments a ON a.id = ta.argument_id
             WHERE ta.task_id = t.id), '[]'::json) AS arguments
           ${opts.rating ? sql`, rt.rating_average, rt.rating_count` : sql``}
    FROM tasks t
    JOIN teachers te ON te.id = t.teacher_id
    JOIN subjects s ON s.id = te.subject_id
    JOIN users u ON u.telegram_id = t.developer_id
    ${opts.rating ? sql`CROSS JOIN LATERAL (${taskRatingSql(sql`t.id`)}) rt` : sql``}
    WHERE ${where}
    ORDER BY t.id`;
}

function templateOf(v: TaskRow['template']): IdentifierRef | null {
  const t = typeof v === 'string' ? (JSON.parse(v) as IdentifierRef) : v;
  return t && { ...t, createdAt: new Date(t.createdAt).toISOString() };
}

/** The task's arguments in order (one driver gives JSON as text). */
export const taskArguments = (r: Pick<TaskRow, 'arguments'>): Argument[] =>
  typeof r.arguments === 'string' ? (JSON.parse(r.arguments) as Argument[]) : (r.arguments ?? []);

function toTask(r: TaskRow): Task {
  const args = taskArguments(r);
  return {
    id: idOut(r.id),
    title: r.title,
    description: r.description,
    identifier: r.identifier,
    price: Number(r.price),
    discount: Number(r.discount),
    type: r.type,
    visible: r.visible,
    autoGenerate: r.auto_generate,
    developer: { telegramId: idOut(r.developer_id), username: r.developer_username, photo: r.developer_photo },
    teacherId: idOut(r.teacher_id),
    teacher: { id: idOut(r.teacher_id), name: r.teacher_name, subject: { id: idOut(r.subject_id), name: r.subject_name } },
    args: args.map((a) => a.id),
    arguments: args,
    hasTemplate: r.has_template,
    document: typeof r.document === 'string' ? (JSON.parse(r.document) as TaskDocument) : r.document,
    template: templateOf(r.template),
    deadlineHours: r.deadline_hours === null ? null : Number(r.deadline_hours),
    createdAt: iso(r.created_at),
    rating: toRating(r.rating_average, r.rating_count),
  };
}

/** In the catalogue: neither the task nor its teacher nor its subject archived. */
const live = sql`t.deleted_at IS NULL AND te.deleted_at IS NULL AND s.deleted_at IS NULL`;

/** Every task of a live teacher that is in the catalogue, hidden ones too, without a discount; null when the teacher is not live. */
export async function loadTeacherTasks(ex: Executor, teacherId: number): Promise<Task[] | null> {
  const teacher = await row(
    ex,
    sql`SELECT t.id FROM teachers t JOIN subjects s ON s.id = t.subject_id
        WHERE t.id = ${teacherId} AND t.deleted_at IS NULL AND s.deleted_at IS NULL`,
  );
  if (!teacher) return null;
  const found = await rows<TaskRow>(ex, selectTasks(null, sql`t.teacher_id = ${teacherId} AND ${live}`, { rating: true }));
  return found.map(toTask);
}

/**
 * One task with every field, hidden or not (the caller decides what a hidden task means for
 * it, e.g. a purchase refuses it). With `includeArchived` a deleted task is found too, for
 * histories and fulfilment of orders made before the deletion.
 */
export async function findTask(
  ex: Executor,
  taskId: number,
  viewerId: number,
  opts: { includeArchived?: boolean } = {},
): Promise<Task | undefined> {
  const [found] = await rows<TaskRow>(ex, selectTasks(viewerId, sql`t.id = ${taskId} AND ${opts.includeArchived ? sql`TRUE` : live}`, { rating: true }));
  return found && toTask(found);
}
