// A local Monobank personal API for the tests and the demo (never started in production): real HTTP, no mocked function.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { serveLocally } from './http.js';

/** One item of a statement, as the bank writes it (amounts in kopecks, time in unix seconds). */
export interface FakeStatementItem {
  id: string;
  time: number;
  description: string;
  mcc: number;
  originalMcc: number;
  amount: number;
  operationAmount: number;
  currencyCode: number;
  commissionRate: number;
  cashbackAmount: number;
  balance: number;
  hold: boolean;
  comment?: string;
}

/** One pair of the bank's public rates (`GET /bank/currency`), as the bank writes it. */
export interface FakeRate {
  currencyCodeA: number;
  currencyCodeB: number;
  /** Unix seconds. */
  date: number;
  rateBuy?: number;
  rateSell?: number;
  rateCross?: number;
}

/** Rates like the bank's on an ordinary day: USD and EUR buy/sell against UAH, a cross rate for PLN. */
export const DEFAULT_RATES: FakeRate[] = [
  { currencyCodeA: 840, currencyCodeB: 980, date: 1764230400, rateBuy: 41.5, rateSell: 42.0003 },
  { currencyCodeA: 978, currencyCodeB: 980, date: 1764230400, rateBuy: 48.2, rateSell: 48.9 },
  { currencyCodeA: 985, currencyCodeB: 980, date: 1764230400, rateCross: 11.52 },
];

/** One request the fake received, and what it answered. */
export interface MonobankCall {
  method: string;
  path: string;
  status: number;
}

export interface FakeMonobank {
  /** Give this to the app as MONOBANK_API_ROOT. */
  apiRoot: string;
  token: string;
  /** The jar's account id (MONOBANK_JAR_ACCOUNT). */
  jarAccount: string;
  /** The jar's public link (JAR_URL). */
  jarUrl: string;
  calls: MonobankCall[];
  /** Statement requests, refused ones included: what counts against the bank's limit. */
  statementCalls(): MonobankCall[];
  /** An incoming payment into the jar (UAH); answers the item the statement will show. */
  pay(amountUah: number, comment?: string, opts?: { id?: string; time?: Date; from?: string; currencyCode?: number }): FakeStatementItem;
  /** An item exactly as given (any shape), dated `time` for the statement's window: what a bank answer must survive. */
  payRaw(fields: Record<string, unknown>, time?: Date): void;
  /** Money taken out of the jar (an outgoing item, negative amount). */
  withdraw(amountUah: number): FakeStatementItem;
  /** The next `count` statement requests answer `status` (a bank outage: 500). */
  fail(count: number, status?: number): void;
  /** Public rate requests (`/bank/currency`), refused ones included. */
  currencyCalls(): MonobankCall[];
  /** What `/bank/currency` answers from now on. */
  setRates(rates: FakeRate[]): void;
  /** The next `count` rate requests answer `status` (500: the bank is down; 429: asked too often). */
  failCurrency(count: number, status?: number): void;
  /** Forgets when the token last read a statement, as if the bank's minute had passed. */
  resetRateLimit(): void;
  /** The webhook URL the bank was given (POST /personal/webhook), if any. */
  webhookUrl(): string;
  close(): Promise<void>;
}

export interface FakeMonobankOptions {
  token?: string;
  jarAccount?: string;
  /** The bank answers one statement request per token in this window; more answer 429. Default 60 s. */
  rateWindowMs?: number;
  /** false: new items are not posted to the webhook URL (by default they are, as the bank does). */
  pushWebhooks?: boolean;
}

/** The bank's limits: 500 items per answer, a window of at most 31 days and 1 hour. */
const PAGE = 500;
const MAX_SPAN_S = 31 * 86400 + 3600;

/** Statement ids look like short base64 strings, '/' and '+' included. */
const newId = () => randomBytes(8).toString('base64');

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A stand-in for api.monobank.ua speaking what the app uses: the public `GET /bank/currency`, `GET /personal/statement/{account}/{from}/{to}`,
 * `GET /personal/client-info` and `POST /personal/webhook`, each with the `X-Token` header, refused as the
 * bank refuses (403 for a wrong token, 400 for an unknown account or a bad period, 429 for a second
 * statement request within the window). Errors answer `{ errorDescription }` as the bank does.
 */
