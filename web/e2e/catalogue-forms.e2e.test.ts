/**
 * Issue 13, items 6 and 7, as the admin meets them:
 * - a subject name stops at 50 characters with its counter kept; a full field is never called
 *   empty, and a name the server finds too long gets the length message;
 * - the add-task form marks every wrong field at once before sending (not one top banner at a
 *   time), and each mark goes as its field is fixed.
 * Screenshots of the full counter and the marked form in both themes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG, NAME_MAX, type Subject, type Task, type Teacher } from '@zalik/contract';
import { PERSONA, expectLaidOut, shoot, startE2E, waitForIdle, type E2E, type Theme } from './helpers';

const THEMES: Theme[] = ['light', 'dark'];
/** 60 characters typed; the first 50 are what the field keeps. */
const TYPED = 'Теорія автоматичного керування та оптимальні системи';
const LONG = `${TYPED} ${'ж'.repeat(60 - TYPED.length - 1)}`;
const KEPT = LONG.slice(0, NAME_MAX);

/** The app's red banner (the one with a close button), not a field's own mark. */
const banner = (page: Page) => page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Закрити' }) });

/** The field's mark: the control is aria-invalid and its described-by text is the message. */
async function markOf(page: Page, label: string): Promise<string | null> {
  const field = page.getByLabel(label, { exact: true });
  if ((await field.getAttribute('aria-invalid')) !== 'true') return null;
  const id = await field.getAttribute('aria-describedby');
  return page.locator(`[id="${id}"]`).textContent();
}

/** A colour as the browser computes it, for a CSS expression (a theme alias) drawn on a probe. */
function cssColor(page: Page, expr: string): Promise<string> {
  return page.evaluate((value) => {
    const probe = document.createElement('span');
    probe.style.color = value;
    document.body.append(probe);
    const c = getComputedStyle(probe).color;
    probe.remove();
    return c;
  }, expr);
}

