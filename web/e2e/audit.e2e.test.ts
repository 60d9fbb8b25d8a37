/**
 * The audit trail's screen: an admin's actions show up newest first with what changed, the
 * filters narrow them (and live in the URL), the CSV export downloads what the filters keep, and
 * a user's profile lists the actions that touched that user.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONA, expectLaidOut, shoot, startE2E, waitForIdle, type E2E, type Theme } from './helpers';
import { paths } from '../src/lib/paths';

describe('the audit trail', () => {
  let env: E2E;
  beforeAll(async () => {
    env = await startE2E();
    // Real admin actions through the API: a ban and an unban of the student, a top-up, maintenance on and off.
    const admin = await env.apiAs(PERSONA.admin);
    await admin.patch(`/api/v1/users/${PERSONA.student}/ban?value=true`);
    await admin.patch(`/api/v1/users/${PERSONA.student}/ban?value=false`);
    await admin.patch('/api/v1/wallets/deposit', { userTelegramId: PERSONA.student, amount: 150 });
    await admin.patch('/api/v1/maintenance/status', { enabled: true, message: 'Оновлення' });
    await admin.patch('/api/v1/maintenance/status', { enabled: false });
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('lists the actions newest first, filters them by action and user, and exports what it shows', async () => {
    const page = await env.open({ persona: PERSONA.admin, path: paths.admin.root });
    await page.getByRole('link', { name: /Журнал дій/ }).click();
    const list = page.getByLabel('Журнал дій', { exact: true });
    await list.getByRole('article').first().waitFor();
    const titles = () => list.getByRole('article').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect((await titles()).slice(0, 5)).toEqual([
      'Технічні роботи',
      'Технічні роботи',
      'Поповнення гаманця',
      'Розблокування користувача',
      'Блокування користувача',
    ]);
    // What changed, in words: the ban's flag, the top-up's sum.
    const ban = list.getByRole('article', { name: 'Блокування користувача', exact: true }).first();
    await expect(ban.textContent()).resolves.toMatch(/Заблокованоні → так/);
    await expect(list.getByRole('article', { name: 'Поповнення гаманця' }).first().textContent()).resolves.toMatch(/Сума, грн150/);

    // Filter by action through the sheet: only bans remain, and the URL keeps it.
    await page.getByRole('button', { name: /^Дія/ }).click();
    await page.getByRole('dialog', { name: 'Дія' }).getByRole('button', { name: 'Блокування користувача', exact: true }).click();
    await expect.poll(titles).toEqual(['Блокування користувача']);
    expect(new URL(page.url()).searchParams.get('action')).toBe('user.ban');

    // The export downloads the same rows.
    const csv = page.waitForResponse((r) => r.url().includes('/api/v1/dashboard/exports/audit?'));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Експортувати CSV' }).click();
    expect((await csv).status()).toBe(200);
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^zalik-audit-2020-01-01_\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await file.path())!, 'utf8')).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`Блокування користувача;user:${PERSONA.student};${PERSONA.student};`);

    // A user nobody touched: nothing.
    await page.getByRole('button', { name: /^Дія/ }).click();
    await page.getByRole('dialog', { name: 'Дія' }).getByRole('button', { name: 'Усі дії' }).click();
    await page.getByLabel('Користувач (Telegram ID)').fill('999999');
    await page.getByText('За цими фільтрами дій немає').waitFor();
    await page.getByLabel('Користувач (Telegram ID)').fill(PERSONA.student);
    await expect.poll(titles).toEqual(['Поповнення гаманця', 'Розблокування користувача', 'Блокування користувача']);
  });

  it("a user's profile shows the actions that touched them", async () => {
    const page = await env.open({ persona: PERSONA.admin, path: paths.admin.user(PERSONA.student) });
    const section = page.getByRole('article', { name: 'Поповнення гаманця' });
    await section.waitFor();
    await expect(page.getByRole('article').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).resolves.toEqual([
      'Поповнення гаманця',
      'Розблокування користувача',
      'Блокування користувача',
    ]);
  });

  for (const theme of ['light', 'dark'] as Theme[]) {
    it(`looks right in the ${theme} theme`, async () => {
      const page = await env.open({ persona: PERSONA.admin, path: paths.admin.audit(), theme });
      await page.getByRole('article').first().waitFor();
      await waitForIdle(page);
      await expectLaidOut(page, ['Журнал дій', 'Фільтри', 'Блокування користувача']);
      // No refusal of any of the screen's reads (the admins' list included).
      expect(await page.getByRole('alert').count()).toBe(0);
      await shoot(page, `audit-${theme}`);
      const profile = await env.open({ persona: PERSONA.admin, path: paths.admin.user(PERSONA.student), theme });
      await profile.getByRole('article').first().waitFor();
      await profile.getByRole('article').first().scrollIntoViewIfNeeded();
      await waitForIdle(profile);
      await expectLaidOut(profile, ['Дії адміністраторів']);
      await shoot(profile, `audit-user-${theme}`);
    });
  }
});
