import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { MSG, ROLES, SubjectParam, User, type Role } from '@zalik/contract';
import type { AppDeps } from '../../app.js';
import { row, rows } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { currentUser } from '../../plugins/auth.js';
import { errors, idOut, iso } from './common.js';

interface UserRow {
  telegram_id: number;
  username: string;
  photo: string;
  first_name: string;
  last_name: string;
  course_number: number;
  is_banned: boolean;
  created_at: Date | string;
  roles: string[] | null;
}

/** /api/v1/users/developer/{subjectId}: the creators of a subject's tasks, for the creator filter. */
export const developersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  // Same shape as the users area's lists; config admins count as admins there too.
  const toUser = (r: UserRow): User => {
    const granted = new Set<string>(['ROLE_USER', ...(r.roles ?? [])]);
    if (config.adminTelegramIds.has(String(r.telegram_id))) granted.add('ROLE_ADMIN');
    return {
      telegramId: idOut(r.telegram_id),
      username: r.username,
      photo: r.photo,
      firstName: r.first_name,
      lastName: r.last_name,
      courseNumber: Number(r.course_number),
      createdAt: iso(r.created_at),
      isBanned: r.is_banned,
      roles: ROLES.filter((role: Role) => granted.has(role)),
    };
  };

  app.get(
    '/developer/:subjectId',
    {
      schema: {
        tags: ['users'],
        summary: 'Developers with tasks in a subject (visible ones; admins also count hidden ones)',
        params: SubjectParam,
        response: { 200: z.array(User), ...errors },
      },
    },
    async (request) => {
      const subjectId = Number(request.params.subjectId);
      const subject = await row(db, sql`SELECT id FROM subjects WHERE id = ${subjectId} AND deleted_at IS NULL`);
      if (!subject) throw notFound(MSG.subjectNotFound);
      // The creator filter offers what the caller can find in the list: admins see hidden tasks.
      const visible = currentUser(request).isAdmin ? sql`` : sql`AND t.visible`;
      const found = await rows<UserRow>(
        db,
        sql`SELECT u.telegram_id, u.username, u.photo, u.first_name, u.last_name, u.course_number, u.is_banned, u.created_at,
                   ARRAY(SELECT r.role FROM user_roles r WHERE r.telegram_id = u.telegram_id ORDER BY r.role) AS roles
            FROM users u
            WHERE u.telegram_id IN (
              SELECT t.developer_id FROM tasks t JOIN teachers te ON te.id = t.teacher_id
              WHERE te.subject_id = ${subjectId} AND te.deleted_at IS NULL AND t.deleted_at IS NULL ${visible})
            ORDER BY u.username, u.telegram_id`,
      );
      return found.map(toUser);
    },
  );
};
