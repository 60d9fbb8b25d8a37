/**
 * Names that look empty are refused, a subject name is unique in its course and a teacher in
 * their subject (compared without case, extra spaces or invisible characters), also when two
 * admins add the same name at once; and an auto-generated task must name a known generator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@zalik/contract';
import { row } from '../src/db/client.js';
import { DEVELOPER_ID, createCatalogueWorld, created, type CatalogueWorld } from './catalogue-fixtures.js';

let w: CatalogueWorld;
beforeAll(async () => {
  w = await createCatalogueWorld();
});
afterAll(() => w.ctx.close());

let subjectNo = 0;
const INVISIBLE = ['\u200B', '\u200B\u200C\u200D', ' \u2060 \uFEFF ', '\u3164', '\u00A0\u2003'];

const liveCount = async (table: 'subjects' | 'teachers', where: ReturnType<typeof sql>) =>
  Number((await row<{ n: number }>(w.ctx.deps.db, sql`SELECT COUNT(*) AS n FROM ${sql.raw(table)} WHERE deleted_at IS NULL AND ${where}`))!.n);

describe('names made only of invisible characters', () => {
  it.each(INVISIBLE)('are refused for subjects, teachers and arguments (%j)', async (name) => {
    const subject = await w.call('POST', '/api/v1/subjects/subject', w.admin, { name, courseNumber: 4 });
    expect([subject.statusCode, subject.json()]).toEqual([400, { message: MSG.subjectName }]);
    const subjectId = await created(w.call('POST', '/api/v1/subjects/subject', w.admin, { name: `Предмет ${++subjectNo}`, courseNumber: 4 }));
    const rename = await w.call('PATCH', `/api/v1/subjects/${subjectId}`, w.admin, { name });
    expect([rename.statusCode, rename.json()]).toEqual([400, { message: MSG.subjectName }]);

    const teacher = await w.call('POST', '/api/v1/teachers/teacher', w.admin, { name, subjectId });
    expect([teacher.statusCode, teacher.json()]).toEqual([400, { message: MSG.nameLength }]);
    const teacherId = await created(w.call('POST', '/api/v1/teachers/teacher', w.admin, { name: 'Коваль О. О.', subjectId }));
    const put = await w.call('PUT', `/api/v1/teachers/${teacherId}`, w.admin, { name });
    expect([put.statusCode, put.json()]).toEqual([400, { message: MSG.nameLength }]);

    for (const body of [
      { name, description: 'Опис' },
      { name: 'Назва', description: name },
    ]) {
      const arg = await w.call('POST', '/api/v1/arguments/argument', w.admin, body);
      expect([arg.statusCode, arg.json()]).toEqual([400, { message: MSG.nameLength }]);
    }
    const argId = await created(w.call('POST', '/api/v1/arguments/argument', w.admin, { name: 'Назва', description: 'Опис' }));
    const patch = await w.call('PATCH', `/api/v1/arguments/${argId}`, w.admin, { name });
    expect([patch.statusCode, patch.json()]).toEqual([400, { message: MSG.nameLength }]);
  });

  it('still take a name with a zero-width character inside visible text', async () => {
    const res = await w.call('POST', '/api/v1/subjects/subject', w.admin, { name: 'Хімія\u200B', courseNumber: 4 });
    expect(res.statusCode).toBe(201);
  });
});

describe('duplicate subjects', () => {
  it('are refused in the same course whatever the case, spacing or invisible characters, allowed in another course', async () => {
    await created(w.call('POST', '/api/v1/subjects/subject', w.admin, { name: 'Вища математика', courseNumber: 1 }));
    for (const name of ['Вища математика', '  вища   МАТЕМАТИКА ', 'Вища\u00A0математика\u200B']) {
      const res = await w.call('POST', '/api/v1/subjects/subject', w.admin, { name, courseNumber: 1 });
      expect([name, res.statusCode, res.json()]).toEqual([name, 409, { message: MSG.subjectDuplicate }]);
    }
    expect(await liveCount('subjects', sql`course_number = 1 AND lower(name) LIKE '%математика%'`)).toBe(1);
    expect((await w.call('POST', '/api/v1/subjects/subject', w.admin, { name: 'Вища математика', courseNumber: 2 })).statusCode).toBe(201);
  });

  it('are refused when an edit renames or moves a subject onto another one, not when it keeps its own name', async () => {
    await created(w.call('POST', '/api/v1/subjects/subject', w.admin, { name: 'Фізика', courseNumber: 3 }));
    const other = await created(w.call('POST', '/api/v1/subjects/subject', w.admin, { name: 'Хімія', courseNumber: 3 }));
    const rename = await w.call('PATCH', `/api/v1/subjects/${other}`, w.admin, { name: 'ФІЗИКА' });
    expect([rename.statusCode, rename.json()]).toEqual([409, { message: MSG.subjectDuplicate }]);
    const elsewhere = await created(w.call('POST', '/api/v1/subjects/subject', w.admin, { name: 'Фізика', courseNumber: 2 }));
    const move = await w.call('PATCH', `/api/v1/subjects/${elsewhere}`, w.admin, { courseNumber: 3 });
    expect([move.statusCode, move.json()]).toEqual([409, { message: MSG.subjectDuplicate }]);
    const same = await w.call('PATCH', `/api/v1/subjects/${other}`, w.admin, { name: 'хімія' });
    expect([same.statusCode, same.json().name]).toEqual([200, 'хімія']);
  });

  it('do not count a deleted one', async () => {
    const gone = await created(w.call('POST', '/api/v1/subjects/subject', w.admin, { name: 'Історія', courseNumber: 1 }));
    expect((await w.call('DELETE', `/api/v1/subjects/${gone}`, w.admin)).statusCode).toBe(200);
    expect((await w.call('POST', '/api/v1/subjects/subject', w.admin, { name: 'Історія', courseNumber: 1 })).statusCode).toBe(201);
  });

  it('stay editable when a database already holds them from before the rule', async () => {
    const ids = [];
    for (let i = 0; i < 2; i++) {
      ids.push((await row<{ id: number }>(w.ctx.deps.db, sql`INSERT INTO subjects (name, course_number) VALUES ('Старий предмет', 4) RETURNING id`))!.id);
    }
    const edit = await w.call('PATCH', `/api/v1/subjects/${ids[0]}`, w.admin, { name: 'Старий предмет', courseNumber: 4 });
    expect(edit.statusCode).toBe(200);
  });

  it('of two admins adding the same name at once, one is created and the other refused', async () => {
    for (let round = 0; round < 5; round++) {
      const name = `Гонка ${round}`;
      const answers = await Promise.all(Array.from({ length: 4 }, () => w.call('POST', '/api/v1/subjects/subject', w.admin, { name, courseNumber: 2 })));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
      expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json().message)).toEqual(Array(3).fill(MSG.subjectDuplicate));
      expect(await liveCount('subjects', sql`course_number = 2 AND name = ${name}`)).toBe(1);
    }
  });
});

describe('duplicate teachers', () => {
  it('are refused in the same subject, on creation and on rename, allowed in another subject and after a delete', async () => {
    const subjectId = await created(w.call('POST', '/api/v1/subjects/subject', w.admin, { name: 'Економіка', courseNumber: 1 }));
    const otherSubject = await created(w.call('POST', '/api/v1/subjects/subject', w.admin, { name: 'Право', courseNumber: 1 }));
    const first = await created(w.call('POST', '/api/v1/teachers/teacher', w.admin, { name: 'Іваненко І. І.', subjectId }));
    for (const name of ['Іваненко І. І.', 'іваненко  і. і.', '\u200BІваненко І. І.']) {
      const res = await w.call('POST', '/api/v1/teachers/teacher', w.admin, { name, subjectId });
      expect([name, res.statusCode, res.json()]).toEqual([name, 409, { message: MSG.teacherDuplicate }]);
    }
    const second = await created(w.call('POST', '/api/v1/teachers/teacher', w.admin, { name: 'Петренко П. П.', subjectId }));
    const rename = await w.call('PUT', `/api/v1/teachers/${second}`, w.admin, { name: 'ІВАНЕНКО І. І.' });
    expect([rename.statusCode, rename.json()]).toEqual([409, { message: MSG.teacherDuplicate }]);
    expect((await w.call('PUT', `/api/v1/teachers/${first}`, w.admin, { name: 'іваненко і. і.' })).statusCode).toBe(200);
    expect((await w.call('POST', '/api/v1/teachers/teacher', w.admin, { name: 'Іваненко І. І.', subjectId: otherSubject })).statusCode).toBe(201);
    expect((await w.call('DELETE', `/api/v1/teachers/${first}`, w.admin)).statusCode).toBe(200);
    expect((await w.call('POST', '/api/v1/teachers/teacher', w.admin, { name: 'Іваненко І. І.', subjectId })).statusCode).toBe(201);
  });

  it('of two admins adding the same teacher at once, one is created and the other refused', async () => {
    const subjectId = await created(w.call('POST', '/api/v1/subjects/subject', w.admin, { name: 'Філософія', courseNumber: 1 }));
    const answers = await Promise.all(Array.from({ length: 4 }, () => w.call('POST', '/api/v1/teachers/teacher', w.admin, { name: 'Сидоренко С. С.', subjectId })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(await liveCount('teachers', sql`subject_id = ${Number(subjectId)}`)).toBe(1);
  });
});

describe('auto-generated tasks', () => {
  it('must name a known generator, on creation and on edit; the refusal lists the known ones', async () => {
    const subjectId = await created(w.call('POST', '/api/v1/subjects/subject', w.admin, { name: 'Генератори', courseNumber: 1 }));
    const teacherId = await created(w.call('POST', '/api/v1/teachers/teacher', w.admin, { name: 'Тест Т. Т.', subjectId }));
    const body = (over: Record<string, unknown>) => ({
      title: 'Автоматична',
      price: 10,
      type: 'REGULAR',
      developerTelegramId: String(DEVELOPER_ID),
      autoGenerate: true,
      teacherId,
      identifier: 'docx-template',
      ...over,
    });
    const known = MSG.generatorUnknown(['docx-template']);
    for (const identifier of ['no-such-generator', '', undefined]) {
      const res = await w.call('POST', '/api/v1/tasks/task', w.admin, body({ identifier }));
      expect([identifier, res.statusCode, res.json()]).toEqual([identifier, 400, { message: known }]);
    }
    expect(known).toContain('docx-template');
    // A manual task needs no generator.
    expect((await w.call('POST', '/api/v1/tasks/task', w.admin, body({ autoGenerate: false, identifier: 'будь-що' }))).statusCode).toBe(201);

    const taskId = await created(w.call('POST', '/api/v1/tasks/task', w.admin, body({})));
    const edit = await w.call('PATCH', `/api/v1/tasks/${taskId}`, w.admin, { identifier: 'typo-template' });
    expect([edit.statusCode, edit.json()]).toEqual([400, { message: known }]);
    expect((await w.call('PATCH', `/api/v1/tasks/${taskId}`, w.admin, { identifier: ' docx-template ' })).statusCode).toBe(200);
  });
});
