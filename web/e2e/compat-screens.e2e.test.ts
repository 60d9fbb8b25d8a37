/**
 * Issue 26: Zalik's own screens that use what the product's newest client brought: taking a
 * role away on a user's profile, the history's filter, the task form's type, teacher, arguments
 * and library template, and the template library. Each is photographed in both themes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Identifier, Page as ListPage, Subject, Task, Teacher, User } from '@zalik/contract';
import { PERSONA, expectLaidOut, shoot, startE2E, waitForIdle, type E2E, type Theme } from './helpers';

const THEMES: Theme[] = ['light', 'dark'];

describe("Zalik's screens for the newest client's features", () => {
  let env: E2E;
  beforeAll(async () => {
    env = await startE2E();
    await (await env.apiAs(PERSONA.student)).patch('/api/v1/users/me/course', { courseNumber: 1 });
  });
  afterAll(async () => {
    await env?.stop();
  });

  async function shootBoth(name: string, persona: string, path: string, texts: string[], act?: (page: Page) => Promise<void>): Promise<void> {
    for (const theme of THEMES) {
      const page = await env.open({ persona, theme, path });
      await waitForIdle(page);
      if (act) {
        await act(page);
        await waitForIdle(page);
      }
      await expectLaidOut(page, texts);
      await shoot(page, `${name}-${theme}`);
      await page.context().close();
    }
  }

  it("a user's profile takes a role away after a confirmation", async () => {
    const profile = `/settings/admin-panel/profile/user?telegramId=${PERSONA.developer}`;
    await shootBoth('admin-user-roles', PERSONA.admin, profile, ['Ролі', 'Забрати роль «Розробник»']);
    await shootBoth('admin-user-roles-confirm', PERSONA.admin, profile, ['Забрати роль «Розробник» у'], async (page) => {
      await page.getByRole('button', { name: 'Забрати роль «Розробник»' }).click();
      await page.getByRole('alertdialog').waitFor();
    });
    const page = await env.open({ persona: PERSONA.admin, path: profile });
    await page.getByRole('button', { name: 'Забрати роль «Розробник»' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Забрати' }).click();
    await page.getByText('Роль забрано: Розробник').waitFor();
    const admin = await env.apiAs(PERSONA.admin);
    expect((await admin.get<User>(`/api/v1/users/${PERSONA.developer}`)).roles).toEqual(['ROLE_USER']);
    // The demo developer gets the role back for the other screens.
    await admin.patch(`/api/v1/users/${PERSONA.developer}/roles`, { roleName: 'ROLE_DEVELOPER' });
    await page.context().close();
  });

  it('the history filters purchases by kind', async () => {
    await shootBoth('history-filter', PERSONA.student, '/settings/history-task', ['Усі', 'Автогенерація', 'Від розробника']);
    await shootBoth('history-filter-auto', PERSONA.student, '/settings/history-task', ['Автогенерація'], async (page) => {
      await page.getByRole('tab', { name: 'Автогенерація' }).click();
      await page.getByRole('tab', { name: 'Автогенерація', selected: true }).waitFor();
    });
  });

  it("the task form edits an auto-generated task's type, teacher, arguments and library template", async () => {
    const admin = await env.apiAs(PERSONA.admin);
    let found: { subject: Subject; task: Task } | undefined;
    for (const subject of await admin.get<Subject[]>('/api/v1/subjects/course-number/1')) {
      for (const teacher of await admin.get<Teacher[]>(`/api/v1/teachers/subject/${subject.id}`)) {
        const task = (await admin.get<Task[]>(`/api/v1/tasks/teacher/${teacher.id}`)).find((t) => t.autoGenerate && t.template);
        if (task && !found) found = { subject, task };
      }
    }
    expect(found).toBeDefined();
    const { subject, task } = found!;
    const form = `/list-task/edit-task/${subject.id}?taskId=${task.id}`;
    await shootBoth('edit-task-structure', PERSONA.admin, form, ['Будова завдання', 'Викладач', 'Шаблон з бібліотеки'], async (page) => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(100);
    });
    await shootBoth('edit-task-type', PERSONA.admin, form, ['Тип завдання'], async (page) => {
      await page.getByRole('button', { name: /^Тип/ }).click();
    });
    await shootBoth('edit-task-teacher', PERSONA.admin, `/list-task/edit-task/${subject.id}/choose-teacher?taskId=${task.id}`, ['Викладач']);
    const first = (await admin.get<ListPage<Identifier>>('/api/v1/identifiers?page=0&limit=20')).content[0]!;
    await shootBoth('edit-task-template', PERSONA.admin, `/list-task/edit-task/${subject.id}/choose-template?taskId=${task.id}`, ['Шаблон', first.name]);
  });

  it('the template library lists the templates and adds one', async () => {
    const admin = await env.apiAs(PERSONA.admin);
    const before = await admin.get<ListPage<Identifier>>('/api/v1/identifiers?page=0&limit=20');
    expect(before.content.length).toBeGreaterThan(0);
    await shootBoth('template-library', PERSONA.admin, '/settings/admin-panel/templates', ['Бібліотека шаблонів', 'Новий шаблон', before.content[0]!.name]);
  });
});
