import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONA, expectLaidOut, shoot, startE2E, waitForIdle, type E2E } from './helpers';

describe('first open', () => {
  let env: E2E;
  beforeAll(async () => {
    env = await startE2E();
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('a new student chooses a course, accepts the terms and lands on tasks with the bottom nav', async () => {
    const page = await env.open({ persona: PERSONA.student, theme: 'light', path: '/' });

    await expect(page.getByRole('heading', { name: 'Оберіть свій курс' }).waitFor()).resolves.toBeUndefined();
    const done = page.getByRole('button', { name: 'Готово' });
    expect(await done.count()).toBe(0); // no Done until the terms are accepted

    // The terms open from the checkbox's link and lead back to the choice.
    await page.getByRole('link', { name: 'умовами користування' }).click();
    await page.getByRole('heading', { name: 'Умови користування' }).waitFor();
    expect(await page.getByRole('button', { name: /^\d\. / }).count()).toBe(8);
    await page.getByRole('button', { name: 'Зрозуміло' }).click();
    await page.getByRole('heading', { name: 'Оберіть свій курс' }).waitFor();

    // A radio group: the second tap moves the choice (defects2.e2e.test.ts measures that nothing jumps).
    await page.getByRole('checkbox').check();
    expect(await done.isDisabled()).toBe(true); // no course yet
    await page.getByRole('radio', { name: /^1/ }).click();
    await page.getByRole('radio', { name: /^3/ }).click();
    expect(await page.getByRole('radio', { checked: true }).count()).toBe(1);
    const student = await env.apiAs(PERSONA.student);
    expect(await student.get('/api/v1/users/me/course')).toBe(0);

    // Saved, and the main layout opens on the tasks tab.
    await done.click();
    const nav = page.getByRole('navigation', { name: 'Головне меню' });
    await nav.waitFor();
    await expect(nav.locator('[aria-current="page"]').textContent()).resolves.toBe('Завдання');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await student.get('/api/v1/users/me/course')).toBe(3);

    // The token is kept in localStorage for the next launch.
    const token = await page.evaluate(() => localStorage.getItem('zalik.jwt'));
    expect(token?.split('.')).toHaveLength(3);

    // The active tab follows the path.
    await nav.getByRole('link', { name: 'Налаштування' }).click();
    await page.getByRole('link', { name: 'Умови користування' }).waitFor();
    await expect(nav.locator('[aria-current="page"]').textContent()).resolves.toBe('Налаштування');
    await waitForIdle(page);
    await expectLaidOut(page);
    await shoot(page, 'e2e-settings-after-onboarding');
  });

  it('a returning student goes straight to the main layout, and the settings menu follows the roles', async () => {
    await (await env.apiAs(PERSONA.student)).patch('/api/v1/users/me/course', { courseNumber: 3 });
    const student = await env.open({ persona: PERSONA.student, path: '/settings' });
    await student.getByRole('link', { name: 'Історія завдань' }).waitFor();
    expect(await student.getByRole('link', { name: 'Адмін-панель' }).count()).toBe(0);
    expect(await student.getByRole('link', { name: 'Панель розробника' }).count()).toBe(0);

    // The demo header switches persona (a reload signed in as the admin) and theme (at once).
    await student.getByRole('combobox', { name: 'Демо-користувач' }).selectOption(PERSONA.admin);
    await student.getByRole('link', { name: 'Адмін-панель' }).waitFor();
    expect(await student.getByRole('link', { name: 'Панель розробника' }).count()).toBe(0);
    expect(await student.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await student.getByRole('button', { name: 'Темна тема' }).click();
    await student.waitForFunction(() => document.documentElement.dataset.theme === 'dark');

    const developer = await env.open({ persona: PERSONA.developer, path: '/settings' });
    await developer.getByRole('link', { name: 'Панель розробника' }).waitFor();
    expect(await developer.getByRole('link', { name: 'Адмін-панель' }).count()).toBe(0);
  });
});
