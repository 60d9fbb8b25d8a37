import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG, type Subject, type Task, type Teacher } from '@zalik/contract';
import { PERSONA, expectLaidOut, shoot, startE2E, waitForIdle, type E2E, type Theme } from './helpers';

/** Sets a range input the way a drag does: the native setter, then the input event React listens to. */
async function setSlider(page: Page, value: number): Promise<void> {
  await page.getByRole('slider').evaluate((el, v) => {
    const input = el as HTMLInputElement;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, String(v));
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}

const cardTitles = (page: Page) => page.getByRole('article').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));

describe('catalogue: subjects, task list and filters', () => {
  let env: E2E;
  let subjects: Subject[];
  const subjectId = (name: string) => subjects.find((s) => s.name === name)!.id;

  beforeAll(async () => {
    env = await startE2E();
    const student = await env.apiAs(PERSONA.student);
    await student.patch('/api/v1/users/me/course', { courseNumber: 1 });
    subjects = await student.get<Subject[]>('/api/v1/subjects/course-number/1');
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('a student switches courses, opens a subject and filters by teacher, creator and price', async () => {
    const page = await env.open({ persona: PERSONA.student, path: '/' });

    // Starts on the student's own course, with the news above.
    await page.getByRole('tab', { name: '1 курс', selected: true }).waitFor();
    await page.getByRole('region', { name: 'Новини' }).getByRole('heading', { name: 'Ласкаво просимо до Заліку!' }).waitFor();
    await page.getByRole('link', { name: 'Вища математика' }).waitFor();
    await page.getByRole('tab', { name: '2 курс' }).click();
    await page.getByRole('link', { name: 'Бази даних' }).waitFor();
    expect(await page.getByRole('link', { name: 'Вища математика' }).count()).toBe(0);
    await page.getByRole('tab', { name: '1 курс' }).click();
    await page.getByRole('link', { name: 'Вища математика' }).click();

    await page.getByRole('heading', { level: 1, name: 'Вища математика' }).waitFor();
    await page.getByRole('article').first().waitFor();
    // Both teachers' visible tasks; the hidden draft is not among them.
    const all = await cardTitles(page);
    expect(all.length).toBeGreaterThan(4);
    expect(all).not.toContain('Індивідуальне завдання: ряди');
    expect(await page.getByRole('img', { name: /Приховане|Видиме/ }).count()).toBe(0);

    // Teacher: a radio group, the second tap moves the choice; one is applied.
    await page.getByRole('link', { name: /Викладач/ }).click();
    // The picker is a lazy route: the list stays on screen until its chunk has loaded.
    await page.getByRole('button', { name: 'Застосувати' }).waitFor();
    await page.getByText('Коваленко Н. С.').click();
    await page.getByText('Петренко О. В.').click();
    expect(await page.getByRole('radio', { checked: true }).count()).toBe(1);
    await page.getByRole('button', { name: 'Застосувати' }).click();
    await page.getByRole('link', { name: /Викладач.*Петренко О\. В\./ }).waitFor();
    const teachers = await (await env.apiAs(PERSONA.student)).get<Teacher[]>(`/api/v1/teachers/subject/${subjectId('Вища математика')}`);
    const petrenko = teachers.find((t) => t.name === 'Петренко О. В.')!;
    // Newest first, the list's default order (the API sorts by the same rule).
    const visible = await (await env.apiAs(PERSONA.student)).get<Task[]>(`/api/v1/tasks/teacher/${petrenko.id}?sort=newest`);
    await expect.poll(() => cardTitles(page)).toEqual(visible.map((t) => t.title));

    // Creator: the subject's developer.
    await page.getByRole('link', { name: /Розробник/ }).click();
    await page.getByRole('button', { name: 'Застосувати' }).waitFor();
    await page.getByText('@dev_demo').click();
    await page.getByRole('button', { name: 'Застосувати' }).click();
    await page.getByRole('link', { name: /Розробник.*@dev_demo/ }).waitFor();

    // Price: at most 120 грн (what the student pays: 150 with 20 % off counts as 120).
    await page.getByRole('link', { name: /Ціна/ }).click();
    await setSlider(page, 120);
    await page.getByText('Завдання до 120 грн включно').waitFor();
    await page.getByRole('button', { name: 'Застосувати' }).click();
    await page.getByRole('link', { name: /Ціна.*до 120 грн/ }).waitFor();
    await expect
      .poll(() => cardTitles(page))
      .toEqual(['Модульний тест: диференціальне числення', 'Розрахункова робота: інтеграли', 'Розрахункова робота: границі та похідні']);
    const discounted = page.getByRole('article', { name: 'Розрахункова робота: інтеграли' });
    await expect(discounted.locator('s').textContent()).resolves.toContain('150 грн');
    await expect(discounted.textContent()).resolves.toContain('120 грн');

    // At least 120: the switch turns the bound around.
    await page.getByRole('link', { name: /Ціна/ }).click();
    await page.getByRole('switch', { name: 'Не дешевше за обрану ціну' }).click();
    await page.getByRole('button', { name: 'Застосувати' }).click();
    await page.getByRole('link', { name: /Ціна.*від 120 грн/ }).waitFor();
    await expect
      .poll(() => cardTitles(page))
      .toEqual(['Контрольна робота з лінійної алгебри', 'Розрахункова робота: інтеграли', 'Розрахункова робота: границі та похідні']);

    // Leaving the list area drops the filters.
    await page.getByRole('navigation', { name: 'Головне меню' }).getByRole('link', { name: 'Завдання' }).click();
    await page.getByRole('link', { name: 'Вища математика' }).click();
    await page.getByRole('link', { name: /Ціна.*Будь-яка/ }).waitFor();
    await page.getByRole('link', { name: /Викладач.*Усі/ }).waitFor();
  });

  it('an admin sees hidden tasks with the eye and deletes a task through the context menu', async () => {
    const page = await env.open({ persona: PERSONA.admin, path: `/list-task/${subjectId('Вища математика')}` });
    await page.getByRole('article', { name: 'Індивідуальне завдання: ряди' }).getByRole('img', { name: 'Приховане від студентів' }).waitFor();

    await page.goto(page.url().replace(/\/list-task\/\d+/, `/list-task/${subjectId('Фізика')}`));
    const victim = page.getByRole('article', { name: 'Тест: електрика та магнетизм' });
    await victim.click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Видалити' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.textContent()).resolves.toContain(MSG.confirmText);
    await dialog.getByRole('button', { name: 'Підтвердити' }).click();
    await victim.waitFor({ state: 'detached' });

    // Gone for students too.
    const student = await env.apiAs(PERSONA.student);
    const teachers = await student.get<Teacher[]>(`/api/v1/teachers/subject/${subjectId('Фізика')}`);
    const left = (await Promise.all(teachers.map((t) => student.get<Task[]>(`/api/v1/tasks/teacher/${t.id}`)))).flat();
    expect(left.map((t) => t.title)).not.toContain('Тест: електрика та магнетизм');
    expect(left.length).toBeGreaterThan(0);
  });

  it('screenshots of the subjects, a task list and the price picker, light and dark', async () => {
    const math = subjectId('Вища математика');
    for (const theme of ['light', 'dark'] as Theme[]) {
      const page = await env.open({ persona: PERSONA.student, theme, path: '/' });
      await page.getByRole('link', { name: 'Вища математика' }).waitFor();
      await waitForIdle(page);
      await expectLaidOut(page, ['Вища математика', '1 курс', '4 курс']);
      await shoot(page, `tasks-subjects-${theme}`);
      if (theme === 'light') {
        await page.getByRole('button', { name: 'Новина 2' }).click();
        await waitForIdle(page);
        await expectLaidOut(page, ['Вища математика']);
        await shoot(page, 'tasks-subjects-news2-light');
      }

      await page.getByRole('link', { name: 'Вища математика' }).click();
      await page.getByRole('article').first().waitFor();
      await waitForIdle(page);
      await expectLaidOut(page, ['Вища математика', 'Контрольна робота з лінійної алгебри', 'Придбати']);
      await shoot(page, `tasks-list-${theme}`);

      await page.getByRole('link', { name: /Ціна/ }).click();
      await setSlider(page, 150);
      await waitForIdle(page);
      await expectLaidOut(page, ['150 грн', 'Застосувати']);
      await shoot(page, `tasks-choose-price-${theme}`);

      await page.getByRole('button', { name: 'Застосувати' }).click();
      await page.getByRole('link', { name: /Викладач/ }).click();
      await page.getByRole('button', { name: 'Застосувати' }).waitFor();
      await page.getByText('Петренко О. В.').waitFor();
      await waitForIdle(page);
      await expectLaidOut(page, ['Петренко О. В.', 'Застосувати']);
      await shoot(page, `tasks-choose-teacher-${theme}`);
      await page.close();

      const admin = await env.open({ persona: PERSONA.admin, theme, path: `/list-task/${math}` });
      await admin.getByRole('article').first().waitFor();
      await waitForIdle(admin);
      await expectLaidOut(admin, ['Контрольна робота з лінійної алгебри']);
      await shoot(admin, `tasks-list-admin-${theme}`);
      await admin.getByRole('article').first().click({ button: 'right', position: { x: 120, y: 40 } });
      await admin.getByRole('menu').waitFor();
      await expectLaidOut(admin, ['Редагувати', 'Видалити']);
      await shoot(admin, `tasks-list-admin-menu-${theme}`);
      await admin.close();
    }
  });
});
