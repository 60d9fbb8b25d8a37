import { sql } from 'drizzle-orm';
import type { TaskPick } from '@zalik/contract';
import { rows, type Executor } from '../../../db/client.js';
import { foldedContains } from '../../../db/search.js';
import { idOut } from '../common.js';

interface PickRow {
  id: number;
  title: string;
  price: number;
  visible: boolean;
  subject_name: string;
  teacher_name: string;
  course_number: number;
}

/**
 * Tasks of the live catalogue whose title holds `title` (any case), by title: the admin's task
 * picker (several tasks at once for a discount). Not cached: admins only, a few times a week.
 */
export async function searchTasks(ex: Executor, q: { title: string; page: number; limit: number }): Promise<TaskPick[]> {
  const found = await rows<PickRow>(
    ex,
    sql`SELECT t.id, t.title, t.price, t.visible, s.name AS subject_name, te.name AS teacher_name, s.course_number
        FROM tasks t JOIN teachers te ON te.id = t.teacher_id JOIN subjects s ON s.id = te.subject_id
        WHERE t.deleted_at IS NULL AND te.deleted_at IS NULL AND s.deleted_at IS NULL
          AND ${foldedContains(sql`t.search_title`, q.title)}
        ORDER BY lower(t.title), t.id
        LIMIT ${q.limit} OFFSET ${q.page * q.limit}`,
  );
  return found.map((r) => ({
    id: idOut(r.id),
    title: r.title,
    price: Number(r.price),
    visible: r.visible,
    subjectName: r.subject_name,
    teacherName: r.teacher_name,
    courseNumber: Number(r.course_number),
  }));
}