export async function startFakeMonobank(opts: FakeMonobankOptions = {}): Promise<FakeMonobank> {
  const token = opts.token ?? 'test-monobank-token';
  const jarAccount = opts.jarAccount ?? 'jar-' + randomBytes(6).toString('hex');
  const sendId = 'zalikjar';
  const rateWindowMs = opts.rateWindowMs ?? 60_000;
  const items: FakeStatementItem[] = [];
  const odd: { time: number; fields: Record<string, unknown> }[] = [];
  const calls: MonobankCall[] = [];
  let lastRead = -Infinity;
  let failures = { count: 0, status: 500 };
  let webhook = '';
  let balance = 0;
  let rates: FakeRate[] = DEFAULT_RATES;
  let currencyFailures = { count: 0, status: 500 };

  const add = (amount: number, fields: Partial<FakeStatementItem>, at?: Date): FakeStatementItem => {
    balance += amount;
    const item: FakeStatementItem = {
      id: fields.id ?? newId(),
      time: Math.floor((at ?? new Date()).getTime() / 1000),
      description: fields.description ?? '',
      mcc: 4829,
      originalMcc: 4829,
      amount,
      operationAmount: amount,
      currencyCode: fields.currencyCode ?? 980,
      commissionRate: 0,
      cashbackAmount: 0,
      balance,
      hold: false,
      ...(fields.comment !== undefined ? { comment: fields.comment } : {}),
    };
    items.push(item);
    if (webhook && opts.pushWebhooks !== false) {
      // As the bank does: a notice per item, not waited for, its failure ignored.
      void fetch(webhook, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'StatementItem', data: { account: jarAccount, statementItem: item } }),
      }).then((r) => r.arrayBuffer(), () => undefined);
    }
    return item;
  };

  /** Newest first; items of one second in the reverse order they came. */
  const statement = (fromS: number, toS: number) =>
    [...items.map((item) => ({ time: item.time, body: item as unknown })), ...odd.map((o) => ({ time: o.time, body: o.fields as unknown }))]
      .map((entry, at) => ({ entry, at }))
      .filter(({ entry }) => entry.time >= fromS && entry.time <= toS)
      .sort((a, b) => b.entry.time - a.entry.time || b.at - a.at)
      .slice(0, PAGE)
      .map(({ entry }) => entry.body);

  const http = await serveLocally(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = await readBody(req);
    const call: MonobankCall = { method: req.method ?? 'GET', path: url.pathname, status: 200 };
    calls.push(call);
    const send = (status: number, json: unknown) => {
      call.status = status;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    const refuse = (status: number, errorDescription: string) => send(status, { errorDescription });

    // The public rates need no token.
    if (url.pathname === '/bank/currency' && req.method === 'GET') {
      if (currencyFailures.count > 0) {
        currencyFailures.count--;
        return refuse(currencyFailures.status, currencyFailures.status === 429 ? 'Too many requests' : 'Internal error');
      }
      return send(200, rates);
    }
    if (req.headers['x-token'] !== token) return refuse(403, "Unknown 'X-Token'");
    const st = /^\/personal\/statement\/([^/]+)\/(\d+)(?:\/(\d+))?$/.exec(url.pathname);
    if (st && req.method === 'GET') {
      const now = Date.now();
      if (now - lastRead < rateWindowMs) return refuse(429, 'Too many requests');
      lastRead = now;
      if (failures.count > 0) {
        failures.count--;
        return refuse(failures.status, 'Internal error');
      }
      const account = decodeURIComponent(st[1]!);
      const fromS = Number(st[2]);
      const toS = st[3] ? Number(st[3]) : Math.floor(now / 1000);
      if (account !== jarAccount) return refuse(400, 'Invalid account');
      if (toS < fromS || toS - fromS > MAX_SPAN_S) return refuse(400, 'Period must be no more than 31 days');
      return send(200, statement(fromS, toS));
    }
    if (url.pathname === '/personal/client-info' && req.method === 'GET') {
      return send(200, {
        clientId: 'fakeclient',
        name: 'Залік Тестовий',
        webHookUrl: webhook,
        permissions: 'psfj',
        accounts: [],
        jars: [{ id: jarAccount, sendId, title: 'Залік', description: '', currencyCode: 980, balance, goal: 0 }],
      });
    }
    if (url.pathname === '/personal/webhook' && req.method === 'POST') {
      let wanted: unknown;
      try {
        wanted = (JSON.parse(body) as { webHookUrl?: unknown }).webHookUrl;
      } catch {
        return refuse(400, 'Invalid JSON');
      }
      if (typeof wanted !== 'string') return refuse(400, 'webHookUrl is required');
      // As the bank does: the URL must answer a GET with 200 before it is kept.
      if (wanted) {
        const check = await fetch(wanted).then((r) => r.status, () => 0);
        if (check !== 200) return refuse(400, 'Webhook URL did not answer 200');
      }
      webhook = wanted;
      return send(200, { status: 'ok' });
    }
    return refuse(404, 'Not found');
  });

  return {
    apiRoot: http.apiRoot,
    token,
    jarAccount,
    jarUrl: `https://send.monobank.ua/jar/${sendId}`,
    calls,
    statementCalls: () => calls.filter((c) => c.path.startsWith('/personal/statement/')),
    pay: (amountUah, comment, o = {}) =>
      add(Math.round(amountUah * 100), { id: o.id, comment, description: `Від: ${o.from ?? 'Студент Тестовий'}`, currencyCode: o.currencyCode }, o.time),
    payRaw(fields, time = new Date()) {
      odd.push({ time: Math.floor(time.getTime() / 1000), fields });
    },
    withdraw: (amountUah) => add(-Math.round(amountUah * 100), { description: 'Переказ на картку' }),
    fail(count, status = 500) {
      failures = { count, status };
    },
    currencyCalls: () => calls.filter((c) => c.path === '/bank/currency'),
    setRates(list) {
      rates = list;
    },
    failCurrency(count, status = 500) {
      currencyFailures = { count, status };
    },
    resetRateLimit() {
      lastRead = -Infinity;
    },
    webhookUrl: () => webhook,
    close: http.close,
  };
}
