import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  /** The connection string of the new database. */
  url: string;
  /** Drops it, whatever state it is in (open connections are closed). */
  drop(): Promise<void>;
}

/**
 * A new database on the PostgreSQL server of `serverUrl`, named `<prefix>_<random>`: what the
 * test suites, the benchmarks and the browser tests each run against, so that runs in parallel
 * never share data. Empty, or a copy of `template` (a database nobody is connected to).
 */
export async function createScratchDatabase(serverUrl: string, prefix: string, template?: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await run(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${pg.escapeIdentifier(template)}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
