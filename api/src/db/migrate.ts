import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Database } from './client.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** api/migrations, both from src/ (tsx, tests) and from dist/ (built). */
export const MIGRATIONS_DIR = path.resolve(here, '../../migrations');

/**
 * Applies the numbered SQL files once each, in order, all in one transaction.
 * An advisory lock lets several instances start together against one PostgreSQL.
 */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort();
  return database.script(async (exec) => {
    await exec('SELECT pg_advisory_xact_lock(727274)');
    await exec('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const seen = new Set((await exec('SELECT name FROM schema_migrations')).map((r) => String(r.name)));
    const applied: string[] = [];
    for (const file of files) {
      if (seen.has(file)) continue;
      await exec(readFileSync(path.join(dir, file), 'utf8'));
      await exec(`INSERT INTO schema_migrations (name) VALUES ('${file}')`);
      applied.push(file);
    }
    return applied;
  });
}
