import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@zalik/contract';
import { PERSONA, expectLaidOut, shoot, startE2E, type E2E } from './helpers';

describe('ban', () => {
  let env: E2E;
  beforeAll(async () => {
    env = await startE2E();
  });
  afterAll(async () => {
    await env?.stop();
  });

  it("a ban shows the blocked screen on the student's next call, and on every launch until lifted", async () => {
    const page = await env.open({ persona: PERSONA.student, path: '/' });
    await page.getByRole('heading', { name: 'Оберіть свій курс' }).waitFor();

    const admin = await env.apiAs(PERSONA.admin);
    await admin.patch(`/api/v1/users/${PERSONA.student}/ban?value=true`);

    // The open session still holds a token without the ban: the server refuses the next call.
    await page.getByRole('radio', { name: /^2/ }).click();
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Готово' }).click();
    await expect(page.getByTestId('blocked-text').textContent()).resolves.toBe(MSG.blocked);
    expect(await page.getByRole('navigation').count()).toBe(0);

    // A new launch signs in again: the token says banned, so nothing else is shown.
    await page.reload();
    await expect(page.getByTestId('blocked-text').textContent()).resolves.toBe(MSG.blocked);

    // The one way out: a message to support, which the server takes from a banned user.
    await page.getByRole('button', { name: 'Написати в підтримку' }).click();
    await page.getByRole('textbox', { name: 'Повідомлення' }).fill('Прошу розблокувати мій акаунт');
    await shoot(page, 'ban-appeal-light');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/supports/sent') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Надіслати' }).click();
    expect((await answer).status()).toBe(200);
    await page.getByText('Повідомлення надіслано. Підтримка відповість вам у Telegram.').waitFor();
    const dark = await env.open({ persona: PERSONA.student, theme: 'dark', path: '/' });
    await dark.getByRole('button', { name: 'Написати в підтримку' }).click();
    await expectLaidOut(dark, ['Доступ обмежено', 'Відповідь прийде в Telegram.']);
    await shoot(dark, 'ban-appeal-dark');

    // Unbanned: the next launch is back to normal.
    await admin.patch(`/api/v1/users/${PERSONA.student}/ban?value=false`);
    await page.reload();
    await page.getByRole('heading', { name: 'Оберіть свій курс' }).waitFor();
  });
});
