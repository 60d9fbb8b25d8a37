import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../src/app.js';
import { row } from '../src/db/client.js';
import { checkLedger } from '../src/modules/ledger/check.js';
import { auth } from './helpers.js';

/**
 * Asserts the ledger's invariants (docs/LEDGER.md): balances sum to zero, each balance equals
 * its transfers, no user balance below zero, escrow and pending withdrawals match their rows.
 * Call it after every test that moves money.
 */
export async function expectLedgerBalanced(deps: Pick<AppDeps, 'db'>): Promise<void> {
  const report = await checkLedger(deps.db);
  expect(report.problems).toEqual([]);
}

/** A wallet balance in UAH straight from the ledger (0 when the wallet was never opened). */
export async function balanceUah(deps: Pick<AppDeps, 'db'>, telegramId: number, wallet: 'general' | 'dev' = 'general'): Promise<number> {
  const r = await row<{ balance: number | string }>(deps.db, sql`SELECT balance FROM account_balances WHERE code = ${`user:${telegramId}:${wallet}`}`);
  return Number(r?.balance ?? 0) / 100;
}

/** A system account's balance in kopecks: derived from its transfers (view `account_balances`). */
export async function systemKopecks(deps: Pick<AppDeps, 'db'>, code: string): Promise<number> {
  const r = await row<{ balance: number | string }>(deps.db, sql`SELECT balance FROM account_balances WHERE code = ${code}`);
  return Number(r!.balance);
}

/** How many transfers the ledger holds: "nothing changed" checks compare it before and after. */
export async function transferCount(deps: Pick<AppDeps, 'db'>): Promise<number> {
  return Number((await row<{ n: number | string }>(deps.db, sql`SELECT count(*) AS n FROM transfers`))!.n);
}

/** Tops a user's general wallet up through the admin API. */
export async function topUpApi(app: FastifyInstance, adminToken: string, telegramId: number, amount: number | string): Promise<void> {
  const res = await app.inject({
    method: 'PATCH',
    url: '/api/v1/wallets/deposit',
    headers: auth(adminToken),
    payload: { userTelegramId: String(telegramId), amount },
  });
  if (res.statusCode !== 200) throw new Error(`top-up failed: ${res.statusCode} ${res.body}`);
}
