import { sql } from 'drizzle-orm';
import { MSG } from '@zalik/contract';
import { row, rows, type Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { SELECT_USER, type UserRow } from '../users/index.js';

/** The users who created a live subject's tasks (hidden ones too when `withHidden`); 404 for no such subject. */
export async function developersOfSubject(db: Db, subjectId: number, withHidden: boolean): Promise<UserRow[]> {
  const subject = await row(db, sql`SELECT id FROM subjects WHERE id = ${subjectId} AND deleted_at IS NULL`);
  if (!subject) throw notFound(MSG.subjectNotFound);
  const visible = withHidden ? sql`` : sql`AND t.visible`;
  return rows<UserRow>(
    db,
    sql`${SELECT_USER}
        WHERE u.telegram_id IN (
          SELECT t.developer_id FROM tasks t JOIN teachers te ON te.id = t.teacher_id
          WHERE te.subject_id = ${subjectId} AND te.deleted_at IS NULL AND t.deleted_at IS NULL ${visible})
        ORDER BY u.username, u.telegram_id`,
  );
}
