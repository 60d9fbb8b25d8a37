import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { Pool } from '../src/db/pool.js';
import { createScratchDatabase, type ScratchDatabase } from '../src/db/scratch.js';

/**
 * The API's connection pool on a real PostgreSQL (this file needs one in both runs: the
 * server of DATABASE_URL, else the local one CI and the README's set-up start).
 */
const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
let scratch: ScratchDatabase;
let pool: Pool;

const pid = async () => Number((await pool.query('SELECT pg_backend_pid() AS pid')).rows[0].pid);

beforeAll(async () => {
  scratch = await createScratchDatabase(server, 'zalik_pool');
  // One connection: whatever a query does to it, the next query shows.
  pool = new Pool({ connectionString: scratch.url, max: 1 });
  await pool.query('CREATE TABLE things (id int PRIMARY KEY, name text NOT NULL)');
  await pool.query("INSERT INTO things VALUES (1, 'one')");
});
afterAll(async () => {
  await pool.end();
  await scratch.drop();
});

describe('the pool', () => {
  it('keeps the connection of a statement the server refused', async () => {
    const before = await pid();
    await expect(pool.query("INSERT INTO things VALUES (1, 'again')")).rejects.toMatchObject({ code: '23505' });
    await expect(pool.query('SELECT 1 / $1::int AS x', [0])).rejects.toMatchObject({ code: '22012' });
    expect(await pid()).toBe(before);
    expect((await pool.query('SELECT name FROM things WHERE id = $1', [1])).rows).toEqual([{ name: 'one' }]);
  });

  it('prepares a statement once per connection and reuses it', async () => {
    const text = 'SELECT name FROM things WHERE id = $1 AND name <> $2';
    for (let i = 0; i < 3; i++) expect((await pool.query(text, [1, 'x'])).rows).toEqual([{ name: 'one' }]);
    const prepared = await pool.query('SELECT statement FROM pg_prepared_statements WHERE statement = $1', [text]);
    expect(prepared.rows).toHaveLength(1);
  });

  it('answers a prepared SELECT * with the new columns after a migration added one', async () => {
    const text = 'SELECT * FROM things WHERE id = $1';
    expect((await pool.query(text, [1])).rows).toEqual([{ id: 1, name: 'one' }]);
    const other = new pg.Client({ connectionString: scratch.url });
    await other.connect();
    await other.query("ALTER TABLE things ADD COLUMN note text NOT NULL DEFAULT 'new'");
    await other.end();
    expect((await pool.query(text, [1])).rows).toEqual([{ id: 1, name: 'one', note: 'new' }]);
    expect((await pool.query(text, [1])).rows).toEqual([{ id: 1, name: 'one', note: 'new' }]);
  });

  it('replaces a connection that died', async () => {
    const before = await pid();
    const other = new pg.Client({ connectionString: scratch.url });
    await other.connect();
    await other.query('SELECT pg_terminate_backend($1)', [before]);
    await other.end();
    // The idle connection's death is noticed (and not fatal to the process); the next query gets a new one.
    await new Promise((r) => setTimeout(r, 100));
    expect((await pool.query('SELECT name FROM things WHERE id = $1', [1])).rows).toEqual([{ name: 'one' }]);
    expect(await pid()).not.toBe(before);
  });
});
