import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@zalik/contract';
import { row, rows } from '../src/db/client.js';
import { PERSONAS } from '../src/modules/users/personas.js';
import { SEED_STEPS, seedDemo } from '../src/modules/demo/seed.js';
import { seedCatalogue } from '../src/modules/catalogue/seed.js';
import { auth, createTestContext, login, type TestContext } from './helpers.js';
import { createCatalogueWorld, type CatalogueWorld } from './catalogue-fixtures.js';

let w: CatalogueWorld;
beforeAll(async () => {
  w = await createCatalogueWorld();
});
afterAll(() => w.ctx.close());

describe('news', () => {
  it('are added at the end, edited with "" keeping a field, and deleted by admins; read by everyone', async () => {
    const first = await w.call('POST', '/api/v1/news/news', w.admin, { title: 'Сесія близько', text: 'Готуйтеся заздалегідь.', animation: 'news-books' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ id: expect.stringMatching(/^\d+$/), title: 'Сесія близько', text: 'Готуйтеся заздалегідь.', animation: 'news-books' });
    const second = (await w.call('POST', '/api/v1/news/news', w.admin, { title: 'Нові предмети', text: 'Додали 4 курс.' })).json();
    expect(second.animation).toBe('');

    const list = await w.call('GET', '/api/v1/news/', w.student);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([first.json(), second]);

    const edited = await w.call('PATCH', `/api/v1/news/${second.id}`, w.admin, { title: '', text: 'Додали предмети 4 курсу.', animation: 'news-rocket' });
    expect(edited.json()).toEqual({ id: second.id, title: 'Нові предмети', text: 'Додали предмети 4 курсу.', animation: 'news-rocket' });

    expect((await w.call('DELETE', `/api/v1/news/${first.json().id}`, w.admin)).json()).toEqual({ ok: true });
    expect((await w.call('GET', '/api/v1/news/', w.student)).json()).toEqual([edited.json()]);
    const gone = await w.call('PATCH', `/api/v1/news/${first.json().id}`, w.admin, { title: 'Х' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: MSG.newsNotFound });
  });

  it.each([
    [{ title: '', text: 'Текст' }, MSG.newsInvalid],
    [{ title: 'Заголовок' }, MSG.newsInvalid],
    [{ title: 'Заголовок', text: 'Текст', animation: '../../etc/passwd' }, MSG.invalidField('animation')],
  ])('refuses %j', async (body, message) => {
    const res = await w.call('POST', '/api/v1/news/news', w.admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });
});

describe('FAQ', () => {
  it('is added, edited, deleted by admins and read by everyone', async () => {
    const q = await w.call('POST', '/api/v1/faq/faq', w.admin, { question: 'Як поповнити гаманець?', answer: 'Карткою Visa або Mastercard.' });
    expect(q.statusCode).toBe(201);
    const faq = q.json();
    expect(faq).toEqual({ id: expect.stringMatching(/^\d+$/), question: 'Як поповнити гаманець?', answer: 'Карткою Visa або Mastercard.' });
    expect((await w.call('GET', '/api/v1/faq/', w.developer)).json()).toEqual([faq]);

    const edited = await w.call('PATCH', `/api/v1/faq/${faq.id}`, w.admin, { question: '', answer: 'Карткою, мінімум 100 грн.' });
    expect(edited.json()).toEqual({ ...faq, answer: 'Карткою, мінімум 100 грн.' });
    const empty = await w.call('POST', '/api/v1/faq/faq', w.admin, { question: 'Питання?', answer: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: MSG.faqInvalid });

    expect((await w.call('DELETE', `/api/v1/faq/${faq.id}`, w.admin)).statusCode).toBe(200);
    expect((await w.call('GET', '/api/v1/faq/', w.student)).json()).toEqual([]);
    expect((await w.call('DELETE', `/api/v1/faq/${faq.id}`, w.admin)).json()).toEqual({ message: MSG.faqNotFound });
  });

  const writes: [string, string, unknown?][] = [
    ['POST', '/api/v1/news/news', { title: 'Х', text: 'Х' }],
    ['PATCH', '/api/v1/news/1', { title: 'Х' }],
    ['DELETE', '/api/v1/news/1'],
    ['POST', '/api/v1/faq/faq', { question: 'Х', answer: 'Х' }],
    ['PATCH', '/api/v1/faq/1', { question: 'Х' }],
    ['DELETE', '/api/v1/faq/1'],
  ];
  it.each(writes)('%s %s answers 403 to a student and a developer', async (method, url, body) => {
    for (const token of [w.student, w.developer]) {
      const res = await w.call(method as 'POST', url, token, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: MSG.forbidden });
    }
  });
});

