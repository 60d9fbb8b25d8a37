/**
 * Migration 0057 on a database migrated up to 0056 with a task's own template in it: every
 * task's own template moves into the library (identifiers) without changing anything a student
 * bought. It migrates a fresh database from nothing, so it runs in the slow lane.
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { newPglite } from '../src/db/pglite.js';
import { openDatabase, row, rows } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { createPgDatabase, onPostgres } from './helpers.js';

describe('migration 0057', () => {
  it("moves each task's own template into the library; the task's template and its file stay as they were", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'zalik-migrations-'));
    const all = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');
    for (const f of readdirSync(all).filter((f) => /^\d{4}_/.test(f) && f < '0057')) copyFileSync(path.join(all, f), path.join(dir, f));
    const pg = onPostgres ? await createPgDatabase({ empty: true }) : undefined;
    const database = pg ? await openDatabase({ databaseUrl: pg.url }) : await openDatabase({ pglite: newPglite() });
    try {
      await migrate(database, dir);
      const db = database.db;
      await db.execute(sql`INSERT INTO users (telegram_id, username) VALUES (501, 'dev'), (502, 'student')`);
      await db.execute(sql`INSERT INTO subjects (id, name, course_number) OVERRIDING SYSTEM VALUE VALUES (1, 'Фізика', 1)`);
      await db.execute(sql`INSERT INTO teachers (id, subject_id, name) OVERRIDING SYSTEM VALUE VALUES (1, 1, 'Коваль')`);
      await db.execute(sql`INSERT INTO tasks (id, teacher_id, developer_id, title, price, type, auto_generate, identifier) OVERRIDING SYSTEM VALUE
                           VALUES (10, 1, 501, 'Лабораторна', 100, 'REGULAR', true, 'docx-template'), (11, 1, 501, 'Курсова', 200, 'REGULAR', false, '')`);
      const blob = '11111111-1111-4111-8111-111111111111';
      await db.execute(sql`INSERT INTO task_templates (task_id, blob_id, file_name, tags, uploaded_by) VALUES (10, ${blob}::uuid, 'Шаблон.DOCX', '["ПІБ"]'::jsonb, 501)`);
      const before = await rows(db, sql`SELECT task_id, blob_id, file_name, tags FROM task_templates`);

      expect(await migrate(database, all)).toContain('0057_identifiers.sql');
      expect(await rows(db, sql`SELECT task_id, blob_id, file_name, tags FROM task_templates`)).toEqual(before);
      const entry = await row<{ id: number; name: string; description: string; kind: string; blob_id: string; tags: unknown }>(
        db,
        sql`SELECT id, name, description, kind, blob_id, tags FROM identifiers`,
      );
      expect(entry).toMatchObject({ name: 'Шаблон', description: 'Шаблон завдання «Лабораторна»', kind: 'DOCX', blob_id: blob });
      expect(await rows(db, sql`SELECT id, identifier_id FROM tasks ORDER BY id`)).toEqual([
        { id: expect.anything(), identifier_id: entry!.id },
        { id: expect.anything(), identifier_id: null },
      ]);
      expect((await row<{ identifier_id: unknown }>(db, sql`SELECT identifier_id FROM task_templates`))!.identifier_id).toEqual(entry!.id);
    } finally {
      await database.close();
      await pg?.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
