/**
 * Nothing moves under the user's finger: placeholder rows are exactly as tall as the rows that
 * replace them (a wallet's transactions, an admin's picker), and the file action sheet sits
 * inside the screen above the bottom inset, its cancel label centred in its own group.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { InProgressOrder, Subject, Teacher } from '@zalik/contract';
import { PERSONA, VIEWPORT, expectLaidOut, shoot, startE2E, waitForIdle, type E2E, type Theme } from './helpers';

/** The first placeholder row of a loading list (SkeletonRows and the wallet's own). */
const FIRST_PLACEHOLDER = '[aria-busy="true"][aria-label="Завантаження"] > :first-child';

/** Holds the API calls whose path matches until the returned function is called, so placeholders stay up. */
async function holdApi(page: Page, path: RegExp): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.startsWith('/api/') && path.test(url.pathname),
    async (route) => {
      await gate;
      await route.continue();
    },
  );
  return release;
}

async function box(locator: Locator): Promise<{ top: number; height: number }> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return { top: b.y, height: b.height };
}

/** The placeholder's box, then the real first row's box once `release` let the data through. */
async function firstRowBefore(page: Page, release: () => void, real: Locator) {
  const placeholder = page.locator(FIRST_PLACEHOLDER).first();
  await placeholder.waitFor();
  const before = await box(placeholder);
  release();
  await real.waitFor();
  await waitForIdle(page);
  return { before, after: await box(real) };
}

describe('layout stability', () => {
  let env: E2E;

  beforeAll(async () => {
    env = await startE2E();
    await (await env.apiAs(PERSONA.student)).patch('/api/v1/users/me/course', { courseNumber: 1 });
    // The newest transaction is a top-up, whose one-line title is what a placeholder row stands for.
    await (await env.apiAs(PERSONA.admin)).patch('/api/v1/wallets/deposit', { userTelegramId: PERSONA.student, amount: 200 });
  });
  afterAll(async () => {
    await env?.stop();
  });

  for (const theme of ['light', 'dark'] as Theme[]) {
    it(`the wallet's first transaction row keeps its place and height when the data arrives (${theme})`, async () => {
      const page = await env.open({ persona: PERSONA.student, theme, path: '/settings' });
      await waitForIdle(page);
      const release = await holdApi(page, /\/transactions\//);
      await page.getByRole('navigation').getByRole('link', { name: 'Гаманець' }).click();
      await page.locator(FIRST_PLACEHOLDER).first().waitFor();
      await expectLaidOut(page);
      await shoot(page, `wallet-loading-${theme}`);

      const first = page.getByRole('list', { name: 'Транзакції' }).getByRole('listitem').first();
      const { before, after } = await firstRowBefore(page, release, first);
      expect(await first.textContent()).toContain('Поповнення');
      expect(after.top).toBeCloseTo(before.top, 1);
      expect(after.height).toBeCloseTo(before.height, 1);
    });
  }

  it("an admin's picker rows keep their height when the data arrives", async () => {
    const admin = await env.apiAs(PERSONA.admin);
    const subject = (await admin.get<Subject[]>('/api/v1/subjects/course-number/1'))[0]!;
    const teacher = (await admin.get<Teacher[]>(`/api/v1/teachers/subject/${subject.id}`))[0]!;
    const page = await env.open({ persona: PERSONA.admin, path: '/settings' });
    await waitForIdle(page);
    const release = await holdApi(page, /^\/api\/v1\/arguments\/?$/);
    await page.goto(new URL(`/list-task/add-task/${subject.id}/choose-argument?teacherId=${teacher.id}&persona=${PERSONA.admin}`, env.server.url).toString());

    const first = page.getByRole('checkbox').first();
    const { before, after } = await firstRowBefore(page, release, first);
    expect(after.top).toBeCloseTo(before.top, 1);
    expect(after.height).toBeCloseTo(before.height, 1);
  });

  it("the file action sheet stays above the bottom inset, 'Скасувати' centred in its group", async () => {
    const queue = await (await env.apiAs(PERSONA.developer)).get<InProgressOrder[]>('/api/v1/histories/developer/in-progress');
    expect(queue.length).toBeGreaterThan(0); // the demo seed's open orders
    // iOS: the emulated client reports a 34 px home-indicator inset.
    const page = await env.open({ persona: PERSONA.developer, platform: 'ios', path: '/settings/dev-panel' });
    const card = page.getByRole('article').first();
    await card.getByTestId('add-files').setInputFiles([{ name: 'розв’язок.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') }]);
    await card.getByRole('button', { name: /розв’язок\.pdf/ }).click();
    const sheet = page.getByRole('dialog', { name: 'розв’язок.pdf' });
    await sheet.waitFor();
    await waitForIdle(page);
    await expectLaidOut(page);
    await shoot(page, 'action-sheet-ios-light');

    const cancel = sheet.getByRole('button', { name: 'Скасувати' });
    const button = await cancel.boundingBox();
    const label = await cancel.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const r = range.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom };
    });
    const inset = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--safe-bottom')));
    expect(inset).toBe(34);
    expect(button!.y + button!.height).toBeCloseTo(VIEWPORT.height - inset - 8, 0);
    // Centred within a pixel or two (glyph boxes are not symmetric); top-aligned it was 15 px off.
    expect(Math.abs((label.top + label.bottom) / 2 - (button!.y + button!.height / 2))).toBeLessThan(2);

    const actions = await sheet.getByRole('button', { name: 'Видалити' }).boundingBox();
    expect(actions!.y + actions!.height).toBeLessThanOrEqual(button!.y - 8);
  });
});
