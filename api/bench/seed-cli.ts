/**
 * `npm run bench:seed -- --users 1000000 [--database <name>]`: creates (or replaces) a database
 * on the PostgreSQL server of `DATABASE_URL` (default name `zalik_large`) and seeds it with
 * seed-large.ts. Other benchmarks read it with `BENCH_DATA=large` (its URL is printed).
 */
import { recreateDatabase, seedLarge } from './seed-large.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const server = process.env.DATABASE_URL;
if (!server) {
  console.error('bench:seed builds on PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
  process.exit(2);
}
const users = Number(arg('users', '1000000'));
const name = arg('database', 'zalik_large');
if (!Number.isSafeInteger(users) || users < 100) throw new Error('--users wants a whole number of at least 100');
if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error('--database wants a plain lower-case name');

const url = await recreateDatabase(server, name);

const started = performance.now();
console.log(`bench:seed: ${users.toLocaleString('en')} users into ${url}`);
await seedLarge(url, users);
console.log(`bench:seed: done in ${((performance.now() - started) / 1000).toFixed(0)} s; BENCH_DATA=large reads ${url}`);