describe('catalogue forms: the name limit and the task form marks', () => {
  let env: E2E;
  let subjectId: string;
  let teacherId: string;

  beforeAll(async () => {
    env = await startE2E();
    const admin = await env.apiAs(PERSONA.admin);
    subjectId = (await admin.get<Subject[]>('/api/v1/subjects/course-number/1')).find((s) => s.name === 'Фізика')!.id;
    teacherId = (await admin.get<Teacher[]>(`/api/v1/teachers/subject/${subjectId}`))[0]!.id;
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('a subject name stops at 50 characters, keeps its counter, and is saved as shown', async () => {
    const page = await env.open({ persona: PERSONA.admin, path: '/' });
    await page.getByRole('button', { name: '+ Додати предмет' }).click();
    const input = page.getByLabel('Назва предмета');
    await input.pressSequentially(LONG);
    expect(await input.inputValue(), 'the field took more than 50 characters').toBe(KEPT);
    await page.getByText(`${NAME_MAX}/${NAME_MAX}`, { exact: true }).waitFor();
    expect(await markOf(page, 'Назва предмета')).toBeNull();

    await page.getByRole('button', { name: 'Додати предмет' }).click();
    await page.getByRole('link', { name: KEPT }).waitFor();
    expect(await page.getByText(MSG.subjectName).count()).toBe(0);
    const admin = await env.apiAs(PERSONA.admin);
    expect((await admin.get<Subject[]>('/api/v1/subjects/course-number/1')).map((s) => s.name)).toContain(KEPT);
  });

  it("the server's refusal of a too long name says so, not that the field is empty", async () => {
    const page = await env.open({ persona: PERSONA.admin, path: '/' });
    await page.getByRole('button', { name: '+ Додати предмет' }).click();
    await page.getByLabel('Назва предмета').fill('Оптика');
    // What an older client (one without the field's limit) sends: a 51-character name.
    await page.route('**/api/v1/subjects/subject', (route) =>
      route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), name: 'о'.repeat(NAME_MAX + 1) }) }),
    );
    await page.getByRole('button', { name: 'Додати предмет' }).click();
    await banner(page).waitFor();
    expect(await banner(page).textContent(), "the server's refusal of a long name").toBe(MSG.nameLength);
    // The field keeps what the admin typed, with its counter.
    expect(await page.getByLabel('Назва предмета').inputValue()).toBe('Оптика');
    await page.getByText(`6/${NAME_MAX}`, { exact: true }).waitFor();
  });

  it('the add-task form marks every wrong field at once, and each mark goes as it is fixed', async () => {
    const tasksOf = async () => (await (await env.apiAs(PERSONA.admin)).get<Task[]>(`/api/v1/tasks/teacher/${teacherId}`)).map((t) => t.title);
    const before = await tasksOf();
    const page = await env.open({ persona: PERSONA.admin, path: `/list-task/add-task/${subjectId}?teacherId=${teacherId}` });
    await page.getByRole('switch', { name: 'Автогенерація' }).click();
    await page.getByLabel('Ідентифікатор генератора').fill('');
    await page.getByRole('button', { name: 'Додати завдання' }).click();

    // All at once, each on its field; no banner on top.
    expect(await markOf(page, 'Назва')).toBe(MSG.taskTitle);
    expect(await markOf(page, 'Ціна, грн')).toBe(MSG.priceInvalid);
    expect(await markOf(page, 'Ідентифікатор генератора')).toBe(MSG.requiredField('Ідентифікатор генератора'));
    await page.getByRole('alert').filter({ hasText: MSG.developerOne }).waitFor();
    await page.getByRole('alert').filter({ hasText: MSG.taskTypeInvalid }).waitFor();
    expect(await banner(page).count()).toBe(0);
    // The picker rows still to choose are marked too.
    const destructive = await cssColor(page, 'var(--destructive)');
    for (const row of [/Розробник/, /Тип/]) {
      const value = page.getByRole('button', { name: row }).getByText('Не обрано');
      expect(await value.evaluate((el) => getComputedStyle(el).color)).toBe(destructive);
    }
    const args = page.getByRole('button', { name: /Аргументи/ }).getByText('Не обрано');
    expect(await args.evaluate((el) => getComputedStyle(el).color)).not.toBe(destructive);

    // Each mark goes as its field is fixed; the others stay.
    await page.getByLabel('Назва', { exact: true }).fill('Лабораторна робота №3');
    expect(await markOf(page, 'Назва')).toBeNull();
    expect(await markOf(page, 'Ціна, грн')).toBe(MSG.priceInvalid);
    await page.getByLabel('Ціна, грн').fill('75');
    expect(await markOf(page, 'Ціна, грн')).toBeNull();
    await page.getByLabel('Ідентифікатор генератора').fill('docx-template');
    expect(await markOf(page, 'Ідентифікатор генератора')).toBeNull();
    await page.getByRole('alert').filter({ hasText: MSG.developerOne }).waitFor();
    expect(await tasksOf()).toEqual(before);

    // The pickers fill the rest; the task is then created once.
    await page.getByRole('switch', { name: 'Автогенерація' }).click();
    await page.getByRole('button', { name: /Розробник/ }).click();
    await page.getByRole('checkbox', { name: /@dev_demo/ }).click();
    await page.getByRole('button', { name: 'Готово' }).click();
    await page.getByRole('button', { name: /Тип/ }).click();
    await page.getByRole('checkbox', { name: /Звичайне завдання/ }).click();
    await page.getByRole('button', { name: 'Готово' }).click();
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.getByRole('button', { name: 'Додати завдання' }).click();
    await page.getByRole('article', { name: 'Лабораторна робота №3' }).first().waitFor();
    expect((await tasksOf()).filter((t) => t === 'Лабораторна робота №3').length).toBe(before.filter((t) => t === 'Лабораторна робота №3').length + 1);
  });

  for (const theme of THEMES) {
    it(`screenshots: the full name counter and the marked task form (${theme})`, async () => {
      const subject = await env.open({ persona: PERSONA.admin, theme, path: '/add-subject' });
      await subject.getByLabel('Назва предмета').pressSequentially(LONG);
      await subject.getByText(`${NAME_MAX}/${NAME_MAX}`, { exact: true }).waitFor();
      await waitForIdle(subject);
      await expectLaidOut(subject, [`${NAME_MAX}/${NAME_MAX}`]);
      expect(await subject.getByLabel('Назва предмета').inputValue()).toBe(LONG.slice(0, NAME_MAX));
      await shoot(subject, `subject-name-full-${theme}`);

      const task = await env.open({ persona: PERSONA.admin, theme, path: `/list-task/add-task/${subjectId}?teacherId=${teacherId}` });
      await task.getByRole('switch', { name: 'Автогенерація' }).click();
      await task.getByLabel('Ідентифікатор генератора').fill('');
      await task.getByRole('button', { name: 'Додати завдання' }).click();
      await task.getByRole('alert').filter({ hasText: MSG.taskTypeInvalid }).waitFor();
      await waitForIdle(task);
      await expectLaidOut(task, ['Нове завдання', MSG.taskTypeInvalid]);
      await shoot(task, `add-task-marks-${theme}`);
      await task.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await task.waitForTimeout(100);
      await expectLaidOut(task, ['DOCX-шаблон']);
      await shoot(task, `add-task-marks-bottom-${theme}`);
    });
  }
});
