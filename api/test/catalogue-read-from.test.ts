import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { row, type Database } from '../src/db/client.js';
import type { CatalogueTable } from '../src/db/catalogue-cache.js';
import { createTestContext, login, auth, type TestContext } from './helpers.js';

/**
 * Every cached catalogue read names the tables it is read from, by hand; a table it reads but
 * does not name would keep serving the old answer after that table changes. This test runs
 * each read, records the SQL it sends, asks PostgreSQL which relations each statement scans
 * (EXPLAIN, subplans and CTEs included) and fails on any the read did not name.
 */

interface Query {
  text: string;
  params: unknown[];
}
interface RecordedRead {
  key: string;
  tables: readonly CatalogueTable[];
  queries: Query[];
}

const literal = (v: unknown): string => {
  if (v === null || v === undefined) return 'NULL';
  const text = v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return `'${text.replace(/'/g, "''")}'`;
};

/** The tables a statement reads, as the planner sees them (views and subqueries expanded). */
export async function tablesOf(database: Database, query: Query): Promise<Set<string>> {
  // Parameters become untyped literals, which take their type from the context as $n would.
  const text = query.text.replace(/\$(\d+)/g, (_, n: string) => literal(query.params[Number(n) - 1]));
  const [result] = await database.script((exec) => exec(`EXPLAIN (FORMAT JSON, COSTS OFF) ${text}`));
  const plan: unknown = result!['QUERY PLAN'];
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'Relation Name' && typeof value === 'string') found.add(value);
      else walk(value);
    }
  };
  walk(typeof plan === 'string' ? JSON.parse(plan) : plan);
  return found;
}

/** The key prefixes of every `.read('<prefix>...', ...)` call in the API's source. */
function cachedReadsInSource(): Set<string> {
  const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
  const prefixes = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) {
        for (const m of readFileSync(full, 'utf8').matchAll(/\.read(?:<[^>]*>)?\(\s*[`'"]([\w-]+)/g)) prefixes.add(m[1]!);
      }
    }
  };
  walk(src);
  return prefixes;
}

let ctx: TestContext;
let subjectId: number;
let teacherId: number;
let active: RecordedRead | undefined;
const reads: RecordedRead[] = [];

beforeAll(async () => {
  ctx = await createTestContext({}, { logQuery: (text, params) => active?.queries.push({ text, params }) });
  const cache = ctx.deps.catalogue;
  const read = cache.read.bind(cache);
  cache.read = (key, tables, load) =>
    read(key, tables, async () => {
      const recorded: RecordedRead = { key, tables, queries: [] };
      reads.push(recorded);
      active = recorded;
      try {
        return await load();
      } finally {
        active = undefined;
      }
    });
  const db = ctx.deps.db;
  subjectId = (await row<{ id: number }>(db, sql`INSERT INTO subjects (name, course_number) VALUES ('Фізика', 2) RETURNING id`))!.id;
  teacherId = (await row<{ id: number }>(db, sql`INSERT INTO teachers (subject_id, name) VALUES (${subjectId}, 'С. С.') RETURNING id`))!.id;
});

afterAll(async () => {
  await ctx?.close();
});

describe('the tables a cached catalogue read names', () => {
  it('are found from the SQL: joins, subqueries and CTEs included', async () => {
    const tables = await tablesOf(ctx.database, {
      text: `WITH d AS (SELECT task_id FROM discounts WHERE percent > $1)
             SELECT t.id, EXISTS (SELECT 1 FROM task_templates tt WHERE tt.task_id = t.id)
             FROM tasks t JOIN teachers te ON te.id = t.teacher_id WHERE t.id IN (SELECT task_id FROM d)`,
      params: [5],
    });
    expect([...tables].sort()).toEqual(['discounts', 'task_templates', 'tasks', 'teachers']);
  });

  it('include every table its queries read', async () => {
    const student = await login(ctx.app, { id: 7001, username: 'stud' });
    for (const url of ['/api/v1/subjects/course-number/2', '/api/v1/subjects/course-number/2?page=0&limit=10', `/api/v1/teachers/subject/${subjectId}`, `/api/v1/tasks/teacher/${teacherId}`, '/api/v1/news']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: auth(student) });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }

    // Every cached read in the source was exercised above, and sent at least one query.
    const exercised = new Set(reads.map((r) => r.key.split(':')[0]!));
    expect([...cachedReadsInSource()].filter((p) => !exercised.has(p))).toEqual([]);

    const missing: string[] = [];
    for (const read of reads) {
      expect(read.queries.length, read.key).toBeGreaterThan(0);
      for (const query of read.queries) {
        for (const table of await tablesOf(ctx.database, query)) {
          if (!read.tables.includes(table as CatalogueTable)) missing.push(`${read.key} reads ${table}: ${query.text.replace(/\s+/g, ' ').slice(0, 120)}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
