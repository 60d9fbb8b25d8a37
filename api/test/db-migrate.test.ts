/**
 * Migrations: the numbered files once each, then the functions files (migrations/functions)
 * whenever their text changes, so each is the live definition of its functions.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/client.js';
import { MIGRATIONS_DIR, migrate } from '../src/db/migrate.js';
import { openTestDatabase } from './helpers.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'zalik-migrations-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('migrate', () => {
  it('applies a functions file again only when its text changed, and that text is what runs', async () => {
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    const test = await openTestDatabase();
    try {
      // The test database is a migrated copy: nothing is left to do.
      expect(await migrate(test.database, dir)).toEqual([]);
      const ledger = path.join(dir, 'functions', 'ledger.sql');
      const text = readFileSync(ledger, 'utf8');
      writeFileSync(ledger, text.replace("RETURN CASE WHEN ledger_post(legs) THEN 'posted' ELSE 'repeated' END;", "RETURN CASE WHEN ledger_post(legs) THEN 'posted-now' ELSE 'repeated' END;"));
      expect(await migrate(test.database, dir)).toEqual(['functions/ledger.sql']);
      expect(await migrate(test.database, dir)).toEqual([]);
      const [live] = await rows<{ src: string }>(test.database.db, sql`SELECT prosrc AS src FROM pg_proc WHERE proname = 'ledger_try_post'`);
      expect(live!.src).toContain("'posted-now'");
      // Every function the ledger file states is defined as the file states it.
      const names = [...text.matchAll(/CREATE OR REPLACE FUNCTION (\w+)\(/g)].map((m) => m[1]);
      expect(names).toEqual(['ledger_post', 'ledger_try_post', 'zalik_require', 'referral_debtors', 'referral_debt_lock']);
    } finally {
      await test.close();
    }
  });
});
