import { sql } from 'drizzle-orm';
import type { TaskType } from '@zalik/contract';
import { row, type Executor } from '../../db/client.js';

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
  teacherName: string;
  subjectName: string;
  /** The task, its teacher or its subject was deleted (archived). */
  archived: boolean;
  argumentNames: string[];
}

interface TaskRow {
  id: number;
  title: string;
  type: TaskType;
  price: number;
  visible: boolean;
  auto_generate: boolean;
  identifier: string;
  developer_id: number;
  developer_username: string;
  developer_full_name: string;
  teacher_name: string;
  subject_name: string;
  archived: boolean;
  argument_names: string[] | string | null;
}

export async function loadTask(ex: Executor, taskId: number): Promise<TaskForOrder | null> {
  const r = await row<TaskRow>(
    ex,
    sql`SELECT t.id, t.title, t.type, t.price, t.visible, t.auto_generate, t.identifier, t.developer_id,
               u.username AS developer_username, trim(u.first_name || ' ' || u.last_name) AS developer_full_name,
               te.name AS teacher_name, s.name AS subject_name,
               (t.deleted_at IS NOT NULL OR te.deleted_at IS NOT NULL OR s.deleted_at IS NOT NULL) AS archived,
               COALESCE((SELECT json_agg(a.name ORDER BY ta.position)
                         FROM task_arguments ta JOIN arguments a ON a.id = ta.argument_id
                         WHERE ta.task_id = t.id), '[]'::json) AS argument_names
        FROM tasks t
        JOIN teachers te ON te.id = t.teacher_id
        JOIN subjects s ON s.id = te.subject_id
        JOIN users u ON u.telegram_id = t.developer_id
        WHERE t.id = ${taskId}`,
  );
  if (!r) return null;
  const names = typeof r.argument_names === 'string' ? (JSON.parse(r.argument_names) as string[]) : (r.argument_names ?? []);
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
    teacherName: r.teacher_name,
    subjectName: r.subject_name,
    archived: r.archived,
    argumentNames: names,
  };
}
