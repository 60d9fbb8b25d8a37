import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Database } from './client.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** api/migrations, both from src/ (tsx, tests) and from dist/ (built). */
export const MIGRATIONS_DIR = path.resolve(here, '../../migrations');

/**
 * Applies the numbered SQL files once each, in order, then every file of `functions/` whose
 * text changed since it was last applied (its hash is kept), all in one transaction. The
 * functions files hold `CREATE OR REPLACE` definitions, so each is the live text of its
 * functions, whatever migration first created them. An advisory lock lets several instances
 * start together against one PostgreSQL.
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
    const functionsDir = path.join(dir, 'functions');
    if (!existsSync(functionsDir)) return applied;
    await exec('CREATE TABLE IF NOT EXISTS schema_functions (name text PRIMARY KEY, sha256 text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())');
    const hashes = new Map((await exec('SELECT name, sha256 FROM schema_functions')).map((r) => [String(r.name), String(r.sha256)]));
    for (const file of readdirSync(functionsDir).filter((f) => /^[\w-]+\.sql$/.test(f)).sort()) {
      const text = readFileSync(path.join(functionsDir, file), 'utf8');
      const sha256 = createHash('sha256').update(text).digest('hex');
      if (hashes.get(file) === sha256) continue;
      await exec(text);
      await exec(`INSERT INTO schema_functions (name, sha256) VALUES ('${file}', '${sha256}') ON CONFLICT (name) DO UPDATE SET sha256 = EXCLUDED.sha256, applied_at = now()`);
      applied.push(`functions/${file}`);
    }
    return applied;
  });
}
