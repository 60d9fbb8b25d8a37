import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Faq } from '@zalik/contract';
import { rows } from '../src/db/client.js';
import { FAQ_DEFAULTS_JOB } from '../src/modules/catalogue/jobs.js';
import { createCatalogueWorld, type CatalogueWorld } from './catalogue-fixtures.js';

let w: CatalogueWorld;
beforeAll(async () => {
  w = await createCatalogueWorld();
});
afterAll(() => w.ctx.close());

const runJob = () => w.ctx.deps.jobs.job(FAQ_DEFAULTS_JOB)!.handler({ key: 'after-0080', payload: {}, attempt: 1, signal: new AbortController().signal, log: console });
async function faq(): Promise<Faq[]> {
  const res = await w.call('GET', '/api/v1/faq', w.student);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Faq[]>();
}

describe('the FAQ’s default questions', () => {
  it('are scheduled once by the migration, for every installation', async () => {
    const jobs = await rows<{ key: string; status: string }>(w.ctx.deps.db, sql`SELECT key, status FROM jobs WHERE name = ${FAQ_DEFAULTS_JOB}`);
    expect(jobs).toEqual([{ key: 'after-0080', status: 'pending' }]);
  });

  it('explain Telegram Stars, revisions and disputes after the job, after what admins wrote, each once', async () => {
    const own = await w.call('POST', '/api/v1/faq/faq', w.admin, { question: 'Як купити завдання?', answer: 'Оберіть курс і предмет.' });
    expect(own.statusCode, own.body).toBe(201);
    const edited = await w.call('POST', '/api/v1/faq/faq', w.admin, { question: 'Як відкрити спір?', answer: 'Наша відповідь про спори.' });
    expect(edited.statusCode, edited.body).toBe(201);

    await runJob();
    await runJob();
    const list = await faq();
    expect(list.map((f) => f.question)).toEqual([
      'Як купити завдання?',
      'Як відкрити спір?',
      'Що таке Telegram Stars?',
      'Що робити, якщо робота виконана не так?',
    ]);
    expect(list[1]!.answer).toBe('Наша відповідь про спори.');
    expect(list[2]!.answer).toMatch(/зірки/);
    expect(list[3]!.answer).toMatch(/Доопрацювати/);
  });
});
