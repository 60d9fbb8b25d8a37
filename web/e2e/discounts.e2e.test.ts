import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { DiscountListItem, Subject } from '@zalik/contract';
import { toKyivLocal } from '../src/lib/kyivTime';
import { PERSONA, expectLaidOut, shoot, startE2E, waitForIdle, type E2E, type Theme } from './helpers';

/** Sets a range input the way a drag does: the native setter, then the input event React listens to. */
async function setSlider(page: Page, value: number): Promise<void> {
  await page.getByRole('slider').evaluate((el, v) => {
    const input = el as HTMLInputElement;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, String(v));
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}

/** Two tasks of the demo catalogue's physics (course 1, one teacher): 180 and 50 грн. */
const MECHANICS = 'Контрольна робота: механіка';
const ELECTRICITY = 'Тест: електрика та магнетизм';
const HOUR = 3_600_000;

describe('admin discounts', () => {
  let env: E2E;
  let physics: Subject;
  beforeAll(async () => {
    env = await startE2E();
    const admin = await env.apiAs(PERSONA.admin);
    physics = (await admin.get<Subject[]>('/api/v1/subjects/course-number/1')).find((s) => s.name === 'Фізика')!;
    await (await env.apiAs(PERSONA.student)).patch('/api/v1/users/me/course', { courseNumber: 1 });
  });
  afterAll(async () => {
    await env?.stop();
  });

  /** The student's card of a physics task: its price, and the struck-through full price while discounted. */
  async function studentSees(student: Page, title: string, price: string, full?: string) {
    await student.reload();
    const card = student.getByRole('article', { name: title });
    await card.getByText(price, { exact: true }).waitFor();
    if (full) await card.locator('s', { hasText: full }).waitFor();
    else expect(await card.locator('s').count()).toBe(0);
  }

  it('an admin creates one for two tasks and the student, with a window, edits it and deletes it; the student sees each price', async () => {
    const student = await env.open({ persona: PERSONA.student, path: `/list-task/${physics.id}` });
    await studentSees(student, MECHANICS, '180 грн');

    const page = await env.open({ persona: PERSONA.admin, path: '/settings/admin-panel' });
    await page.getByRole('link', { name: /Знижки/ }).click();
    await page.getByRole('link', { name: /Нова знижка/ }).click();
    await page.getByRole('radio', { name: 'Персональна' }).click();
    await page.getByRole('searchbox', { name: 'Пошук завдання' }).fill('механіка');
    await page.getByRole('checkbox', { name: new RegExp(MECHANICS) }).click();
    await page.getByRole('searchbox', { name: 'Пошук завдання' }).fill('електрика');
    await page.getByRole('checkbox', { name: new RegExp(ELECTRICITY) }).click();
    await page.getByRole('searchbox', { name: 'Пошук користувача' }).fill('@student_demo');
    await page.getByRole('checkbox', { name: /@student_demo/ }).click();
    await setSlider(page, 30);
    await page.getByLabel('Кількість активацій').fill('2');
    const from = new Date(Date.now() - HOUR).toISOString();
    const to = new Date(Date.now() + 24 * HOUR).toISOString();
    await page.getByLabel('Діє з').fill(toKyivLocal(from));
    await page.getByLabel('Діє до').fill(toKyivLocal(to));
    const created = page.waitForResponse((r) => r.url().endsWith('/api/v1/discounts/bulk'));
    await page.getByRole('button', { name: 'Створити знижки (2)' }).click();
    expect(await (await created).json()).toEqual({ created: 2, updated: 0 });

    // Back on the list: both, for the student, applying now, with their window.
    const mechanicsRow = page.getByRole('link', { name: new RegExp(`${MECHANICS}.*30%.*@student_demo`) });
    await mechanicsRow.getByText('Діє зараз').waitFor();
    await expect(mechanicsRow.textContent()).resolves.toContain('залишилось активацій: 2');
    await page.getByRole('link', { name: new RegExp(`${ELECTRICITY}.*30%.*@student_demo`) }).waitFor();
    await studentSees(student, MECHANICS, '126 грн', '180 грн');
    await studentSees(student, ELECTRICITY, '35 грн', '50 грн');

    // The list finds it by username, and the edit changes the percent.
    await page.getByRole('searchbox', { name: 'Пошук за завданням або нікнеймом' }).fill('механіка');
    await page.getByRole('link', { name: new RegExp(ELECTRICITY) }).waitFor({ state: 'detached' });
    await mechanicsRow.click();
    await page.getByLabel('Діє з').waitFor();
    await setSlider(page, 50);
    await page.getByText('90 грн').waitFor();
    await page.getByRole('button', { name: 'Зберегти' }).click();
    await page.getByRole('link', { name: new RegExp(`${MECHANICS}.*50%.*@student_demo`) }).waitFor();
    await studentSees(student, MECHANICS, '90 грн', '180 грн');

    // Deleted after the confirmation: it leaves the list and the price.
    await page.getByRole('button', { name: `Видалити знижку: ${MECHANICS}, @student_demo` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Видалити' }).click();
    await page.getByRole('link', { name: new RegExp(MECHANICS) }).waitFor({ state: 'detached' });
    await studentSees(student, MECHANICS, '180 грн');
    await studentSees(student, ELECTRICITY, '35 грн', '50 грн');

    const admin = await env.apiAs(PERSONA.admin);
    const left = await admin.get<DiscountListItem[]>('/api/v1/discounts?username=student_demo');
    expect(left.map((d) => [d.taskTitle, d.discountValue, d.active])).toEqual([[ELECTRICITY, 30, true]]);
  });

  it('screenshots: the discount list, a new discount and an edit, light and dark', async () => {
    const admin = await env.apiAs(PERSONA.admin);
    const [electricity] = await admin.get<DiscountListItem[]>('/api/v1/discounts?username=student_demo');
    const themes: Theme[] = ['light', 'dark'];
    for (const theme of themes) {
      const list = await env.open({ persona: PERSONA.admin, theme, path: '/settings/admin-panel/discounts' });
      await list.getByRole('link', { name: new RegExp(ELECTRICITY) }).waitFor();
      await waitForIdle(list);
      await expectLaidOut(list, ['Знижки', 'Нова знижка', ELECTRICITY]);
      await shoot(list, `admin-discounts-${theme}`);

      const create = await env.open({ persona: PERSONA.admin, theme, path: '/settings/admin-panel/discounts/new' });
      await create.getByRole('radio', { name: 'Персональна' }).click();
      await create.getByRole('searchbox', { name: 'Пошук завдання' }).fill('механіка');
      await create.getByRole('checkbox', { name: new RegExp(MECHANICS) }).click();
      await create.getByRole('searchbox', { name: 'Пошук користувача' }).fill('student');
      await create.getByRole('checkbox', { name: /@student_demo/ }).click();
      await create.evaluate(() => window.scrollTo(0, 0));
      await waitForIdle(create);
      await expectLaidOut(create, ['Нова знижка', MECHANICS, '@student_demo']);
      expect(await create.getByRole('radio', { name: 'Персональна' }).getAttribute('aria-checked')).toBe('true');
      await shoot(create, `admin-discount-new-${theme}`);

      const edit = await env.open({ persona: PERSONA.admin, theme, path: `/settings/admin-panel/discounts/edit?id=${electricity!.id}` });
      await edit.getByLabel('Діє з').waitFor();
      await waitForIdle(edit);
      await expectLaidOut(edit, ['Знижка', ELECTRICITY]);
      await shoot(edit, `admin-discount-edit-${theme}`);
      await edit.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await waitForIdle(edit);
      await expectLaidOut(edit, ['Діє з']);
      await shoot(edit, `admin-discount-edit-bottom-${theme}`);

      const users = await env.open({ persona: PERSONA.admin, theme, path: '/settings/admin-panel/profile' });
      await users.getByRole('link', { name: /student_demo/ }).waitFor();
      await waitForIdle(users);
      await expectLaidOut(users, ['Користувачі', 'student_demo']);
      await shoot(users, `admin-users-paged-${theme}`);
    }
  }, 120_000);
});
