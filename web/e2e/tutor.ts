/**
 * The tutor's set-up shared by its browser tests (explanations, accessibility): the demo's auto
 * task of "Вища математика" with a template for every teacher's copy, bought from its list.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { Subject, Task, Teacher } from '@zalik/contract';
import { minimalDocx } from '../../api/src/modules/generators/docx-skeleton';
import { PERSONA, type E2E } from './helpers';

export const TUTOR_SUBJECT = 'Вища математика';
export const AUTO_TASK = 'Розрахункова робота: границі та похідні';

/** Gives every teacher's copy of AUTO_TASK a template (the demo leaves some without): answers its subject. */
export async function readyAutoTasks(env: E2E): Promise<{ subjectId: string }> {
  const student = await env.apiAs(PERSONA.student);
  const admin = await env.apiAs(PERSONA.admin);
  const subject = (await student.get<Subject[]>('/api/v1/subjects/course-number/1')).find((s) => s.name === TUTOR_SUBJECT)!;
  for (const t of await student.get<Teacher[]>(`/api/v1/teachers/subject/${subject.id}`)) {
    for (const task of (await student.get<Task[]>(`/api/v1/tasks/teacher/${t.id}`)).filter((x) => x.title === AUTO_TASK && !x.hasTemplate)) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(minimalDocx(['Розрахункова робота', ...task.arguments.map((a) => `${a.name}: {${a.name}}`)]))]), 'шаблон.docx');
      const res = await fetch(new URL(`/api/v1/tasks/${task.id}/template`, env.server.url), { method: 'PUT', headers: { authorization: `Bearer ${admin.token}` }, body: form });
      expect(res.status, await res.clone().text()).toBe(200);
    }
  }
  return { subjectId: subject.id };
}

/** On the subject's task list: buys AUTO_TASK and opens "Пояснення" from the result, as the student would. */
export async function buyAndOpenTutor(page: Page): Promise<void> {
  await page.getByRole('article', { name: AUTO_TASK }).first().getByRole('button', { name: 'Придбати' }).click();
  await page.getByLabel('ПІБ студента').fill('Шевченко Т. Г.');
  await page.getByLabel('Група').fill('КН-21');
  await page.getByLabel('Варіант').fill('7');
  await page.getByRole('button', { name: 'Відправити' }).click();
  await page.getByRole('heading', { name: 'Готово!' }).waitFor();
  await page.getByRole('button', { name: 'Пояснення' }).click();
  await page.getByRole('heading', { name: 'Пояснення', level: 1 }).waitFor();
  await page.getByText('Питань ще немає', { exact: false }).waitFor();
}
