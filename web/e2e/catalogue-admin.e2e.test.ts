import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Subject, Task, Teacher } from '@zalik/contract';
import { PERSONA, expectLaidOut, shoot, startE2E, waitForIdle, type E2E, type Theme } from './helpers';

/** Sets a range input the way a drag does: the native setter, then the input event React listens to. */
async function setSlider(page: Page, value: number): Promise<void> {
  await page.getByRole('slider').evaluate((el, v) => {
    const input = el as HTMLInputElement;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, String(v));
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}

const SUBJECT = 'Філософія науки';
const TEACHER = 'Сидоренко А. Б.';
const TASK = 'Есе: свобода волі';
const ARGUMENT = 'Тема есе';

describe('admin catalogue editors', () => {
  let env: E2E;
  beforeAll(async () => {
    env = await startE2E();
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('an admin adds a subject, a teacher and a task; a student sees it, then with a 25 % discount', async () => {
    const page = await env.open({ persona: PERSONA.admin, path: '/' });

    // Subject, on the admin's course tab.
    await page.getByRole('button', { name: '+ Додати предмет' }).click();
    await page.getByLabel('Назва предмета').fill(SUBJECT);
    expect(await page.getByRole('radio', { name: '1 курс' }).getAttribute('aria-checked')).toBe('true');
    await page.getByRole('button', { name: 'Додати предмет' }).click();
    await page.getByRole('link', { name: SUBJECT }).click();

    // Teacher, under the teacher filter; then filter by them.
    await page.getByRole('link', { name: /Викладач/ }).click();
    await page.getByRole('button', { name: '+ Додати викладача' }).click();
    await page.getByLabel('Викладач').fill('');
    await page.getByRole('button', { name: 'Додати викладача' }).click();
    await page.getByText('Введіть коректну назву').waitFor();
    await page.getByLabel('Викладач').fill(TEACHER);
    await page.getByRole('button', { name: 'Додати викладача' }).click();
    await page.getByText(TEACHER).click();
    await page.getByRole('button', { name: 'Застосувати' }).click();

    // Task: a new argument, the demo developer, REGULAR.
    await page.getByRole('button', { name: '+ Додати завдання' }).click();
    await page.getByLabel('Назва').fill(TASK);
    await page.getByLabel('Інструкція від розробника').fill('Есе на 2 сторінки, до 3 днів.');
    await page.getByLabel('Ціна, грн').fill('200');
    await page.getByRole('button', { name: /Аргументи/ }).click();
    await page.getByRole('button', { name: '+ Новий аргумент' }).click();
    await page.getByLabel('Назва (підпис поля)').fill(ARGUMENT);
    await page.getByLabel('Опис (підказка в полі)').fill('Напр. Свобода і відповідальність');
    await page.getByRole('button', { name: 'Додати аргумент' }).click();
    await page.getByRole('checkbox', { name: new RegExp(ARGUMENT), checked: true }).waitFor();
    await page.getByRole('button', { name: 'Готово (1)' }).click();
    await page.getByRole('button', { name: /Розробник/ }).click();
    await page.getByRole('checkbox', { name: /@dev_demo/ }).click();
    await page.getByRole('button', { name: 'Готово' }).click();
    await page.getByRole('button', { name: /Тип/ }).click();
    await page.getByRole('checkbox', { name: /Звичайне завдання/ }).click();
    await page.getByRole('button', { name: 'Готово' }).click();
    // The values typed before the pickers are still there.
    expect(await page.getByLabel('Ціна, грн').inputValue()).toBe('200');
    await page.getByRole('button', { name: 'Додати завдання' }).click();
    await page.getByRole('article', { name: TASK }).waitFor();

    const admin = await env.apiAs(PERSONA.admin);
    const subject = (await admin.get<Subject[]>('/api/v1/subjects/course-number/1')).find((s) => s.name === SUBJECT)!;
    const teacher = (await admin.get<Teacher[]>(`/api/v1/teachers/subject/${subject.id}`)).find((t) => t.name === TEACHER)!;
    const [created] = await admin.get<Task[]>(`/api/v1/tasks/teacher/${teacher.id}`);
    expect(created).toMatchObject({ title: TASK, price: 200, type: 'REGULAR', autoGenerate: false, developer: { username: 'dev_demo' } });
    expect(created!.arguments.map((a) => a.name)).toEqual([ARGUMENT]);

    // A student on course 1 sees it at full price.
    await (await env.apiAs(PERSONA.student)).patch('/api/v1/users/me/course', { courseNumber: 1 });
    const student = await env.open({ persona: PERSONA.student, path: `/list-task/${subject.id}` });
    const card = student.getByRole('article', { name: TASK });
    await card.getByText('200 грн').waitFor();
    expect(await card.locator('s').count()).toBe(0);

    // The admin gives everyone 25 % off, without a limit.
    await page.getByRole('article', { name: TASK }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Редагувати' }).click();
    await page.getByRole('button', { name: /Знижка/ }).click();
    await setSlider(page, 25);
    await page.getByRole('radio', { name: 'Для всіх' }).click();
    await page.getByText('150 грн').waitFor();
    await page.getByRole('button', { name: 'Застосувати знижку' }).click();
    await page.getByRole('button', { name: /Знижка.*25% для всіх/ }).waitFor();

    await student.reload();
    await card.locator('s', { hasText: '200 грн' }).waitFor();
    await card.getByText('150 грн').waitFor();
    await card.getByText('−25%').waitFor();
  });

  it('screenshots: add-task, choose-argument and give-discount in light and dark', async () => {
    const admin = await env.apiAs(PERSONA.admin);
    const subject = (await admin.get<Subject[]>('/api/v1/subjects/course-number/1')).find((s) => s.name === 'Вища математика')!;
    const teacher = (await admin.get<Teacher[]>(`/api/v1/teachers/subject/${subject.id}`))[0]!;
    const task = (await admin.get<Task[]>(`/api/v1/tasks/teacher/${teacher.id}`))[0]!;
    await admin.post('/api/v1/discounts/discount', { type: 'GLOBAL', discountValue: 20, availableValue: 5, telegramId: null, taskId: task.id });
    const themes: Theme[] = ['light', 'dark'];
    for (const theme of themes) {
      const add = `/list-task/add-task/${subject.id}`;
      const page = await env.open({ persona: PERSONA.admin, theme, path: `${add}?teacherId=${teacher.id}` });
      await page.getByLabel('Назва').fill('Лабораторна робота №3');
      await page.getByLabel('Ціна, грн').fill('180');
      await page.getByRole('switch', { name: 'Автогенерація' }).click();
      await waitForIdle(page);
      await expectLaidOut(page, ['Нове завдання', 'Автогенерація']);
      expect(await page.getByRole('switch', { name: 'Автогенерація' }).getAttribute('aria-checked')).toBe('true');
      await shoot(page, `add-task-${theme}`);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(100);
      await expectLaidOut(page, ['DOCX-шаблон', 'Шаблон не обрано']);
      await shoot(page, `add-task-template-${theme}`);

      await page.getByRole('button', { name: /Аргументи/ }).click();
      await page.getByRole('checkbox').nth(1).click();
      await page.getByRole('checkbox').first().click();
      await waitForIdle(page);
      await expectLaidOut(page, ['Аргументи']);
      expect(await page.getByRole('checkbox', { checked: true }).count()).toBe(2);
      await shoot(page, `choose-argument-${theme}`);

      const discount = await env.open({ persona: PERSONA.admin, theme, path: `/list-task/edit-task/${subject.id}/give-discount?taskId=${task.id}` });
      await discount.getByRole('slider').waitFor();
      await setSlider(discount, 30);
      await waitForIdle(discount);
      await expectLaidOut(discount, ['Знижка', task.title, 'Діючі знижки', 'Час дії']);
      expect(await discount.getByRole('slider').inputValue()).toBe('30');
      await shoot(discount, `give-discount-${theme}`);
    }
  });
});
