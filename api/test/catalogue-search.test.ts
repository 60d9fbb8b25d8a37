import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, type CatalogueSearchResults } from '@zalik/contract';
import { rows } from '../src/db/client.js';
import { makeSubject, makeTask, makeTeacher } from './fixtures.js';
import { createCatalogueWorld, DEVELOPER_ID, type CatalogueWorld } from './catalogue-fixtures.js';

let w: CatalogueWorld;
const ids = {} as Record<'maths' | 'stats' | 'physics' | 'history' | 'kovalenko' | 'tkachenko' | 'lab' | 'test' | 'hidden' | 'archived' | 'apostrophe', number>;

beforeAll(async () => {
  w = await createCatalogueWorld();
  const db = w.ctx.deps.db;
  ids.maths = await makeSubject(db, 'Математичний аналіз', 1);
  ids.stats = await makeSubject(db, 'Теорія ймовірностей і статистика', 2);
  ids.physics = await makeSubject(db, 'Фізика', 3);
  ids.history = await makeSubject(db, 'Історія України', 4);
  await makeSubject(db, 'Біофізика', 2);
  ids.kovalenko = await makeTeacher(db, ids.maths, 'Коваленко О. П.');
  ids.tkachenko = await makeTeacher(db, ids.physics, 'Ткаченко С. Ю.');
  const historian = await makeTeacher(db, ids.history, 'Бондар Н. В.');
  ids.lab = await makeTask(db, { teacherId: ids.tkachenko, developerId: DEVELOPER_ID, title: 'Лабораторна робота з оптики', price: 150 });
  ids.test = await makeTask(db, { teacherId: ids.kovalenko, developerId: DEVELOPER_ID, title: 'Контрольна: границі послідовностей', type: 'TEST', price: 90 });
  ids.hidden = await makeTask(db, { teacherId: ids.tkachenko, developerId: DEVELOPER_ID, title: 'Лабораторна робота з механіки', visible: false });
  ids.archived = await makeTask(db, { teacherId: ids.tkachenko, developerId: DEVELOPER_ID, title: 'Лабораторна робота з електрики' });
  await db.execute(sql`UPDATE tasks SET deleted_at = now() WHERE id = ${ids.archived}`);
  ids.apostrophe = await makeTask(db, { teacherId: historian, developerId: DEVELOPER_ID, title: 'Реферат: пам’ять про Голодомор' });
});
afterAll(() => w.ctx.close());

