/**
 * Issue 29's medium defects where the picture is the proof: a test question grows with its
 * text, the wallet's failed transaction list offers a retry, and the admin's top-ups say
 * 'Telegram Stars'. Screenshots in both themes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLaidOut, PERSONA, shoot, startE2E, studentOnFirstCourse, themeShots, type E2E, type Theme, waitForIdle } from './helpers';

const SUBJECT = 'Вища математика';
const TEST_TASK = 'Модульний тест: диференціальне числення';
const LONG_QUESTION = [
  'Знайдіть похідну функції f(x) = x³ · sin(2x) і вкажіть її значення в точці x = π/4.',
  'а) 3π²/16 + π³/32',
  'б) 3π²/16',
  'в) π³/32',
  'г) жодна з відповідей не правильна',
].join('\n');

describe('medium defects, on screen', () => {
  let env: E2E;
  let subjectId: string;
  const shootBoth = themeShots(() => env);

  beforeAll(async () => {
    env = await startE2E();
    subjectId = await studentOnFirstCourse(env, SUBJECT);
  });
  afterAll(async () => {
    await env?.stop();
  });

  for (const theme of ['light', 'dark'] as Theme[]) {
    it(`a test question grows with its text and shows it whole (${theme})`, async () => {
      const page = await env.open({ persona: PERSONA.student, theme, path: `/list-task/${subjectId}` });
      await page.getByRole('article', { name: TEST_TASK }).first().getByRole('button', { name: 'Придбати' }).click();
      const field = page.getByRole('textbox', { name: 'Питання №1' });
      await field.waitFor();
      const empty = (await field.boundingBox())!.height;
      await field.fill(LONG_QUESTION);
      await waitForIdle(page);
      const grown = (await field.boundingBox())!.height;
      // Five lines and a wrapped one: far taller than the one-line field, and nothing scrolls inside it.
      expect(grown).toBeGreaterThan(empty * 3);
      expect(await field.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
      await expectLaidOut(page, ['Питання №1', 'г) жодна з відповідей не правильна']);
      await shoot(page, `buying-test-long-${theme}`);
      await page.close();
    });

    it(`the wallet's transaction list offers a retry after a server error (${theme})`, async () => {
      const page = await env.open({ persona: PERSONA.student, theme, path: '/' });
      let failing = true;
      await page.route('**/api/v1/transactions/history/**', (route) =>
        failing ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Сталася помилка на сервері. Спробуйте пізніше.' }) }) : route.continue(),
      );
      await page.goto(new URL('/wallet', env.server.url).toString());
      const retry = page.getByRole('button', { name: 'Спробувати ще раз' });
      await retry.waitFor({ timeout: 20_000 });
      await waitForIdle(page);
      await expectLaidOut(page, ['Транзакції', 'Сталася помилка на сервері. Спробуйте пізніше.']);
      await shoot(page, `wallet-transactions-error-${theme}`);
      failing = false;
      await retry.click();
      await page.getByRole('list', { name: 'Транзакції' }).or(page.getByText('Історії ще немає')).first().waitFor();
      expect(await retry.count()).toBe(0);
      await page.close();
    });
  }

  it("the admin's top-ups and panel say 'Telegram Stars'", async () => {
    await shootBoth('admin-deposits-stars', PERSONA.admin, '/settings/admin-panel/deposits', ['Telegram Stars', /через Telegram Stars або карткою/]);
    await shootBoth('admin-panel-stars', PERSONA.admin, '/settings/admin-panel', [/Telegram Stars і картка/]);
  });
});
