/**
 * Issue 25, the tutor: the demo student buys an auto task, opens "Пояснення" from the result,
 * asks, watches the answer being written (the demo's local OpenAI-compatible fake streams it)
 * and pays 2 UAH for it; the history's item opens the same chat. Screenshots in both themes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatUah, type Wallet } from '@zalik/contract';
import { PERSONA, expectLaidOut, shoot, startE2E, waitForIdle, type E2E, type Theme } from './helpers';
import { AUTO_TASK, buyAndOpenTutor, readyAutoTasks } from './tutor';

async function balance(env: E2E): Promise<number> {
  return (await (await env.apiAs(PERSONA.student)).get<Wallet[]>(`/api/v1/wallets/user/${PERSONA.student}`)).find((w) => w.kind === 'general')!.balance;
}

/** Records every length the newest answer bubble's text had, so a test can tell it grew piece by piece. */
function watchAnswerGrowth(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as { __answerLengths: number[] };
    w.__answerLengths = [];
    new MutationObserver(() => {
      const bubbles = document.querySelectorAll('[class*="answer"]');
      const last = bubbles[bubbles.length - 1];
      const n = last?.textContent?.length ?? 0;
      if (n && w.__answerLengths.at(-1) !== n) w.__answerLengths.push(n);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

describe('the tutor of a bought order', () => {
  let env: E2E;
  let subjectId: string;

  beforeAll(async () => {
    env = await startE2E();
    await (await env.apiAs(PERSONA.student)).patch('/api/v1/users/me/course', { courseNumber: 1 });
    ({ subjectId } = await readyAutoTasks(env));
  });
  afterAll(async () => {
    await env?.stop();
  });

  for (const theme of ['light', 'dark'] as Theme[]) {
    it(`buys, opens "Пояснення", asks and sees the streamed answer with the wallet 2 UAH lower (${theme})`, async () => {
      const page = await env.open({ persona: PERSONA.student, theme, platform: 'ios', path: `/list-task/${subjectId}` });
      await buyAndOpenTutor(page);
      await page.getByText(`Ціна за одне питання ${formatUah(2)}`).waitFor();
      await waitForIdle(page);
      await shoot(page, `explanation-empty-${theme}`);

      const before = await balance(env);
      await watchAnswerGrowth(page);
      await page.getByLabel('Ваше питання').fill('Як знайти похідну складеної функції?');
      await page.getByRole('button', { name: `Запитати за ${formatUah(2)}` }).click();
      // The stored answer brings its copy and share buttons.
      await page.getByRole('button', { name: 'Копіювати' }).waitFor({ timeout: 30_000 });
      const lengths = await page.evaluate(() => (window as unknown as { __answerLengths: number[] }).__answerLengths);
      expect(lengths.length, 'the answer appeared piece by piece').toBeGreaterThan(3);
      expect(await page.getByText('Як знайти похідну складеної функції?').count()).toBeGreaterThan(0);
      await page.getByText('Розберімо крок за кроком.').waitFor();
      await page.getByRole('math').first().waitFor();
      expect(await balance(env)).toBeCloseTo(before - 2, 2);
      await waitForIdle(page);
      await expectLaidOut(page, ['Розберімо крок за кроком.']);
      await shoot(page, `explanation-${theme}`);

      // The history's item opens the same conversation.
      await page.goto(new URL(`/settings/history-task?persona=${PERSONA.student}&theme=${theme}`, env.server.url).toString());
      await page.getByRole('article', { name: AUTO_TASK }).first().getByRole('button', { name: 'Пояснення' }).click();
      await page.getByText('Як знайти похідну складеної функції?').first().waitFor();
    });
  }
});
