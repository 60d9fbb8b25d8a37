import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@zalik/contract';
import { createCatalogueWorld, created, nameOf, type CatalogueWorld } from './catalogue-fixtures.js';

let w: CatalogueWorld;
beforeAll(async () => {
  w = await createCatalogueWorld();
});
afterAll(() => w.ctx.close());

describe('subjects', () => {
  it('are created by an admin and listed per course with string ids', async () => {
    const res = await w.call('POST', '/api/v1/subjects/subject', w.admin, { name: '  Бази даних ', courseNumber: '2' });
    expect(res.statusCode).toBe(201);
    const subject = res.json();
    expect(subject).toEqual({ id: expect.stringMatching(/^\d+$/), name: 'Бази даних', courseNumber: 2 });
    await created(w.call('POST', '/api/v1/subjects/subject', w.admin, { name: 'Фізика', courseNumber: 1 }));

    const list = await w.call('GET', '/api/v1/subjects/course-number/2', w.student);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([subject]);
  });

  it.each([0, 5, 'abc'])('answer 400 for course %s', async (n) => {
    const res = await w.call('GET', `/api/v1/subjects/course-number/${n}`, w.student);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.courseRange });
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['missing', undefined],
  ])('refuse a %s name with the spec message', async (_label, name) => {
    const res = await w.call('POST', '/api/v1/subjects/subject', w.admin, { name, courseNumber: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.subjectName });
  });

  it('refuse a 51-character name with the length message, not the empty-field one', async () => {
    const res = await w.call('POST', '/api/v1/subjects/subject', w.admin, { name: nameOf(51), courseNumber: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.nameLength });
  });

  it('take names of 1 and 50 characters', async () => {
    for (const n of [1, 50]) {
      const res = await w.call('POST', '/api/v1/subjects/subject', w.admin, { name: nameOf(n), courseNumber: 4 });
      expect(res.statusCode).toBe(201);
      expect(res.json().name).toBe(nameOf(n));
    }
  });

  it('are edited with "" keeping a field', async () => {
    const id = await created(w.call('POST', '/api/v1/subjects/subject', w.admin, { name: 'Економіка', courseNumber: 2 }));
    const renamed = await w.call('PATCH', `/api/v1/subjects/${id}`, w.admin, { name: 'Мікроекономіка', courseNumber: '' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ id, name: 'Мікроекономіка', courseNumber: 2 });
    const moved = await w.call('PATCH', `/api/v1/subjects/${id}`, w.admin, { name: '', courseNumber: 3 });
    expect(moved.json()).toEqual({ id, name: 'Мікроекономіка', courseNumber: 3 });
    const bad = await w.call('PATCH', `/api/v1/subjects/${id}`, w.admin, { name: nameOf(51) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: MSG.nameLength });
    const badCourse = await w.call('PATCH', `/api/v1/subjects/${id}`, w.admin, { courseNumber: 5 });
    expect(badCourse.statusCode).toBe(400);
    expect(badCourse.json()).toEqual({ message: MSG.courseRange });
    expect((await w.call('GET', '/api/v1/subjects/course-number/3', w.student)).json()).toContainEqual({ id, name: 'Мікроекономіка', courseNumber: 3 });
  });

  it('answer 404 for a missing id and 400 for a non-numeric one', async () => {
    const missing = await w.call('PATCH', '/api/v1/subjects/999999', w.admin, { name: 'Х' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: MSG.subjectNotFound });
    expect((await w.call('DELETE', '/api/v1/subjects/999999', w.admin)).json()).toEqual({ message: MSG.subjectNotFound });
    for (const url of ['/api/v1/subjects/abc', '/api/v1/subjects/-1', '/api/v1/subjects/1.5']) {
      const res = await w.call('DELETE', url, w.admin);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MSG.invalidField('id') });
    }
  });
});

