/**
 * Demo mode's payments as `npm start` wires them (main.ts): the local fakes started in-process,
 * the bot long-polling the fake Bot API, the statement reader's job reading the fake jar, and
 * the demo routes the web's emulated Telegram and bank call. A top-up paid through them reaches
 * the wallet the way a real one does: Stars by the bot's pre-checkout answer and
 * successful_payment, the card by the statement read; each credited once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MSG, type DepositRequest, type Wallet } from '@zalik/contract';
import { buildApp } from '../src/app.js';
import { setupTelegram, type Telegram } from '../src/bot/runtime.js';
import { loadConfig } from '../src/config.js';
import { createDeps, createRunner, type AppDeps } from '../src/deps.js';
import type { JobRunner } from '../src/jobs/runner.js';
import { checkLedger } from '../src/modules/ledger/check.js';
import { startDemoPayments } from '../src/modules/demo/payments.js';
import { auth, openTestDatabase } from './helpers.js';
import { recordingLog, waitFor } from './stars-helpers.js';

const STUDENT = '100001';
const ADMIN = '100003';

let app: FastifyInstance;
let deps: AppDeps;
let telegram: Telegram;
let runner: JobRunner;
let closeDb: () => Promise<void>;
let dataDir: string;
let jwt: string;
let adminJwt: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'zalik-demo-pay-'));
  const base = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'https://zalik.test',
    LOG_LEVEL: 'silent',
    STARS_UAH_RATE: '0.5',
    STARS_FEE_PERCENT: '10',
    ADMIN_TELEGRAM_IDS: ADMIN,
    JOBS_POLL_MS: '50',
  });
  expect(base.demo).toBe(true);
  const db = await openTestDatabase();
  closeDb = db.close;
  const demo = await startDemoPayments(base);
  deps = createDeps(demo.config, db.database, { demoPayments: demo.payments });
  app = await buildApp(deps, { logger: false, serveWeb: false });
  telegram = setupTelegram(app, deps);
  await telegram.start();
  runner = createRunner(deps, recordingLog());
  await runner.start();
  const signIn = async (telegramId: string) =>
    (await app.inject({ method: 'POST', url: '/api/dev/init-data', payload: { telegramId, signIn: true } })).json<{ auth: { jwt: string } }>().auth.jwt;
  jwt = await signIn(STUDENT);
  adminJwt = await signIn(ADMIN);
}, 60_000);

afterAll(async () => {
  await telegram?.stop();
  await runner?.stop();
  await app?.close();
  await deps?.dispose();
  await closeDb?.();
  rmSync(dataDir, { recursive: true, force: true });
});

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, headers: auth(jwt), ...(payload ? { payload } : {}) });
const general = async () => (await api('GET', `/api/v1/wallets/user/${STUDENT}`)).json<Wallet[]>().find((w) => w.kind === 'general')!.balance;
const slugOf = (link: string) => /^https:\/\/t\.me\/\$([A-Za-z0-9_=-]+)$/.exec(link)![1]!;

describe('demo mode: Stars through the fake Bot API', () => {
  it('offers Stars, shows the invoice the emulated sheet asks for, and credits the paid top-up once', async () => {
    const options = (await api('GET', '/api/v1/transactions/request/deposit/options')).json<{ stars: { available: boolean } }>();
    expect(options.stars.available).toBe(true);
    const before = await general();

    const created = await api('POST', '/api/v1/transactions/request/deposit', { amount: 250, provider: 'TELEGRAM_STARS' });
    expect(created.statusCode).toBe(200);
    const request = created.json<DepositRequest>();
    expect(request.stars).toBe(550);
    const slug = slugOf(request.paymentLink);

    const invoice = await app.inject({ method: 'GET', url: `/api/dev/stars/invoice/${slug}` });
    expect([invoice.statusCode, invoice.json()]).toEqual([200, { title: 'Поповнення Залік на 250 грн', stars: 550, amount: 250 }]);

    const paid = await app.inject({ method: 'POST', url: `/api/dev/stars/invoice/${slug}/pay` });
    expect([paid.statusCode, paid.json()]).toEqual([200, { ok: true }]);
    await waitFor('the credit', async () => (await api('GET', `/api/v1/transactions/request/deposit/${request.id}`)).json<DepositRequest>().status === 'PAID');
    expect(await general()).toBe(before + 250);

    // Paying the same invoice again: the bot refuses the checkout (the request is paid), nothing moves.
    const again = await app.inject({ method: 'POST', url: `/api/dev/stars/invoice/${slug}/pay` });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ ok: false, message: expect.stringMatching(/[А-Яа-яІіЇїЄє]/) });
    expect(await general()).toBe(before + 250);
    expect((await checkLedger(deps.db)).problems).toEqual([]);
  });

  it('answers a slug no invoice has as missing, and a bad one as a bad request', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/dev/stars/invoice/nosuchinvoice' });
    expect([missing.statusCode, missing.json().message]).toEqual([404, MSG.depositNotFound]);
    const pay = await app.inject({ method: 'POST', url: '/api/dev/stars/invoice/nosuchinvoice/pay' });
    expect([pay.statusCode, pay.json().message]).toEqual([404, MSG.depositNotFound]);
    const bad = await app.inject({ method: 'GET', url: `/api/dev/stars/invoice/${encodeURIComponent('a b')}` });
    expect([bad.statusCode, bad.json().message]).toEqual([400, MSG.badRequest]);
  });
});

describe('demo mode: the card through the fake bank jar', () => {
  it('credits a transfer that carries the code at the next statement read, once', async () => {
    const options = (await api('GET', '/api/v1/transactions/request/deposit/options')).json<{ monobank: { automatic: boolean; jarLink: string } }>();
    expect(options.monobank).toMatchObject({ automatic: true, jarLink: 'https://send.monobank.ua/jar/zalikjar' });
    const before = await general();

    const request = (await api('POST', '/api/v1/transactions/request/deposit', { amount: 100, provider: 'MONOBANK' })).json<DepositRequest>();
    expect(request.paymentLink).toBe(`https://send.monobank.ua/jar/zalikjar?a=100&t=${request.comment!}`);
    // What the emulated jar page sends: the amount and the comment the link filled in.
    const paid = await app.inject({ method: 'POST', url: '/api/dev/monobank/pay', payload: { amount: '100', comment: request.comment } });
    expect([paid.statusCode, paid.json()]).toEqual([200, { ok: true }]);
    await waitFor('the statement read', async () => (await api('GET', `/api/v1/transactions/request/deposit/${request.id}`)).json<DepositRequest>().status === 'PAID', 800);
    expect(await general()).toBe(before + 100);
    // More reads of the same statement credit nothing more.
    await new Promise((r) => setTimeout(r, 2 * deps.demoPayments!.bankReadGapMs + 500));
    expect(await general()).toBe(before + 100);
    expect((await checkLedger(deps.db)).problems).toEqual([]);
  }, 30_000);

  it('leaves a transfer without a code to the admin, and refuses a bad amount with its message', async () => {
    const paid = await app.inject({ method: 'POST', url: '/api/dev/monobank/pay', payload: { amount: 300, comment: 'за курсову' } });
    expect(paid.statusCode).toBe(200);
    const unmatched = () =>
      app.inject({ method: 'GET', url: '/api/v1/transactions/bank-payments?status=UNMATCHED', headers: auth(adminJwt) }).then((r) => r.json<{ comment: string; amount: number }[]>());
    await waitFor('the unmatched payment', async () => (await unmatched()).some((p) => p.comment === 'за курсову' && p.amount === 300), 800);

    const bad = await app.inject({ method: 'POST', url: '/api/dev/monobank/pay', payload: { amount: '10.001', comment: '' } });
    expect([bad.statusCode, bad.json().message]).toEqual([400, MSG.amountInvalid]);
  }, 30_000);
});
