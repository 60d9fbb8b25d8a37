/**
 * Issue 25, the admins' explanation documents: an admin uploads a document attached to a task
 * (picked through its course and subject), sees the attachment in the list, and the API keeps
 * the document on that task. Screenshots of the picker and of the list, in both themes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentPage, Subject, Task, Teacher } from '@zalik/contract';
import type { Page } from 'playwright-core';
import { paths } from '../src/lib/paths';
import { PERSONA, expectLaidOut, shoot, startE2E, waitForIdle, type E2E, type Theme } from './helpers';

const SUBJECT = 'Вища математика';
const TASK = 'Розрахункова робота: границі та похідні';

/** Fills the form and picks the task: scope "Завдання", course 1, the subject, the first row of the task. */
async function fillForTask(page: Page, description: string): Promise<void> {
  await page.getByLabel('Опис').fill(description);
  await page.locator('input[type="file"]').setInputFiles([{ name: 'похідні.txt', mimeType: 'text/plain', buffer: Buffer.from('Похідна складеної функції: (f(g(x)))′ = f′(g(x))·g′(x).') }]);
  await page.getByRole('tablist', { name: "До чого прив'язати" }).getByRole('tab', { name: 'Завдання' }).click();
  await page.getByRole('checkbox', { name: SUBJECT }).click();
  await page.getByRole('checkbox', { name: new RegExp(TASK.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first().click();
  await page.getByRole('status', { name: "Прив'язка документа" }).filter({ hasText: `Завдання «${TASK}» · ${SUBJECT}` }).waitFor();
}

describe('explanation documents (admin)', () => {
  let env: E2E;
  let taskIds: string[];

  beforeAll(async () => {
    env = await startE2E();
    const admin = await env.apiAs(PERSONA.admin);
    const subject = (await admin.get<Subject[]>('/api/v1/subjects/course-number/1')).find((s) => s.name === SUBJECT)!;
    taskIds = [];
    for (const t of await admin.get<Teacher[]>(`/api/v1/teachers/subject/${subject.id}`)) {
      taskIds.push(...(await admin.get<Task[]>(`/api/v1/tasks/teacher/${t.id}`)).filter((x) => x.title === TASK).map((x) => x.id));
    }
    expect(taskIds.length).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('uploads a document attached to a task; the list and the API show it on that task', async () => {
    const page = await env.open({ persona: PERSONA.admin, path: paths.admin.explanationDocuments });
    await fillForTask(page, 'Правило ланцюжка');
    await page.getByRole('button', { name: 'Завантажити' }).click();
    // The list's row (its delete button names the file), not the picker's line naming the pick.
    await page.getByRole('button', { name: 'Видалити похідні.txt' }).waitFor();
    await page.getByText(`Завдання «${TASK}» · ${SUBJECT}`).first().waitFor();

    const { content } = await (await env.apiAs(PERSONA.admin)).get<DocumentPage>('/api/v1/rag/document?page=0&limit=10');
    const mine = content.find((d) => d.description === 'Правило ланцюжка')!;
    expect(mine).toMatchObject({ fileName: 'похідні.txt', subjectId: null, taskTitle: TASK, subjectName: SUBJECT });
    expect(taskIds).toContain(mine.taskId);
  });

  for (const theme of ['light', 'dark'] as Theme[]) {
    it(`looks right in the ${theme} theme: the picker with a task chosen, and the list`, async () => {
      const page = await env.open({ persona: PERSONA.admin, path: paths.admin.explanationDocuments, theme });
      await fillForTask(page, 'Конспект');
      await waitForIdle(page);
      await expectLaidOut(page, ['Прив\'язка', `Завдання предмета «${SUBJECT}»`]);
      await page.getByRole('checkbox', { name: SUBJECT }).scrollIntoViewIfNeeded();
      await shoot(page, `explanation-documents-picker-${theme}`);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await waitForIdle(page);
      await expectLaidOut(page, [`Завдання «${TASK}» · ${SUBJECT}`]);
      await shoot(page, `explanation-documents-list-${theme}`);
      await page.close();
    });
  }
});
