import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@zalik/contract';
import { PERSONA, startE2E, type E2E } from './helpers';

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

    // Unbanned: the next launch is back to normal.
    await admin.patch(`/api/v1/users/${PERSONA.student}/ban?value=false`);
    await page.reload();
    await page.getByRole('heading', { name: 'Оберіть свій курс' }).waitFor();
  });
});
