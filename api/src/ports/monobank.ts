import { z } from 'zod';

/** What the reader needs of a statement item; the bank sends more (mcc, balance, cashback...). */
const StatementItem = z.object({
  id: z.string().min(1).max(64),
  /** Unix seconds. */
  time: z.number().int(),
  description: z.string().default(''),
  /** Kopecks of the jar's currency: positive for money in. */
  amount: z.number().int(),
  comment: z.string().optional(),
  /** ISO 4217 number of the operation's currency (980: UAH). */
  currencyCode: z.number().int().optional(),
});
export type StatementItem = z.infer<typeof StatementItem>;

/** An item of the answer that is not a statement item as described: kept whole for an admin. */
export interface UnreadableItem {
  unreadable: string;
  raw: unknown;
}
export type StatementEntry = StatementItem | UnreadableItem;
export const isUnreadable = (e: StatementEntry): e is UnreadableItem => 'unreadable' in e;
/** The answer is a list; each item is read on its own, so one odd item cannot fail the others. */
const Statement = z.array(z.unknown());

/** A refusal or failure of the bank: its status (429: the one-a-minute limit) and `errorDescription`. */
export class MonobankError extends Error {
  constructor(
    readonly status: number,
    description: string,
  ) {
    super(`monobank ${status}: ${description}`);
  }
}

/** What Zalik asks of Monobank's personal API (https://api.monobank.ua/docs/). */
export interface MonobankApi {
  /** Items of `account` between `fromS` and `toS` (unix seconds, both included), newest first, at most 500. */
  statement(account: string, fromS: number, toS: number, signal?: AbortSignal): Promise<StatementEntry[]>;
  /** Points the token owner's webhook at `url` (the bank first checks it answers a GET with 200). */
  setWebhook(url: string, signal?: AbortSignal): Promise<void>;
}

/** A hung bank must not hold a job's slot for ever. */
const TIMEOUT_MS = 20_000;

export function monobankApi(apiRoot: string, token: string): MonobankApi {
  async function call(path: string, init: RequestInit, signal?: AbortSignal): Promise<unknown> {
    const timeout = AbortSignal.timeout(TIMEOUT_MS);
    const res = await fetch(`${apiRoot}${path}`, {
      ...init,
      headers: { 'x-token': token, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      throw new MonobankError(res.status, `not JSON: ${text.slice(0, 200)}`);
    }
    if (!res.ok) {
      const description = (json as { errorDescription?: unknown } | null)?.errorDescription;
      throw new MonobankError(res.status, typeof description === 'string' ? description : text.slice(0, 200));
    }
    return json;
  }

  return {
    async statement(account, fromS, toS, signal) {
      const answer = await call(`/personal/statement/${encodeURIComponent(account)}/${fromS}/${toS}`, { method: 'GET' }, signal);
      const parsed = Statement.safeParse(answer);
      if (!parsed.success) throw new MonobankError(200, `unexpected statement: ${parsed.error.message.slice(0, 300)}`);
      return parsed.data.map((raw): StatementEntry => {
        const item = StatementItem.safeParse(raw);
        return item.success ? item.data : { unreadable: item.error.message.slice(0, 300), raw };
      });
    },
    async setWebhook(url, signal) {
      await call('/personal/webhook', { method: 'POST', body: JSON.stringify({ webHookUrl: url }) }, signal);
    },
  };
}
