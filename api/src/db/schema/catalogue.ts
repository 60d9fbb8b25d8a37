import { bigint, boolean, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const deletedAt = () => timestamp('deleted_at', { withTimezone: true });
const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

export const subjects = pgTable('subjects', {
  id: id(),
  name: text('name').notNull(),
  courseNumber: smallint('course_number').notNull(),
  createdAt: createdAt(),
  deletedAt: deletedAt(),
});

export const teachers = pgTable('teachers', {
  id: id(),
  subjectId: bigint('subject_id', { mode: 'number' })
    .notNull()
    .references(() => subjects.id),
  name: text('name').notNull(),
  createdAt: createdAt(),
  deletedAt: deletedAt(),
});

export const argumentsTable = pgTable('arguments', {
  id: id(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  createdAt: createdAt(),
  deletedAt: deletedAt(),
});

export const tasks = pgTable('tasks', {
  id: id(),
  teacherId: bigint('teacher_id', { mode: 'number' })
    .notNull()
    .references(() => teachers.id),
  developerId: bigint('developer_id', { mode: 'number' })
    .notNull()
    .references(() => users.telegramId),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  identifier: text('identifier').notNull().default(''),
  price: integer('price').notNull(),
  type: text('type', { enum: ['REGULAR', 'TEST'] }).notNull(),
  visible: boolean('visible').notNull().default(true),
  autoGenerate: boolean('auto_generate').notNull().default(false),
  createdAt: createdAt(),
  deletedAt: deletedAt(),
});

export const taskArguments = pgTable(
  'task_arguments',
  {
    taskId: bigint('task_id', { mode: 'number' })
      .notNull()
      .references(() => tasks.id),
    argumentId: bigint('argument_id', { mode: 'number' })
      .notNull()
      .references(() => argumentsTable.id),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.position] })],
);

export const discounts = pgTable('discounts', {
  id: id(),
  taskId: bigint('task_id', { mode: 'number' })
    .notNull()
    .references(() => tasks.id),
  type: text('type', { enum: ['GLOBAL', 'LOCAL'] }).notNull(),
  telegramId: bigint('telegram_id', { mode: 'number' }).references(() => users.telegramId),
  percent: smallint('percent').notNull(),
  usesLeft: integer('uses_left'),
  createdAt: createdAt(),
});

export const news = pgTable('news', {
  id: id(),
  title: text('title').notNull(),
  text: text('text').notNull(),
  animation: text('animation').notNull().default(''),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
});

export const faq = pgTable('faq', {
  id: id(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
});
