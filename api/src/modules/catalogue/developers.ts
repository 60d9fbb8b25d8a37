import { MSG, SubjectParam, UserList, endpoints as ep } from '@zalik/contract';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app.js';
import { row, rows } from '../../db/client.js';
import { route, type Route } from '../../http/route.js';
import { notFound } from '../../lib/errors.js';
import { currentUser } from '../../plugins/auth.js';
import { SELECT_USER, toUser, type UserRow } from '../users/service.js';

/** The creators of a subject's tasks, for the creator filter. */
export const developersRoutes = ({ db, config }: AppDeps): Route[] => [
  route(ep.developersOfSubject, { params: SubjectParam, answer: UserList }, async (request) => {
    const subjectId = Number(request.params.subjectId);
    const subject = await row(db, sql`SELECT id FROM subjects WHERE id = ${subjectId} AND deleted_at IS NULL`);
    if (!subject) throw notFound(MSG.subjectNotFound);
    // The creator filter offers what the caller can find in the list: admins see hidden tasks.
    const visible = currentUser(request).isAdmin ? sql`` : sql`AND t.visible`;
    // Same shape as the users area's lists, config admins included.
    const found = await rows<UserRow>(
      db,
      sql`${SELECT_USER}
          WHERE u.telegram_id IN (
            SELECT t.developer_id FROM tasks t JOIN teachers te ON te.id = t.teacher_id
            WHERE te.subject_id = ${subjectId} AND te.deleted_at IS NULL AND t.deleted_at IS NULL ${visible})
          ORDER BY u.username, u.telegram_id`,
    );
    return found.map((r) => toUser(r, config.adminTelegramIds));
  }),
];
