/**
 * Issue 13, item 2: a red banner belongs to the screen and the attempt that raised it. Editing
 * the refused input clears it (issue 29), so does the corrected action's success and leaving the
 * screen; an old error never sits over 'Замовлення прийнято' or 'Повідомлення надіслано'.
 *
 * Each check runs well inside the banner's own ERROR_BANNER_MS: what hides it is the edit, the
 * success or the navigation, not its timer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG, type HistoryItem } from '@zalik/contract';
import { expectLaidOut, PERSONA, shoot, startE2E, studentOnFirstCourse, type E2E, waitForIdle } from './helpers';

const SUBJECT = 'Вища математика';
const MANUAL_TASK = 'Контрольна робота з лінійної алгебри';

/** The app's red banner (the one with a close button), not a field's own mark. */
const banner = (page: Page) => page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Закрити' }) });

async function openManualTask(page: Page): Promise<void> {
  await page.getByRole('article', { name: MANUAL_TASK }).first().getByRole('button', { name: 'Придбати' }).click();
  await page.getByRole('heading', { name: MANUAL_TASK, level: 1 }).waitFor();
}

/** An answer longer than the server takes: the form sends it, the server refuses it in the banner. */
const TOO_LONG = MSG.invalidField('arguments');

async function refusedPurchase(page: Page): Promise<void> {
  await page.getByLabel('ПІБ студента').fill('Шевченко Т. Г.');
  await page.getByLabel('Група').fill('КН-21');
  await page.getByLabel('Тема', { exact: true }).fill('в'.repeat(5001));
  await page.getByRole('button', { name: 'Відправити' }).click();
  await banner(page).getByText(TOO_LONG).waitFor();
}

describe('an error banner does not outlive its attempt or its screen', () => {
  let env: E2E;
  let subjectId: string;

  beforeAll(async () => {
    env = await startE2E();
    subjectId = await studentOnFirstCourse(env, SUBJECT);
  });
  afterAll(async () => {
    await env?.stop();
  });

  it("a refused purchase, corrected, shows 'Замовлення прийнято' with no error over it", async () => {
    const history = () => env.apiAs(PERSONA.student).then((s) => s.get<HistoryItem[]>(`/api/v1/histories/user/${PERSONA.student}`));
    const before = (await history()).length;
    const page = await env.open({ persona: PERSONA.student, path: `/list-task/${subjectId}` });
    await openManualTask(page);
    await refusedPurchase(page);

    // Correcting the field is the answer to the refusal: the banner goes with the edit.
    await page.getByLabel('Тема', { exact: true }).fill('Власні вектори');
    await banner(page).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Відправити' }).click();
    await page.getByRole('heading', { name: 'Замовлення прийнято' }).waitFor();
    expect(await banner(page).count(), 'the refusal still shown over the accepted order').toBe(0);
    expect(await page.getByText(TOO_LONG).count()).toBe(0);
    expect((await history()).length).toBe(before + 1);
  });

  it("a refused support message, corrected, shows 'Повідомлення надіслано' with no error over it", async () => {
    const page = await env.open({ persona: PERSONA.student, path: '/settings/support' });
    await page.getByRole('textbox', { name: 'Повідомлення' }).fill('Не відкривається файл відповіді');
    const file = (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await page.getByTestId('support-files').setInputFiles(['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf'].map(file));
    await banner(page).getByText(MSG.supportTooManyFiles).waitFor();

    await page.getByTestId('support-files').setInputFiles([file('знімок.pdf')]);
    await page.getByText('знімок.pdf').waitFor();
    expect(await banner(page).count(), 'the file-limit error outlived the corrected files').toBe(0);
    await page.getByRole('button', { name: 'Відправити' }).click();
    await page.getByRole('heading', { name: 'Повідомлення надіслано' }).waitFor();
    expect(await banner(page).count(), 'the file-limit error still shown over the sent message').toBe(0);
    expect(await page.getByText(MSG.supportTooManyFiles).count()).toBe(0);
  });

  it('leaving the screen takes its banner away, and coming back shows none', async () => {
    const page = await env.open({ persona: PERSONA.student, path: `/list-task/${subjectId}` });
    await openManualTask(page);
    await refusedPurchase(page);

    await page.getByRole('button', { name: 'Назад' }).click();
    // The form still holds what was typed: back asks first.
    await page.getByRole('alertdialog', { name: 'Вийти з форми?' }).getByRole('button', { name: 'Вийти' }).click();
    await page.getByRole('article', { name: MANUAL_TASK }).first().waitFor();
    expect(await banner(page).count(), "the buying screen's error over the task list").toBe(0);
    await openManualTask(page);
    expect(await banner(page).count(), 'the old error on the form opened again').toBe(0);
    await waitForIdle(page);
    await expectLaidOut(page);
    await shoot(page, 'error-banner-back-on-form-light');
  });
});