describe('demo catalogue', () => {
  let fresh: TestContext;
  beforeAll(async () => {
    fresh = await createTestContext();
  });
  afterAll(() => fresh.close());

  it('seeds every course with teachers, 3-6 tasks each by the demo developer, 2 news and the FAQ', async () => {
    // Only the personas and the catalogue: the other areas' steps are theirs to test.
    expect(await seedDemo(fresh.deps, SEED_STEPS.slice(0, SEED_STEPS.indexOf(seedCatalogue) + 1))).toBe(true);
    const db = fresh.deps.db;
    const token = await login(fresh.app, { id: 7100 });
    const get = (url: string) => fresh.app.inject({ method: 'GET', url, headers: auth(token) });

    const courses = await rows<{ course_number: number; n: number }>(db, sql`SELECT course_number, count(*)::int AS n FROM subjects GROUP BY 1 ORDER BY 1`);
    expect(courses.map((c) => c.course_number)).toEqual([1, 2, 3, 4]);
    const perTeacher = await rows<{ n: number }>(db, sql`SELECT count(t.id)::int AS n FROM teachers te LEFT JOIN tasks t ON t.teacher_id = te.id GROUP BY te.id`);
    expect(perTeacher.every((t) => t.n >= 3 && t.n <= 6)).toBe(true);
    const developers = await rows<{ developer_id: number }>(db, sql`SELECT DISTINCT developer_id FROM tasks`);
    expect(developers).toEqual([{ developer_id: Number(PERSONAS.find((p) => p.role === 'ROLE_DEVELOPER')!.telegramId) }]);
    const kinds = await row<{ auto: number; manual: number; tests: number; hidden: number }>(db, sql`
      SELECT count(*) FILTER (WHERE auto_generate AND identifier = 'docx-template')::int AS auto,
             count(*) FILTER (WHERE NOT auto_generate AND type = 'REGULAR')::int AS manual,
             count(*) FILTER (WHERE type = 'TEST')::int AS tests,
             count(*) FILTER (WHERE NOT visible)::int AS hidden FROM tasks`);
    expect(kinds!.auto).toBeGreaterThan(10);
    expect(kinds!.manual).toBeGreaterThan(10);
    expect(kinds!.tests).toBeGreaterThan(10);
    expect(kinds!.hidden).toBe(1);

    const news = (await get('/api/v1/news/')).json<{ animation: string }[]>();
    expect(news.map((n) => n.animation)).toEqual(['news-books', 'news-rocket']);
    expect((await get('/api/v1/faq/')).json<unknown[]>().length).toBeGreaterThanOrEqual(5);

    // The seeded catalogue reads through the API like anything an admin made.
    const [math] = (await get('/api/v1/subjects/course-number/1')).json<{ id: string; name: string }[]>();
    expect(math!.name).toBe('Вища математика');
    const [teacher] = (await get(`/api/v1/teachers/subject/${math!.id}`)).json<{ id: string; name: string }[]>();
    expect(teacher!.name).toBe('Петренко О. В.');
    const tasks = (await get(`/api/v1/tasks/teacher/${teacher!.id}`)).json<{ title: string; discount: number; arguments: { name: string }[] }[]>();
    expect(tasks.length).toBe(4);
    expect(tasks[0]!.arguments.map((a) => a.name)).toEqual(['ПІБ студента', 'Група', 'Варіант']);
    expect(tasks.find((t) => t.discount > 0)?.title).toBe('Розрахункова робота: інтеграли');
  });
});
