/**
 * Issue 24, reviews and author profiles in the browser against the real API: after accepting a
 * delivery the student rates it 5 stars in the sheet that opens, and the task list shows the
 * task's new rating; the author's profile opens from the creator's name on a task card.
 * Screenshots of the review sheet and the profile in both themes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { WORDS, countText, formatRating, type Subject } from '@zalik/contract';
import { PERSONA, expectLaidOut, shoot, startE2E, waitForIdle, type ApiAs, type E2E, type Theme } from './helpers';
import { buy, deliver, findTask, orderOf, pdf } from './orders';

const SUBJECT = 'Вища математика';
const TITLE = 'Контрольна робота з лінійної алгебри';

describe('reviews and author profiles', () => {
  let env: E2E;
  let student: ApiAs;
  let dev: ApiAs;
  let admin: ApiAs;
  let subjectId: string;

  beforeAll(async () => {
    env = await startE2E();
    [student, dev, admin] = await Promise.all([env.apiAs(PERSONA.student), env.apiAs(PERSONA.developer), env.apiAs(PERSONA.admin)]);
    await student.patch('/api/v1/users/me/course', { courseNumber: 1 });
    await admin.patch('/api/v1/wallets/deposit', { userTelegramId: PERSONA.student, amount: 1000 });
    subjectId = (await student.get<Subject[]>('/api/v1/subjects/course-number/1')).find((s) => s.name === SUBJECT)!.id;
    teacherName = (await findTask(student, SUBJECT, TITLE)).teacher.name;
  });
  afterAll(async () => {
    await env?.stop();
  });

  /** Each teacher of the seeded subject has a task of this title: the card of `task`'s teacher. */
  let teacherName: string;
  // The list of every teacher groups the tasks under each teacher's name.
  const cardOf = (page: Page) => page.getByRole('region', { name: teacherName, exact: true }).getByRole('article', { name: TITLE });

  it('after acceptance the student rates 5 stars, and the task list shows the rating', async () => {
    const task = await findTask(student, SUBJECT, TITLE);
    const before = task.rating;
    const order = await buy(env, student, task.id, ['Шевченко Т. Г.', 'КН-21', 'Власні вектори']);
    await deliver(env, dev, order.id, [pdf('розв’язок.pdf')], 'Готово, перевірте.');

    const page = await env.open({ persona: PERSONA.student, theme: 'light', path: '/settings/history-task' });
    const item = page.getByRole('article', { name: TITLE }).filter({ hasText: 'Готово, перевірте.' });
    await item.getByRole('button', { name: 'Прийняти' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Прийняти' }).click();

    // The sheet opens by itself once the work is accepted.
    const sheet = page.getByRole('dialog', { name: 'Оцініть роботу' });
    await sheet.waitFor();
    await waitForIdle(page);
    const stars = sheet.getByRole('radio');
    expect(await stars.count()).toBe(5);
    for (const box of await Promise.all((await stars.all()).map((s) => s.boundingBox()))) {
      expect(box!.width).toBeGreaterThanOrEqual(44);
      expect(box!.height).toBeGreaterThanOrEqual(44);
    }
    await sheet.getByRole('radio', { name: '5 зірок' }).click();
    await sheet.getByLabel('Коментар (необов’язково)').fill('Усе зрозуміло пояснено, викладач прийняв.');
    await expectLaidOut(page, ['Оцініть роботу', 'Надіслати відгук']);
    await shoot(page, 'review-sheet-light');
    await sheet.getByRole('button', { name: 'Надіслати відгук' }).click();
    await page.getByRole('status').getByText('Дякуємо за відгук!').waitFor();
    await item.getByText('Ваш відгук').waitFor();
    expect((await orderOf(student, order.id)).review).toMatchObject({ rating: 5, text: 'Усе зрозуміло пояснено, викладач прийняв.' });

    // The task list: one review more, with its mean, in the card.
    const after = (await findTask(student, SUBJECT, TITLE)).rating;
    expect(after.count).toBe(before.count + 1);
    await page.goto(new URL(`/list-task/${subjectId}`, env.server.url).toString());
    const card = cardOf(page);
    await card.getByText(formatRating(after.average), { exact: true }).waitFor();
    await card.getByText(`· ${countText(after.count, WORDS.review)}`).waitFor();

    // Best rated first: this task above every task without reviews.
    await page.getByRole('tab', { name: 'За рейтингом' }).click();
    const cards = await page.getByRole('article').evaluateAll((els) => els.map((e) => [e.getAttribute('aria-label'), e.textContent?.includes('Ще немає відгуків')] as const));
    const firstUnrated = cards.findIndex(([, none]) => none);
    expect(cards.findIndex(([title, none]) => title === TITLE && !none)).toBeLessThan(firstUnrated === -1 ? cards.length : firstUnrated);
  });

  it('the student can change the review while it is young: the sheet in the dark theme', async () => {
    const page = await env.open({ persona: PERSONA.student, theme: 'dark', path: '/settings/history-task' });
    const item = page.getByRole('article', { name: TITLE }).filter({ hasText: 'Ваш відгук' });
    await item.getByRole('button', { name: 'Змінити відгук' }).click();
    const sheet = page.getByRole('dialog', { name: 'Змінити відгук' });
    await sheet.waitFor();
    expect(await sheet.getByRole('radio', { name: '5 зірок' }).getAttribute('aria-checked')).toBe('true');
    await waitForIdle(page);
    await expectLaidOut(page, ['Змінити відгук', 'Зберегти відгук']);
    await shoot(page, 'review-sheet-dark');
  });

  for (const theme of ['light', 'dark'] as const satisfies readonly Theme[]) {
    it(`the author's profile opens from the creator's name on a task card (${theme})`, async () => {
      const page = await env.open({ persona: PERSONA.student, theme, path: `/list-task/${subjectId}` });
      // Every teacher's tasks in first: the cards move while the lists arrive.
      await cardOf(page).waitFor();
      await waitForIdle(page);
      await cardOf(page).getByRole('link', { name: 'Профіль розробника @dev_demo' }).click();
      await page.getByRole('heading', { name: '@dev_demo' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/list-task/author/${PERSONA.developer}`);
      await waitForIdle(page);
      const profile = await student.get<{ levelName: string; rating: { count: number } }>(`/api/v1/users/developer/${PERSONA.developer}/profile`);
      expect(profile.rating.count).toBeGreaterThan(1);
      await expectLaidOut(page, ['@dev_demo', profile.levelName, 'Рейтинг', 'Виконано замовлень', 'Останні відгуки', countText(profile.rating.count, WORDS.review)]);
      await page.getByText('Усе зрозуміло пояснено, викладач прийняв.').waitFor();
      await shoot(page, `author-profile-${theme}`);
      // Back goes to the list, whose filters and sort are kept inside the list area.
      await page.goBack();
      await cardOf(page).waitFor();
    });
  }

  for (const theme of ['light', 'dark'] as const satisfies readonly Theme[]) {
    it(`the task list with ratings and a sort, and the buying screen with the author and reviews (${theme})`, async () => {
      const page = await env.open({ persona: PERSONA.student, theme, path: `/list-task/${subjectId}` });
      await page.getByRole('tab', { name: 'За рейтингом' }).click();
      await cardOf(page).waitFor();
      await waitForIdle(page);
      await expectLaidOut(page, ['За рейтингом', TITLE]);
      await shoot(page, `task-list-rated-${theme}`);

      await cardOf(page).getByRole('button', { name: 'Придбати' }).click();
      await page.getByRole('region', { name: 'Відгуки' }).getByText('Усе зрозуміло пояснено, викладач прийняв.').waitFor();
      await waitForIdle(page);
      await expectLaidOut(page, [TITLE, 'Розробник', '@dev_demo']);
      await shoot(page, `buying-reviews-${theme}`);
    });
  }
});

