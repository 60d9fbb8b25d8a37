import { bigint, boolean, check, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export const users = pgTable(
  'users',
  {
    telegramId: bigint('telegram_id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull().default(''),
    photo: text('photo').notNull().default(''),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    courseNumber: smallint('course_number').notNull().default(0),
    isBanned: boolean('is_banned').notNull().default(false),
    /** Who invited this user (from `start_param`), fixed when the user is first seen. */
    invitedBy: bigint('invited_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('users_course_number', sql`${t.courseNumber} between 0 and 4`)],
);

/** ROLE_USER is implied for everyone; this table holds the granted roles. */
export const userRoles = pgTable(
  'user_roles',
  {
    telegramId: bigint('telegram_id', { mode: 'number' })
      .notNull()
      .references(() => users.telegramId),
    role: text('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.telegramId, t.role] })],
);

/** Small key-value facts about this database (e.g. that the demo data was seeded). */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