describe('teachers', () => {
  let subjectId: string;
  beforeAll(async () => {
    subjectId = await created(w.call('POST', '/api/v1/subjects/subject', w.admin, { name: 'Програмування', courseNumber: 1 }));
  });

  it('are created under a subject, listed, renamed with PUT and deleted', async () => {
    const res = await w.call('POST', '/api/v1/teachers/teacher', w.admin, { name: 'Петренко О. В.', subjectId: Number(subjectId) });
    expect(res.statusCode).toBe(201);
    const teacher = res.json();
    expect(teacher).toEqual({ id: expect.stringMatching(/^\d+$/), name: 'Петренко О. В.', subjectId });
    const second = await created(w.call('POST', '/api/v1/teachers/teacher', w.admin, { name: 'Бондар І. П.', subjectId }));

    const list = await w.call('GET', `/api/v1/teachers/subject/${subjectId}`, w.student);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([teacher, { id: second, name: 'Бондар І. П.', subjectId }]);

    const renamed = await w.call('PUT', `/api/v1/teachers/${second}`, w.admin, { name: 'Бондар І. П. (доц.)' });
    expect(renamed.json()).toEqual({ id: second, name: 'Бондар І. П. (доц.)', subjectId });

    const del = await w.call('DELETE', `/api/v1/teachers/${second}`, w.admin);
    expect(del.statusCode).toBe(200);
    expect((await w.call('GET', `/api/v1/teachers/subject/${subjectId}`, w.student)).json()).toEqual([teacher]);
    expect((await w.call('DELETE', `/api/v1/teachers/${second}`, w.admin)).statusCode).toBe(404);
  });

  it.each([0, 51])('refuse a name of %i characters with the spec message', async (n) => {
    const res = await w.call('POST', '/api/v1/teachers/teacher', w.admin, { name: nameOf(n), subjectId });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.nameLength });
  });

  it.each([1, 50])('take a name of %i characters', async (n) => {
    const res = await w.call('POST', '/api/v1/teachers/teacher', w.admin, { name: nameOf(n), subjectId });
    expect(res.statusCode).toBe(201);
  });

  it('refuse PUT with an empty name', async () => {
    const id = await created(w.call('POST', '/api/v1/teachers/teacher', w.admin, { name: 'Мельник Т. О.', subjectId }));
    const res = await w.call('PUT', `/api/v1/teachers/${id}`, w.admin, { name: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.nameLength });
  });

  it('answer 404 for a missing subject or teacher', async () => {
    const noSubject = await w.call('POST', '/api/v1/teachers/teacher', w.admin, { name: 'Хтось', subjectId: '999999' });
    expect(noSubject.statusCode).toBe(404);
    expect(noSubject.json()).toEqual({ message: MSG.subjectNotFound });
    expect((await w.call('GET', '/api/v1/teachers/subject/999999', w.student)).json()).toEqual({ message: MSG.subjectNotFound });
    const noTeacher = await w.call('PUT', '/api/v1/teachers/999999', w.admin, { name: 'Хтось' });
    expect(noTeacher.statusCode).toBe(404);
    expect(noTeacher.json()).toEqual({ message: MSG.teacherNotFound });
    expect((await w.call('GET', '/api/v1/teachers/subject/x1', w.student)).statusCode).toBe(400);
  });
});

describe('arguments', () => {
  it('are created, listed, edited with "" keeping a field, and deleted', async () => {
    const res = await w.call('POST', '/api/v1/arguments/argument', w.admin, { name: 'Група', description: 'Наприклад, КН-21' });
    expect(res.statusCode).toBe(201);
    const arg = res.json();
    expect(arg).toEqual({ id: expect.stringMatching(/^\d+$/), name: 'Група', description: 'Наприклад, КН-21' });
    expect((await w.call('GET', '/api/v1/arguments/', w.student)).json()).toContainEqual(arg);

    const edited = await w.call('PATCH', `/api/v1/arguments/${arg.id}`, w.admin, { name: '', description: 'Шифр групи' });
    expect(edited.json()).toEqual({ ...arg, description: 'Шифр групи' });

    expect((await w.call('DELETE', `/api/v1/arguments/${arg.id}`, w.admin)).statusCode).toBe(200);
    const after = (await w.call('GET', '/api/v1/arguments/', w.admin)).json<{ id: string }[]>();
    expect(after.map((a) => a.id)).not.toContain(arg.id);
    const again = await w.call('PATCH', `/api/v1/arguments/${arg.id}`, w.admin, { name: 'Група' });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: MSG.argumentNotFound });
  });

  it.each([
    [{ name: '', description: 'Опис' }],
    [{ name: 'Назва', description: '' }],
    [{ name: nameOf(51), description: 'Опис' }],
    [{ name: 'Назва', description: nameOf(51) }],
    [{ name: 'Назва' }],
  ])('refuse %j with the spec message', async (body) => {
    const res = await w.call('POST', '/api/v1/arguments/argument', w.admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.nameLength });
  });

  it('take 1 and 50 characters', async () => {
    const res = await w.call('POST', '/api/v1/arguments/argument', w.admin, { name: nameOf(1), description: nameOf(50) });
    expect(res.statusCode).toBe(201);
  });
});

