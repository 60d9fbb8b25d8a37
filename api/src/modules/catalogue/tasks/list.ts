import { TaskList, compareTasks, type Rating, type Task, type TaskSort } from '@zalik/contract';
import type { Executor } from '../../../db/client.js';
import { loadDiscountRules, type DiscountRules } from '../../discounts/index.js';
import type { CatalogueCache, CatalogueTable } from '../../../db/catalogue-cache.js';
import { loadTeacherTasks, type Viewer } from './read.js';

/** What a teacher's task list is read from: a change to any of these renders it again. */
const READ_FROM: readonly CatalogueTable[] = ['subjects', 'teachers', 'tasks', 'arguments', 'task_arguments', 'task_templates', 'users', 'discounts', 'reviews', 'explanation_documents', 'identifiers'];

const DISCOUNT_MARK = '"discount":0';

/** One task's JSON, cut where the viewer's discount goes, and what its sorts read. */
interface Piece {
  taskId: number;
  visible: boolean;
  before: string;
  after: string;
  id: string;
  price: number;
  createdAt: string;
  rating: Rating;
}

/** The shared answers (for students and for admins, by sort, each rendered when first asked), and the stretch of time they hold for. */
interface Shared {
  from: number;
  to: number;
  bodies: Map<string, Buffer>;
}

/**
 * A teacher's task list, rendered to JSON once per change of the catalogue instead of once per
 * request: the list is the API's most read answer, and encoding and serializing 30 tasks cost
 * more than everything else a warm request does. It is checked against the contract's schema
 * here, when rendered, as the response serializer would check it.
 *
 * Only the discount differs between viewers. A student without a LOCAL discount on these tasks
 * (nearly everyone) gets the shared body; one with a LOCAL discount gets the pieces joined
 * around their percents. A discount window opens and closes without any change the cache
 * hears of, so the shared bodies are rendered again once the time they were rendered for has
 * passed a window's start or end. Each task carries its rating; a review that lands or is
 * hidden is a change of the catalogue (the `reviews` table), so the list is rendered again.
 * A sort (`?sort=`) orders the pieces by the contract's `compareTasks` with the viewer's
 * discounts, and is rendered once per sort like the default order.
 */
export class TeacherTaskList {
  private readonly pieces: Piece[];
  /** The same tasks as the newest client reads them in its pages: `identifier` is the library entry (or null). */
  private readonly clientPieces: Piece[];
  private shared: Shared | undefined;

  constructor(
    tasks: Task[],
    private readonly discounts: DiscountRules,
  ) {
    const encoded = TaskList.encode(tasks.map((t) => ({ ...t, discount: 0 })));
    this.pieces = encoded.map(toPiece);
    this.clientPieces = encoded.map((task) => toPiece({ ...task, identifier: task.template }));
  }

  /** The JSON answer for this viewer at `at` (epoch ms): hidden tasks only for admins, the viewer's discount on each task, in `sort`'s order. */
  body(viewer: Viewer, at: number, sort?: TaskSort): Buffer | string {
    if (this.discounts.hasLocal(viewer.telegramId)) return this.join(viewer.isAdmin, viewer.telegramId, at, sort);
    let shared = this.shared;
    if (!shared || at < shared.from || at >= shared.to) shared = this.shared = { ...this.discounts.span(at), bodies: new Map() };
    const key = `${viewer.isAdmin ? 'admins' : 'students'}:${sort ?? ''}`;
    let body = shared.bodies.get(key);
    if (!body) shared.bodies.set(key, (body = Buffer.from(this.join(viewer.isAdmin, null, at, sort))));
    return body;
  }

  /** The pieces joined, with `viewerId`'s discounts at `at`, or with every task's GLOBAL one when null. */
  /**
   * One page of the tasks this viewer sees as `{content, last}` (the newest client's answer,
   * `identifier` its library entry), `page` from 0, in `sort`'s order; joined for the page alone.
   */
  page(viewer: Viewer, at: number, page: number, limit: number, sort?: TaskSort): string {
    const percent = (p: Piece) => this.discounts.percent(p.taskId, viewer.telegramId, at);
    const seen = this.clientPieces.filter((p) => p.visible || viewer.isAdmin).map((p) => ({ ...p, discount: percent(p) }));
    if (sort) seen.sort(compareTasks(sort));
    const from = page * limit;
    const parts = seen.slice(from, from + limit).map((p) => p.before + p.discount + p.after);
    return `{"content":[${parts.join(',')}],"last":${from + limit >= seen.length}}`;
  }

  private join(withHidden: boolean, viewerId: number | null, at: number, sort: TaskSort | undefined): string {
    const percent = (p: Piece) => (viewerId === null ? this.discounts.globalPercent(p.taskId, at) : this.discounts.percent(p.taskId, viewerId, at));
    const parts: string[] = [];
    if (!sort) {
      // The default order is the hot path (a student with a LOCAL discount comes here on every request): no objects made.
      for (const p of this.pieces) if (p.visible || withHidden) parts.push(p.before + percent(p) + p.after);
      return `[${parts.join(',')}]`;
    }
    const shown = this.pieces.filter((p) => p.visible || withHidden).map((p) => ({ ...p, discount: percent(p) }));
    shown.sort(compareTasks(sort));
    for (const p of shown) parts.push(p.before + p.discount + p.after);
    return `[${parts.join(',')}]`;
  }
}

/** The rendered task list of a live teacher, from the catalogue cache; null when the teacher is not live. */
export function teacherTaskList(ex: Executor, cache: CatalogueCache, teacherId: number): Promise<TeacherTaskList | null> {
  return cache.read(`tasks:${teacherId}`, READ_FROM, async () => {
    const [tasks, discounts] = await Promise.all([loadTeacherTasks(ex, teacherId), loadDiscountRules(ex, teacherId)]);
    return tasks && new TeacherTaskList(tasks, discounts);
  });
}

/** A task's JSON cut where the viewer's discount goes, and what its sorts read. */
function toPiece(task: { id: string; visible: boolean; price: number; createdAt: string; rating: Rating } & Record<string, unknown>): Piece {
  const json = JSON.stringify(task);
  // A quote inside a string value is always escaped, so the mark can only be the key itself.
  const at = json.indexOf(DISCOUNT_MARK);
  return {
    taskId: Number(task.id),
    visible: task.visible,
    before: json.slice(0, at + DISCOUNT_MARK.length - 1),
    after: json.slice(at + DISCOUNT_MARK.length),
    id: task.id,
    price: task.price,
    createdAt: task.createdAt,
    rating: task.rating,
  };
}
