import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { LONG_PRESS_MS, type Subject } from '@zalik/contract';
import { PERSONA, startE2E, waitForIdle, type E2E } from './helpers';

/** A finger held on the element: pointer events with pointerType 'touch', as a phone sends them. */
async function press(target: Locator, holdMs: number): Promise<void> {
  const box = (await target.boundingBox())!;
  const at = { pointerType: 'touch', isPrimary: true, pointerId: 7, clientX: box.x + box.width / 2, clientY: box.y + box.height / 2, bubbles: true };
  await target.dispatchEvent('pointerdown', at);
  await target.page().waitForTimeout(holdMs);
  await target.dispatchEvent('pointerup', at);
}

describe('admin context menu on touch screens', () => {
  let env: E2E;
  let subjects: Subject[];

  beforeAll(async () => {
    env = await startE2E();
    const admin = await env.apiAs(PERSONA.admin);
    await admin.patch('/api/v1/users/me/course', { courseNumber: 1 });
    subjects = await admin.get<Subject[]>('/api/v1/subjects/course-number/1');
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('opens after a long press of 500 ms, not after a short tap, and edits the subject', async () => {
    const page = await env.open({ persona: PERSONA.admin, path: '/' });
    await waitForIdle(page);
    const name = subjects[0]!.name;
    const card = page.getByRole('link', { name: new RegExp(name) }).first();
    await card.waitFor();

    await press(card, LONG_PRESS_MS / 5);
    await page.waitForTimeout(LONG_PRESS_MS); // the timer would have fired by now
    expect(await page.getByRole('menuitem', { name: 'Редагувати' }).count()).toBe(0);

    await page.goto(page.url()); // a short tap may have navigated into the subject: start over
    await waitForIdle(page);
    await press(page.getByRole('link', { name: new RegExp(name) }).first(), LONG_PRESS_MS + 200);
    await page.getByRole('menuitem', { name: 'Видалити' }).waitFor();
    await page.getByRole('menuitem', { name: 'Редагувати' }).click();
    await page.waitForURL(/\/edit-subject/);
    expect(await page.getByRole('textbox').first().inputValue()).toBe(name);
  });
});