async function search(q: string, token = w.student): Promise<CatalogueSearchResults> {
  const res = await w.call('GET', `/api/v1/search?q=${encodeURIComponent(q)}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CatalogueSearchResults>();
}
const names = (r: CatalogueSearchResults) => ({
  subjects: r.subjects.map((s) => s.name),
  teachers: r.teachers.map((t) => t.name),
  tasks: r.tasks.map((t) => t.title),
});

describe('GET /api/v1/search', () => {
  it('finds a subject by a prefix of its first word, whatever the case, in any course', async () => {
    const r = await search('МАТЕМ');
    expect(r.subjects).toEqual([{ id: String(ids.maths), name: 'Математичний аналіз', courseNumber: 1 }]);
    expect(names(await search('істор')).subjects).toEqual(['Історія України']);
  });

  it('finds by a word in the middle of a name', async () => {
    expect(names(await search('статистика')).subjects).toEqual(['Теорія ймовірностей і статистика']);
    expect(names(await search('оптики')).tasks).toEqual(['Лабораторна робота з оптики']);
  });

  it('puts names starting with the query before names holding it elsewhere', async () => {
    expect(names(await search('фізика')).subjects).toEqual(['Фізика', 'Біофізика']);
  });

  it('lists titles starting with the query before shorter ones holding it later, also on a short page', async () => {
    const db = w.ctx.deps.db;
    const added = [
      await makeTask(db, { teacherId: ids.kovalenko, developerId: DEVELOPER_ID, title: 'Звіт: лабораторна 5' }),
      await makeTask(db, { teacherId: ids.kovalenko, developerId: DEVELOPER_ID, title: 'Лабораторна робота з границь' }),
    ];
    try {
      expect(names(await search('лабораторна')).tasks).toEqual(['Лабораторна робота з границь', 'Лабораторна робота з оптики', 'Звіт: лабораторна 5']);
      const res = await w.call('GET', `/api/v1/search?q=${encodeURIComponent('Лаборат')}&limit=2`, w.student);
      expect(res.json<CatalogueSearchResults>().tasks.map((t) => t.title)).toEqual(['Лабораторна робота з границь', 'Лабораторна робота з оптики']);
    } finally {
      await db.execute(sql`UPDATE tasks SET deleted_at = now() WHERE id IN (${added[0]}, ${added[1]})`);
    }
  });

  it('forgives a one-letter typo', async () => {
    expect(names(await search('статестика')).subjects).toEqual(['Теорія ймовірностей і статистика']);
    expect(names(await search('фізіка')).subjects).toEqual(['Фізика']);
    expect(names(await search('лабараторна')).tasks).toEqual(['Лабораторна робота з оптики']);
    expect(names(await search('Коваленка')).teachers).toEqual(['Коваленко О. П.']);
  });

  it('finds titles holding every word, a misspelt one corrected by the words titles use', async () => {
    const db = w.ctx.deps.db;
    const near = await makeTask(db, { teacherId: ids.tkachenko, developerId: DEVELOPER_ID, title: 'Практична з оптики' });
    try {
      for (const q of ['лабараторна оптики', 'оптики лабараторна', 'Лабораторна з оптики'])
        expect(names(await search(q)).tasks[0], q).toBe('Лабораторна робота з оптики');
      expect(names(await search('практчна оптики')).tasks[0]).toBe('Практична з оптики');
      // A number is what the student means: no title holds 1235, so №1234 is not put first as if corrected.
      const numbered = await makeTask(db, { teacherId: ids.tkachenko, developerId: DEVELOPER_ID, title: 'Практична з оптики №1234' });
      try {
        expect(names(await search('практична 1234')).tasks[0]).toBe('Практична з оптики №1234');
        expect(names(await search('практична 1235')).tasks[0]).toBe('Практична з оптики');
      } finally {
        await db.execute(sql`UPDATE tasks SET deleted_at = now() WHERE id = ${numbered}`);
      }
    } finally {
      await db.execute(sql`UPDATE tasks SET deleted_at = now() WHERE id = ${near}`);
    }
  });

  it('keeps the titles’ word list equal to the words of every title through inserts, renames and deletes', async () => {
    const db = w.ctx.deps.db;
    const counted = async (query: ReturnType<typeof sql>) =>
      (await rows<{ word: string; uses: number | string }>(db, query)).map((r) => `${r.word}:${Number(r.uses)}`);
    const words = () => counted(sql`SELECT word, uses FROM title_words ORDER BY word`);
    const recount = () =>
      counted(sql`SELECT w AS word, count(*) AS uses FROM tasks, title_words_of(tasks.search_title) w GROUP BY w ORDER BY w COLLATE "C"`);
    const a = await makeTask(db, { teacherId: ids.kovalenko, developerId: DEVELOPER_ID, title: 'Курсова з квантової механіки' });
    const b = await makeTask(db, { teacherId: ids.kovalenko, developerId: DEVELOPER_ID, title: 'Есе: квантової теорії поля' });
    expect(await words()).toEqual(await recount());
    expect(await words()).toEqual(expect.arrayContaining(['квантової:2', 'механіки:2']));
    expect(names(await search('квантовоі механіки')).tasks[0]).toBe('Курсова з квантової механіки');
    await db.execute(sql`UPDATE tasks SET title = 'Курсова з ядерної фізики' WHERE id = ${a}`);
    await db.execute(sql`UPDATE tasks SET price = price + 1 WHERE id = ${b}`);
    expect(await words()).toEqual(expect.arrayContaining(['квантової:1', 'механіки:1', 'ядерної:1']));
    expect(await words()).toEqual(await recount());
    await db.execute(sql`DELETE FROM tasks WHERE id IN (${a}, ${b})`);
    expect(await words()).toEqual(await recount());
    expect((await words()).some((x) => x.startsWith('квантової:') || x.startsWith('ядерної:'))).toBe(false);
  });

  it('matches any apostrophe with any other', async () => {
    for (const q of ["пам'ять", 'памʼять', 'пам’ять']) expect(names(await search(q)).tasks, q).toEqual(['Реферат: пам’ять про Голодомор']);
  });

  it('answers hidden and archived tasks to nobody, admins included', async () => {
    for (const token of [w.student, w.admin]) {
      const r = await search('лабораторна робота', token);
      expect(r.tasks.map((t) => t.id)).toEqual([String(ids.lab)]);
    }
  });

  it('groups results and carries what the app needs to open each', async () => {
    const r = await search('ткаченко');
    expect(r).toEqual({
      subjects: [],
      teachers: [{ id: String(ids.tkachenko), name: 'Ткаченко С. Ю.', subjectId: String(ids.physics), subjectName: 'Фізика', courseNumber: 3 }],
      tasks: [],
    });
    const tasks = (await search('контрольна')).tasks;
    expect(tasks).toEqual([
      {
        id: String(ids.test),
        title: 'Контрольна: границі послідовностей',
        type: 'TEST',
        price: 90,
        teacherId: String(ids.kovalenko),
        teacherName: 'Коваленко О. П.',
        subjectId: String(ids.maths),
        subjectName: 'Математичний аналіз',
        courseNumber: 1,
      },
    ]);
  });

  it('answers three empty groups when nothing matches', async () => {
    expect(await search('ґґґґґ')).toEqual({ subjects: [], teachers: [], tasks: [] });
  });

  it('takes % and _ literally', async () => {
    expect(await search('%%')).toEqual({ subjects: [], teachers: [], tasks: [] });
    expect(await search('__')).toEqual({ subjects: [], teachers: [], tasks: [] });
  });

  it('answers at most `limit` of each group, best first', async () => {
    const res = await w.call('GET', `/api/v1/search?q=${encodeURIComponent('робота')}&limit=1`, w.student);
    expect(res.statusCode).toBe(200);
    expect(res.json<CatalogueSearchResults>().tasks).toHaveLength(1);
  });

  it.each([
    ['missing', '', MSG.searchEmpty],
    ['empty', '?q=', MSG.searchEmpty],
    ['blank', '?q=%20%20%20', MSG.searchEmpty],
    ['one letter', '?q=%20ф%20', MSG.searchTooShort(2)],
    ['over 100 characters', `?q=${encodeURIComponent('ф'.repeat(101))}`, MSG.searchTooLong(100)],
    ['a limit over 50', '?q=фізика&limit=51', MSG.limitInvalid],
  ])('refuses a %s query with a Ukrainian message', async (_label, query, message) => {
    const res = await w.call('GET', `/api/v1/search${query.replace('ф', encodeURIComponent('ф'))}`, w.student);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('is closed without a token', async () => {
    const res = await w.ctx.app.inject({ method: 'GET', url: `/api/v1/search?q=${encodeURIComponent('фізика')}` });
    expect(res.statusCode).toBe(401);
  });
});
