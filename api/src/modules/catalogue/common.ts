import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { sql } from 'drizzle-orm';
import { MSG, nameKey } from '@zalik/contract';
import { rows, type Executor } from '../../db/client.js';
import { conflict } from '../../lib/errors.js';

/** Rows come back from both drivers with Date or string timestamps; the wire wants ISO strings. */
export const iso = (v: Date | string): string => new Date(v).toISOString();

/** Ids go out as strings (API-CONTRACT) whatever the driver gave us. */
export const idOut = (v: number | string): string => String(v);

/**
 * A cached catalogue answer as JSON bytes, checked against its contract schema once, when it is
 * rendered after a change, instead of encoded and serialized again for every request.
 */
export const renderJson = <S extends z.ZodType>(schema: S, value: z.output<S>): Buffer => Buffer.from(JSON.stringify(schema.encode(value)));

/** Sends JSON rendered by `renderJson` (or `TeacherTaskList`) as it is. */
export const sendJson = (reply: FastifyReply, body: Buffer | string) => reply.type('application/json; charset=utf-8').send(body);

/** One page of a list already in memory (a cached catalogue list): `page` from 0. */
export const pageOfRows = <T>(all: readonly T[], page: number, limit: number): { content: T[]; last: boolean } => ({
  content: all.slice(page * limit, page * limit + limit),
  last: page * limit + limit >= all.length,
});

/** Advisory lock classes: one name check at a time per course (subjects) or per subject (teachers). */
const NAME_LOCK = { subject: 7301, teacher: 7302 } as const;

/**
 * Refuses a name that a live sibling already has, compared by `nameKey` (case, spacing and
 * invisible characters ignored); archived rows do not count. The advisory lock, held until the
 * caller's transaction ends, makes two admins adding the same name at once take turns, so the
 * second sees the first's row. A lock, not a unique index: a database may already hold
 * duplicates from before this rule, and those rows must stay editable.
 */
export async function assertUniqueName(
  tx: Executor,
  p: { kind: 'subject' | 'teacher'; scope: number; name: string; exceptId: number | null },
): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${NAME_LOCK[p.kind]}, ${p.scope % 2_147_483_647}::int)`);
  const siblings =
    p.kind === 'subject'
      ? await rows<{ id: number; name: string }>(tx, sql`SELECT id, name FROM subjects WHERE course_number = ${p.scope} AND deleted_at IS NULL`)
      : await rows<{ id: number; name: string }>(tx, sql`SELECT id, name FROM teachers WHERE subject_id = ${p.scope} AND deleted_at IS NULL`);
  const key = nameKey(p.name);
  if (siblings.some((s) => Number(s.id) !== p.exceptId && nameKey(s.name) === key)) {
    throw conflict(p.kind === 'subject' ? MSG.subjectDuplicate : MSG.teacherDuplicate);
  }
}
