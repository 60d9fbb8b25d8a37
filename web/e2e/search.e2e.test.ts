/**
 * Issue 29, the student's search: a word typed with a typo on the subjects screen finds the task
 * across courses; tapping it opens the buying screen. Screenshots of the results and of the
 * empty state, light and dark.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PERSONA, expectLaidOut, shoot, startE2E, themeShots, waitForIdle, type E2E, type Theme } from './helpers';

const TASK = 'Розрахункова робота: границі та похідні';
/** "Розрахункова" with one wrong letter. */
const TYPO = 'розрахункава';

const field = (page: Page) => page.getByRole('searchbox', { name: 'Пошук предметів, викладачів і завдань' });

describe('searching the catalogue', () => {
  let env: E2E;
  beforeAll(async () => {
    env = await startE2E();
    // A student with a course sees the subjects (without one, the course screen).
    await (await env.apiAs(PERSONA.student)).patch('/api/v1/users/me/course', { courseNumber: 1 });
  });
  afterAll(() => env?.stop());
  const shootBoth = themeShots(() => env);

  it('finds a task by a misspelt word and opens its buying screen', async () => {
    const page = await env.open({ persona: PERSONA.student, path: '/' });
    await waitForIdle(page);
    const top = await field(page).boundingBox();
    await field(page).fill(TYPO);
    await page.getByRole('heading', { name: 'Завдання' }).waitFor();
    await waitForIdle(page);
    // The field stays where it was: the results replace what is below it.
    expect((await field(page).boundingBox())?.y).toBe(top?.y);
    await expect.poll(() => page.url()).toContain(`q=${encodeURIComponent(TYPO)}`);

    await page.getByRole('button', { name: new RegExp(TASK) }).first().click();
    await page.waitForURL(/\/buying-task\?taskId=\d+&teacherId=\d+/);
    await page.getByRole('heading', { name: TASK, level: 1 }).waitFor();
    await waitForIdle(page);
    await expectLaidOut(page, [TASK]);

    // Back on /, the same results are shown.
    await page.goBack();
    await page.getByRole('heading', { name: 'Завдання' }).waitFor();
    expect(await field(page).inputValue()).toBe(TYPO);
    await page.close();
  });

  it('looks right with results and with none, light and dark', async () => {
    await shootBoth('search-results', PERSONA.student, `/?q=${encodeURIComponent('програмування')}`, ['Програмування', /Об’єктно-орієнтоване програмування/]);
    await shootBoth('search-typo', PERSONA.student, `/?q=${encodeURIComponent(TYPO)}`, [TASK]);
    await shootBoth('search-empty', PERSONA.student, `/?q=${encodeURIComponent('ґґґґ')}`, [/нічого не знайдено/]);
  });

  it('keeps the subjects screen as it was with an empty field', async () => {
    for (const theme of ['light', 'dark'] as Theme[]) {
      const page = await env.open({ persona: PERSONA.student, theme, path: '/' });
      await waitForIdle(page);
      await expectLaidOut(page, ['1 курс']);
      await shoot(page, `search-field-${theme}`);
      await page.close();
    }
  });
});
