import { sql } from 'drizzle-orm';
import type { InProgressOrder } from '@zalik/contract';
import { rows, type Executor } from '../../db/client.js';

interface Row {
  id: number;
  buyer_id: number;
  username: string;
  subject_name: string;
  teacher_name: string;
  task_title: string;
  arguments: string[] | string;
  created_at: Date | string;
}

/** A developer's open orders, oldest first: the queue they work through. */
export async function openOrdersOf(ex: Executor, developerId: number): Promise<InProgressOrder[]> {
  const found = await rows<Row>(
    ex,
    sql`SELECT o.id, o.buyer_id, u.username, o.subject_name, o.teacher_name, o.task_title, o.arguments, o.created_at
        FROM orders o JOIN users u ON u.telegram_id = o.buyer_id
        WHERE o.developer_id = ${developerId} AND o.status = 'IN_PROGRESS'
        ORDER BY o.created_at, o.id`,
  );
  return found.map((r) => ({
    id: String(r.id),
    user: { telegramId: String(r.buyer_id), username: r.username },
    subjectName: r.subject_name,
    teacherName: r.teacher_name,
    taskTitle: r.task_title,
    arguments: typeof r.arguments === 'string' ? (JSON.parse(r.arguments) as string[]) : r.arguments,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
