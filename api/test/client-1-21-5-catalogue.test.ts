/**
 * The newest client (1.21.5) editing the catalogue as an admin: subjects, teachers, arguments
 * and tasks, each sent as its forms build them (client-1-21-5.ts), each answer read as its
 * lists read it. The older calls these sit beside (PATCH /subjects/{id}, PUT /teachers/{id},
 * POST /tasks/task with `args`) keep working.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@zalik/contract';
import { newestClient } from './client-1-21-5.js';
import { DEV, autoTask, openWorld, type World } from './purchase-world.js';
import { makeArgument } from './fixtures.js';
import type { TestContext } from './helpers.js';

let ctx: TestContext;
let w: World;
let client: ReturnType<typeof newestClient>;
let subjectId: string;
let teacherId: string;

beforeAll(async () => {
  ({ ctx, w } = await openWorld());
  client = newestClient(ctx.app);
});
afterAll(() => ctx.close());

const subjects = async (n: number) => (await client.json(w.student, 'GET', `/api/v1/subjects/course-number/${n}?page=0&limit=10`)).json().content as { id: string; name: string }[];
const tasks = async (teacher: string) => (await client.json(w.admin, 'GET', `/api/v1/tasks/teacher/${teacher}?page=0&limit=10`)).json().content as Record<string, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('subjects (subject-form)', () => {
  it('postSubject then putSubject {id, name, courseNumber}: renamed and moved to another course', async () => {
    expect((await client.json(w.admin, 'POST', '/api/v1/subjects/subject', { name: 'Фізика', courseNumber: 1 })).statusCode).toBe(201);
    subjectId = (await subjects(1)).find((s) => s.name === 'Фізика')!.id;
    const put = await client.json(w.admin, 'PUT', '/api/v1/subjects/subject', { id: subjectId, name: 'Загальна фізика', courseNumber: 2 });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ id: subjectId, name: 'Загальна фізика', courseNumber: 2 });
    expect((await subjects(2)).map((s) => s.name)).toContain('Загальна фізика');
    expect((await subjects(1)).map((s) => s.id)).not.toContain(subjectId);
    const bad = await client.json(w.admin, 'PUT', '/api/v1/subjects/subject', { id: subjectId, name: ' ', courseNumber: 2 });
    expect([bad.statusCode, bad.json().message]).toEqual([400, MSG.subjectName]);
    const missing = await client.json(w.admin, 'PUT', '/api/v1/subjects/subject', { id: '987654', name: 'Хімія', courseNumber: 2 });
    expect([missing.statusCode, missing.json().message]).toEqual([404, MSG.subjectNotFound]);
    expect((await client.json(w.student, 'PUT', '/api/v1/subjects/subject', { id: subjectId, name: 'Хімія', courseNumber: 2 })).statusCode).toBe(403);
  });
});

describe('teachers (teacher-form)', () => {
  it('postTeacher then putTeacher {id, name}; the older PUT /teachers/{id} still renames', async () => {
    expect((await client.json(w.admin, 'POST', '/api/v1/teachers/teacher', { name: 'Коваль К. К.', subjectId })).statusCode).toBe(201);
    const list = async () => (await client.json(w.student, 'GET', `/api/v1/teachers/subject/${subjectId}`)).json() as { id: string; name: string }[];
    teacherId = (await list())[0]!.id;
    const put = await client.json(w.admin, 'PUT', '/api/v1/teachers/teacher', { id: teacherId, name: 'Коваленко К. К.' });
    expect(put.statusCode).toBe(200);
    expect(await list()).toEqual([{ id: teacherId, name: 'Коваленко К. К.', subjectId }]);
    expect((await client.json(w.admin, 'PUT', `/api/v1/teachers/${teacherId}`, { name: 'Коваль К. К.' })).json()).toMatchObject({ name: 'Коваль К. К.' });
    const missing = await client.json(w.admin, 'PUT', '/api/v1/teachers/teacher', { id: '987654', name: 'Хтось' });
    expect([missing.statusCode, missing.json().message]).toEqual([404, MSG.teacherNotFound]);
  });
});

describe('arguments (argument-form)', () => {
  it('postArgument then putArgument {id, name, description}', async () => {
    expect((await client.json(w.admin, 'POST', '/api/v1/arguments/argument', { name: 'Група', description: 'Назва групи' })).statusCode).toBe(201);
    const all = async () => (await client.json(w.admin, 'GET', '/api/v1/arguments')).json() as { id: string; name: string; description: string }[];
    const group = (await all()).find((a) => a.name === 'Група')!;
    const put = await client.json(w.admin, 'PUT', '/api/v1/arguments/argument', { id: group.id, name: 'Академічна група', description: 'Наприклад, КН-21' });
    expect(put.statusCode).toBe(200);
    expect((await all()).find((a) => a.id === group.id)).toEqual({ id: group.id, name: 'Академічна група', description: 'Наприклад, КН-21' });
    const missing = await client.json(w.admin, 'PUT', '/api/v1/arguments/argument', { id: '987654', name: 'x', description: 'y' });
    expect([missing.statusCode, missing.json().message]).toEqual([404, MSG.argumentNotFound]);
  });
});

describe('tasks (task-form)', () => {
  it('postTask with `arguments` keeps them in order, and its explanation document; 1.8.7\'s `args` still works', async () => {
    const doc = await client.form(w.admin, 'POST', '/api/v1/rag/upload_document', [
      { name: 'description', value: 'Конспект лекцій' },
      { name: 'multipartFile', filename: 'конспект.txt', contentType: 'text/plain', value: 'Закон Ома: I = U / R.' },
    ]);
    expect(doc.statusCode).toBe(201);
    const documentId = doc.json().documentId;
    const res = await client.json(w.admin, 'POST', '/api/v1/tasks/task', {
      title: 'Лабораторна №1',
      description: 'Вимірювання опору',
      price: 120,
      type: 'REGULAR',
      developerTelegramId: String(DEV),
      autoGenerate: false,
      teacherId,
      documentId,
      arguments: [String(w.argIds[1]), String(w.argIds[0])],
    });
    expect(res.statusCode).toBe(201);
    const [task] = await tasks(teacherId);
    expect(task).toMatchObject({
      title: 'Лабораторна №1',
      price: 120,
      type: 'REGULAR',
      visible: true,
      autoGenerate: false,
      developer: { telegramId: String(DEV), username: 'taras', photo: '' },
      teacher: { id: teacherId, name: 'Коваль К. К.', subject: { id: subjectId, name: 'Загальна фізика' } },
      arguments: [{ name: 'Варіант' }, { name: 'ПІБ' }],
      document: { documentId, fileName: 'конспект.txt', description: 'Конспект лекцій' },
    });
    const older = await client.json(w.admin, 'POST', '/api/v1/tasks/task', {
      title: 'Лабораторна №2', description: '', identifier: '', price: 80, type: 'REGULAR', developerTelegramId: DEV, autoGenerate: false, teacherId, args: [String(w.argIds[0])],
    });
    expect(older.json()).toMatchObject({ arguments: [{ name: 'ПІБ' }], document: null });
    const unknown = await client.json(w.admin, 'POST', '/api/v1/tasks/task', {
      title: 'Лабораторна №3', price: 80, type: 'REGULAR', developerTelegramId: DEV, autoGenerate: false, teacherId, arguments: ['987654'],
    });
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, MSG.argumentsUnknown]);
  });

  it('putTask with the whole task changes its type, teacher, arguments and visibility', async () => {
    const [task] = await tasks(teacherId);
    const other = (await client.json(w.admin, 'POST', '/api/v1/teachers/teacher', { name: 'Бондар Б. Б.', subjectId })).json().id;
    const extra = String(await makeArgument(ctx.database.db, 'Група', 'Назва групи'));
    // putTask(task): the form's whole task, `arguments` as ids, `teacherId` the chosen teacher.
    const put = await client.json(w.admin, 'PUT', '/api/v1/tasks/task', {
      id: task!.id,
      title: task!.title,
      description: task!.description,
      price: 150,
      type: 'TEST',
      developerTelegramId: task!.developer.telegramId,
      autoGenerate: false,
      visible: false,
      teacherId: other,
      documentId: task!.document.documentId,
      arguments: [extra],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await tasks(teacherId)).toHaveLength(1);
    const [moved] = await tasks(other);
    expect(moved).toMatchObject({ id: task!.id, price: 150, type: 'TEST', visible: false, teacher: { name: 'Бондар Б. Б.' }, arguments: [{ id: extra, name: 'Група' }] });
    // Students no longer see it; an unknown teacher changes nothing.
    expect((await client.json(w.student, 'GET', `/api/v1/tasks/teacher/${other}?page=0&limit=10`)).json().content).toEqual([]);
    const lost = await client.json(w.admin, 'PUT', '/api/v1/tasks/task', { ...moved, id: task!.id, developerTelegramId: String(DEV), teacherId: '987654', arguments: [] });
    expect([lost.statusCode, lost.json().message]).toEqual([404, MSG.teacherNotFound]);
    expect((await tasks(other))[0]).toMatchObject({ arguments: [{ id: extra }] });
  });

  it('refuses arguments an auto-generated task\'s template does not fit', async () => {
    const auto = await autoTask(ctx, w, { title: 'Розрахункова' });
    const [task] = (await tasks(String(w.teacherId))).filter((t) => t.id === String(auto));
    const body = { id: task!.id, title: task!.title, description: '', price: task!.price, type: 'REGULAR', developerTelegramId: String(DEV), autoGenerate: true, visible: true, teacherId: String(w.teacherId) };
    const res = await client.json(w.admin, 'PUT', '/api/v1/tasks/task', { ...body, arguments: [String(w.argIds[0])] });
    expect([res.statusCode, res.json().message]).toEqual([400, MSG.templateTags([], ['Варіант'])]);
    expect((await client.json(w.admin, 'PUT', '/api/v1/tasks/task', { ...body, arguments: w.argIds.map(String) })).statusCode).toBe(200);
  });
});
