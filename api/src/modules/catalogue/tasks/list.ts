import { TaskList, type Task } from '@zalik/contract';
import type { Executor } from '../../../db/client.js';
import { loadDiscountRules, type DiscountRules } from '../../discounts/resolve.js';
import type { CatalogueCache, CatalogueTable } from '../cache.js';
import { loadTeacherTasks, type Viewer } from './read.js';

/** What a teacher's task list is read from: a change to any of these renders it again. */
const READ_FROM: readonly CatalogueTable[] = ['subjects', 'teachers', 'tasks', 'arguments', 'task_arguments', 'task_templates', 'users', 'discounts'];

const DISCOUNT_MARK = '"discount":0';

/** One task's JSON, cut where the viewer's discount goes. */
interface Piece {
  taskId: number;
  visible: boolean;
  before: string;
  after: string;
}

/** The shared answers, and the stretch of time they hold for (no discount window opens or closes inside it). */
interface Shared {
  from: number;
  to: number;
  students: Buffer;
  admins: Buffer;
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
 * passed a window's start or end.
 */
export class TeacherTaskList {
  private readonly pieces: Piece[];
  private shared: Shared | undefined;

  constructor(
    tasks: Task[],
    private readonly discounts: DiscountRules,
  ) {
    this.pieces = TaskList.encode(tasks.map((t) => ({ ...t, discount: 0 }))).map((task) => {
      const json = JSON.stringify(task);
      // A quote inside a string value is always escaped, so the mark can only be the key itself.
      const at = json.indexOf(DISCOUNT_MARK);
      return { taskId: Number(task.id), visible: task.visible, before: json.slice(0, at + DISCOUNT_MARK.length - 1), after: json.slice(at + DISCOUNT_MARK.length) };
    });
  }

  /** The JSON answer for this viewer at `at` (epoch ms): hidden tasks only for admins, the viewer's discount on each task. */
  body(viewer: Viewer, at: number): Buffer | string {
    if (this.discounts.hasLocal(viewer.telegramId)) return this.join(viewer.isAdmin, viewer.telegramId, at);
    let shared = this.shared;
    if (!shared || at < shared.from || at >= shared.to) {
      shared = this.shared = {
        ...this.discounts.span(at),
        students: Buffer.from(this.join(false, null, at)),
        admins: Buffer.from(this.join(true, null, at)),
      };
    }
    return viewer.isAdmin ? shared.admins : shared.students;
  }

  /** The pieces joined, with `viewerId`'s discounts at `at`, or with every task's GLOBAL one when null. */
  private join(withHidden: boolean, viewerId: number | null, at: number): string {
    const parts: string[] = [];
    for (const p of this.pieces) {
      if (!p.visible && !withHidden) continue;
      const percent = viewerId === null ? this.discounts.globalPercent(p.taskId, at) : this.discounts.percent(p.taskId, viewerId, at);
      parts.push(p.before + percent + p.after);
    }
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
