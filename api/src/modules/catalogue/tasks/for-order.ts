import { sql } from 'drizzle-orm';
import type { Argument, TaskType } from '@zalik/contract';
import { rows, type Executor } from '../../../db/client.js';
import { idIn } from '../../../db/ids.js';
import { selectTasks, taskArguments, type TaskForOrderRow } from './read.js';

/** A task as a purchase or a template upload needs it. */
export interface TaskForOrder {
  id: number;
  title: string;
  type: TaskType;
  /** Whole UAH, as the admin entered it. */
  price: number;
  visible: boolean;
  autoGenerate: boolean;
  identifier: string;
  developerId: number;
  developerName: string;
  /** The developer as users are shown: username ("" when none) and avatar. */
  developer: { username: string; photo: string };
  teacherName: string;
  subjectName: string;
  /** The task, its teacher or its subject was deleted (archived). */
  archived: boolean;
  argumentNames: string[];
  /** The task's arguments in order (ids, names, descriptions). */
  arguments: Argument[];
  /** The task's own deadline for manual orders, in hours; null: ORDER_DEADLINE_HOURS. */
  deadlineHours: number | null;
}

/** A task read for a purchase or a template upload, hidden or archived ones included. */
export async function loadTask(ex: Executor, taskId: number): Promise<TaskForOrder | null> {
  return (await loadTasks(ex, [taskId])).get(taskId) ?? null;
}

/** Tasks by id in one query (those that exist), hidden or archived ones included. */
export async function loadTasks(ex: Executor, taskIds: number[]): Promise<Map<number, TaskForOrder>> {
  if (taskIds.length === 0) return new Map();
  const found = await rows<TaskForOrderRow>(ex, selectTasks(null, idIn(sql`t.id`, taskIds), { brief: true }));
  return new Map(found.map((r) => [Number(r.id), toTaskForOrder(r)]));
}

export function toTaskForOrder(r: TaskForOrderRow): TaskForOrder {
  return {
    id: Number(r.id),
    title: r.title,
    type: r.type,
    price: Number(r.price),
    visible: r.visible,
    autoGenerate: r.auto_generate,
    identifier: r.identifier,
    developerId: Number(r.developer_id),
    // What the buyer saw on the card: the creator's username; a name only if there is none.
    developerName: r.developer_username || r.developer_full_name || 'Unknown',
    developer: { username: r.developer_username, photo: r.developer_photo },
    teacherName: r.teacher_name,
    subjectName: r.subject_name,
    archived: r.archived,
    argumentNames: taskArguments(r).map((a) => a.name),
    arguments: taskArguments(r),
    deadlineHours: r.deadline_hours === null ? null : Number(r.deadline_hours),
  };
}