describe('permissions', () => {
  const writes: [string, string, unknown?][] = [
    ['POST', '/api/v1/subjects/subject', { name: 'Хакерство', courseNumber: 1 }],
    ['PATCH', '/api/v1/subjects/1', { name: 'Хакерство' }],
    ['DELETE', '/api/v1/subjects/1'],
    ['POST', '/api/v1/teachers/teacher', { name: 'Хакер Х. Х.', subjectId: '1' }],
    ['PUT', '/api/v1/teachers/1', { name: 'Хакер Х. Х.' }],
    ['DELETE', '/api/v1/teachers/1'],
    ['POST', '/api/v1/arguments/argument', { name: 'Пароль', description: 'Ваш пароль' }],
    ['PATCH', '/api/v1/arguments/1', { name: 'Пароль' }],
    ['DELETE', '/api/v1/arguments/1'],
  ];
  it.each(writes)('%s %s answers 403 to a student and a developer and changes nothing', async (method, url, body) => {
    const before = (await w.call('GET', '/api/v1/subjects/course-number/1', w.admin)).body;
    for (const token of [w.student, w.developer]) {
      const res = await w.call(method as 'POST', url, token, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: MSG.forbidden });
    }
    expect((await w.call('GET', '/api/v1/subjects/course-number/1', w.admin)).body).toBe(before);
  });

  it('reads need a token', async () => {
    const res = await w.ctx.app.inject({ method: 'GET', url: '/api/v1/subjects/course-number/1' });
    expect(res.statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents every catalogue call', async () => {
    const res = await w.ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    const documented = Object.entries(paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    // The endpoint table's paths: lists without a trailing slash (a client that sends one is
    // still answered, the router ignores it; the argument tests above call it that way).
    expect(documented).toEqual(
      expect.arrayContaining([
        'GET /api/v1/subjects/course-number/{n}',
        'POST /api/v1/subjects/subject',
        'PATCH /api/v1/subjects/{id}',
        'DELETE /api/v1/subjects/{id}',
        'GET /api/v1/teachers/subject/{subjectId}',
        'POST /api/v1/teachers/teacher',
        'PUT /api/v1/teachers/{id}',
        'DELETE /api/v1/teachers/{id}',
        'GET /api/v1/arguments',
        'POST /api/v1/arguments/argument',
        'PATCH /api/v1/arguments/{id}',
        'DELETE /api/v1/arguments/{id}',
        'GET /api/v1/tasks/teacher/{teacherId}',
        'POST /api/v1/tasks/task',
        'PATCH /api/v1/tasks/{id}',
        'DELETE /api/v1/tasks/{id}',
        'GET /api/v1/news',
        'POST /api/v1/news/news',
        'GET /api/v1/faq',
        'POST /api/v1/faq/faq',
        'GET /api/v1/users/developer/{subjectId}',
      ]),
    );
  });

  it('lists answer with and without the trailing slash', async () => {
    for (const url of ['/api/v1/arguments', '/api/v1/news', '/api/v1/faq']) {
      expect((await w.call('GET', url, w.student)).statusCode).toBe(200);
    }
  });
});
