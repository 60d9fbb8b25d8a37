import { sql } from 'drizzle-orm';
import { KYIV } from '../../db/kyiv.js';
import { row, rows, type Executor } from '../../db/client.js';

/** The academic year that `at` (Kyiv time) falls in: it starts on 1 September. */
const ACADEMIC_YEAR = (at: Date | null) => sql`(
  SELECT CASE WHEN d >= make_date(extract(year FROM d)::int, 9, 1) THEN extract(year FROM d)::int ELSE extract(year FROM d)::int - 1 END
  FROM (SELECT (coalesce(${at?.toISOString() ?? null}::timestamptz, now()) AT TIME ZONE ${KYIV})::date AS d) day)`;

/**
 * Claims the promotion of the academic year under way at `at` (the database's clock when
 * null), when it is later than every year promoted before; null when there is nothing to do.
 * Two instances at once: the primary key lets one insert, the other finds it done.
 */
export async function claimPromotionYear(tx: Executor, at: Date | null): Promise<number | null> {
  const claimed = await row<{ year: number }>(tx, sql`
    INSERT INTO course_promotions (year)
    SELECT y FROM (SELECT ${ACADEMIC_YEAR(at)} AS y) due
    WHERE y > (SELECT coalesce(max(year), 0) FROM course_promotions)
    ON CONFLICT DO NOTHING
    RETURNING year`);
  return claimed ? Number(claimed.year) : null;
}

/** Every student one course up; a 4th-year student back to 0, so the app asks for the course again. */
export async function promoteStudents(tx: Executor, year: number): Promise<number> {
  const moved = await row<{ n: number }>(tx, sql`
    WITH moved AS (
      UPDATE users SET course_number = CASE WHEN course_number >= 4 THEN 0 ELSE course_number + 1 END, updated_at = now()
      WHERE course_number > 0
      RETURNING 1)
    UPDATE course_promotions SET promoted = (SELECT count(*) FROM moved) WHERE year = ${year}
    RETURNING promoted AS n`);
  return Number(moved?.n ?? 0);
}

/**
 * Locks every granted admin row until the caller's transaction ends and answers their ids, so
 * two admins taking the role from each other at once take turns and the second sees the first.
 */
export async function lockGrantedAdmins(tx: Executor): Promise<number[]> {
  const found = await rows<{ telegram_id: number | string }>(tx, sql`SELECT telegram_id FROM user_roles WHERE role = 'ROLE_ADMIN' ORDER BY telegram_id FOR UPDATE`);
  return found.map((r) => Number(r.telegram_id));
}

/** Takes a granted role away; answers whether the user had it. */
export async function deleteRole(tx: Executor, telegramId: number, role: string): Promise<boolean> {
  return Boolean(await row(tx, sql`DELETE FROM user_roles WHERE telegram_id = ${telegramId} AND role = ${role} RETURNING telegram_id`));
}

export async function hasGrantedRole(ex: Executor, telegramId: number, role: string): Promise<boolean> {
  return Boolean(await row(ex, sql`SELECT 1 FROM user_roles WHERE telegram_id = ${telegramId} AND role = ${role}`));
}
