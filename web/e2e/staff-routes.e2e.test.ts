/**
 * The admin and developer screens' routes are not in the first screen's table (docs/WEB.md,
 * "Add a screen"): app/staffRoutes.tsx is a chunk the router loads and patches in when a path is
 * unknown to it. A student's app never downloads it; a deep link into an admin screen, a reload
 * there and the back button behave as before.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MSG } from '@zalik/contract';
import { PERSONA, VIEWPORT, startE2E, waitForIdle, type E2E } from './helpers';

const SUBJECT_CARD = 'a[href^="/list-task/"]';

/** The staff routes' chunk, as the build named it. */
function staffChunk(): string {
  const manifest = JSON.parse(readFileSync(path.join(inject('webDist'), '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const entry = manifest['src/app/staffRoutes.tsx'];
  if (!entry) throw new Error('no chunk for src/app/staffRoutes.tsx in the manifest');
  return `/${entry.file}`;
}

describe('admin and developer routes on demand', () => {
  let env: E2E;
  let chunk: string;

  beforeAll(async () => {
    env = await startE2E();
    chunk = staffChunk();
    for (const persona of [PERSONA.student, PERSONA.admin]) {
      const api = await env.apiAs(persona);
      await api.patch('/api/v1/users/me/course', { courseNumber: 1 });
    }
  });
  afterAll(async () => {
    await env?.stop();
  });

  /** Opens the app as a persona, recording every file it asks the server for from the first request on. */
  async function open(persona: string, at: string) {
    const context = await env.browser.newContext({ viewport: VIEWPORT, locale: 'uk-UA', reducedMotion: 'reduce' });
    const page = await context.newPage();
    const files: string[] = [];
    page.on('request', (r) => files.push(new URL(r.url()).pathname));
    const url = new URL(at, env.server.url);
    url.searchParams.set('persona', persona);
    await page.goto(url.toString());
    return { page, files };
  }

  it("a student's app never loads them; an unknown address still says it does not exist", async () => {
    const { page, files } = await open(PERSONA.student, '/');
    await page.locator(SUBJECT_CARD).first().waitFor();
    // Past the first screen and the idle prefetch of the other tabs.
    await waitForIdle(page);
    await page.getByRole('link', { name: 'Налаштування' }).click();
    await page.getByRole('link', { name: 'Зв’язатися з підтримкою' }).waitFor();
    await waitForIdle(page);
    expect(files).not.toContain(chunk);

    await page.goto(new URL('/no-such-screen', env.server.url).toString());
    await page.getByText(MSG.routeNotFound).waitFor();
  });

  it('an admin deep link opens the screen, again after a reload, and the back button goes up to its parent', async () => {
    const { page, files } = await open(PERSONA.admin, `/settings/admin-panel/profile/user?telegramId=${PERSONA.student}`);
    const profile = page.locator('section', { hasText: 'Telegram ID' });
    await expect(profile.textContent()).resolves.toContain(PERSONA.student);
    expect(files).toContain(chunk);

    await page.reload();
    await expect(profile.textContent()).resolves.toContain(PERSONA.student);

    // No history inside the app after a reload: Telegram's back button goes to the parent path.
    await page.getByRole('button', { name: 'Назад' }).click();
    await page.waitForURL((u) => u.pathname === '/settings/admin-panel/profile');
    await page.getByRole('searchbox', { name: 'Пошук за Telegram ID' }).waitFor();
  });

  it("an admin's app fetches them once the first screen is settled, before any tap into an admin screen", async () => {
    const { page, files } = await open(PERSONA.admin, '/');
    await page.locator(SUBJECT_CARD).first().waitFor();
    await waitForIdle(page);
    expect(files).toContain(chunk);
  });
});
