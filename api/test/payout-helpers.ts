import type { WalletEntry, Withdrawal } from '@zalik/contract';
import { SYSTEM, post } from '../src/modules/ledger/service.js';
import { auth, grantRole, login, type TestContext } from './helpers.js';

export const CARD = '4111111111111111';
/** A well-formed Tron address (base58, 34 characters, T first). */
export const TRON = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

export interface Dev {
  id: number;
  token: string;
}

/** Payout desk calls as a client sends them. */
export function payoutCalls(ctx: TestContext) {
  const app = ctx.app;
  return {
    /** A fresh developer whose dev wallet holds `uah` (posted as earlier earnings). */
    async developer(adminToken: string, id: number, uah: number): Promise<Dev> {
      const token = await login(app, { id, username: `dev${id}` });
      await grantRole(app, adminToken, id, 'ROLE_DEVELOPER');
      if (uah > 0) {
        await ctx.deps.db.transaction((tx) =>
          post(tx, [{ from: { system: SYSTEM.topup }, to: { user: id, wallet: 'dev' }, amount: Math.round(uah * 100), kind: 'TOPUP', key: `test-earnings:${id}`, reference: 'test' }]),
        );
      }
      return { id, token };
    },
    wallets: async (token: string, id: number) => (await app.inject({ method: 'GET', url: `/api/v1/wallets/${id}`, headers: auth(token) })).json<WalletEntry[]>(),
    async devWalletId(d: Dev): Promise<string> {
      return (await this.wallets(d.token, d.id)).find((w) => w.walletType === 'DEVELOPER')!.id;
    },
    saveDetails: (token: string, body: unknown) => app.inject({ method: 'PATCH', url: '/api/v1/wallets/payment_details', headers: auth(token), payload: body as object }),
    withdraw: (token: string, body: unknown) => app.inject({ method: 'POST', url: '/api/v1/transactions/withdraw', headers: auth(token), payload: body as object }),
    queue: (token: string) => app.inject({ method: 'GET', url: '/api/v1/transactions/withdraw/processing', headers: auth(token) }),
    confirm: (token: string, body: unknown) => app.inject({ method: 'PATCH', url: '/api/v1/transactions/confirm-withdraw', headers: auth(token), payload: body as object }),
    feed: (token: string, walletId: string, query = 'page=0&limit=10') =>
      app.inject({ method: 'GET', url: `/api/v1/transactions/transaction/${walletId}?${query}`, headers: auth(token) }),
    /** A developer with a saved card and an open request of `amount` UAH. */
    async openRequest(adminToken: string, id: number, amount: number): Promise<{ d: Dev; w: Withdrawal; walletId: string }> {
      const d = await this.developer(adminToken, id, amount);
      const walletId = await this.devWalletId(d);
      const saved = await this.saveDetails(d.token, { walletId, paymentDetails: CARD, paymentDetailsType: 'BANK_CARD' });
      if (saved.statusCode !== 200) throw new Error(`details not saved: ${saved.body}`);
      const res = await this.withdraw(d.token, { amount, encodedWalletId: walletId });
      if (res.statusCode !== 201) throw new Error(`withdraw failed: ${res.statusCode} ${res.body}`);
      return { d, w: res.json<Withdrawal>(), walletId };
    },
  };
}
