/**
 * The first screen rendered by the server (docs/WEB.md, "The first seconds"): the sign-in
 * sets the first-screen cookie; the next open's HTML already holds the student's subject
 * list, which React hydrates (the very nodes stay, nothing mismatches, taps work); without
 * the cookie, or for a banned student, the HTML holds only the skeleton.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PERSONA, expectLaidOut, shoot, startE2E, waitForIdle, type E2E, type Theme } from './helpers';

const SUBJECT_CARD = 'a[href^="/list-task/"]';
const COURSE_1 = ['Вища математика', 'Програмування', 'Фізика', 'Англійська мова'];
const COURSE_2 = 'Бази даних';

/** Errors the page reports (a hydration mismatch is one), from the first script on. */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** The `#root` of the HTML the server answers `/` with, for this page's cookies. */
async function servedRoot(page: Page, url: string): Promise<string> {
  const html = await (await page.request.get(url)).text();
  return html.slice(html.indexOf('<div id="root">'));
}

describe('the first screen rendered by the server', () => {
  let env: E2E;

  beforeAll(async () => {
    env = await startE2E();
    const student = await env.apiAs(PERSONA.student);
    await student.patch('/api/v1/users/me/course', { courseNumber: 1 });
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('the sign-in sets the cookie, and the next HTML holds that course’s subject list and its data', async () => {
    const page = await env.open({ persona: PERSONA.student });
    await page.locator(SUBJECT_CARD).first().waitFor();
    const cookie = (await page.context().cookies()).find((c) => c.name === 'zalik_first');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.value).toMatch(/^1\.100001\.\d+\./);

    const root = await servedRoot(page, `${env.server.url}/`);
    for (const name of COURSE_1) expect(root).toContain(`>${name}</span>`);
    expect(root).not.toContain(COURSE_2);
    expect(root).not.toContain('aria-busy="true"');
    const html = await (await page.request.get(`${env.server.url}/`)).text();
    expect(html).toContain('<script type="application/json" id="zalik-first-screen">{"course":1,"telegramId":"100001"');

    // A course chosen since travels in the cookie too.
    const student = await env.apiAs(PERSONA.student);
    const res = await page.request.patch(`${env.server.url}/api/v1/users/me/course`, { data: { courseNumber: 2 }, headers: { authorization: `Bearer ${student.token}` } });
    expect(res.ok()).toBe(true);
    expect(await servedRoot(page, `${env.server.url}/`)).toContain(COURSE_2);
    await student.patch('/api/v1/users/me/course', { courseNumber: 1 });
  });

  it('without the cookie, with a forged one, or for a banned student, the HTML holds only the skeleton', async () => {
    const plain = await fetch(`${env.server.url}/`).then((r) => r.text());
    expect(plain).toContain('aria-busy="true"');
    expect(plain).not.toContain('id="zalik-first-screen"');
    for (const name of COURSE_1) expect(plain).not.toContain(name);

    const forged = await fetch(`${env.server.url}/`, { headers: { cookie: 'zalik_first=1.100001.9999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' } }).then((r) => r.text());
    expect(forged).not.toContain(COURSE_1[0]);

    const page = await env.open({ persona: PERSONA.student });
    await page.locator(SUBJECT_CARD).first().waitFor();
    const admin = await env.apiAs(PERSONA.admin);
    await admin.patch(`/api/v1/users/${PERSONA.student}/ban?value=true`);
    try {
      const root = await servedRoot(page, `${env.server.url}/`);
      expect(root).not.toContain(COURSE_1[0]);
      expect(root).toContain('aria-busy="true"');
    } finally {
      await admin.patch(`/api/v1/users/${PERSONA.student}/ban?value=false`);
    }
  });

  it('React hydrates the served list: the first card stays the very node the server sent, no error, and it opens its subject', async () => {
    const page = await env.open({ persona: PERSONA.student });
    await page.locator(SUBJECT_CARD).first().waitFor();
    await page.waitForLoadState('networkidle');
    // Before the page's scripts: keep the first card the parser creates.
    await page.addInitScript({
      content: `new MutationObserver(function (_, observer) {
        var card = document.querySelector('${SUBJECT_CARD}');
        if (card) { window.__servedCard = card; observer.disconnect(); }
      }).observe(document, { childList: true, subtree: true });`,
    });
    const errors = errorsOf(page);
    await page.reload();
    await page.waitForFunction(() => performance.getEntriesByName('zalik:rendered').length > 0);
    await waitForIdle(page);
    expect(await page.evaluate((sel) => document.querySelector(sel) === (window as Window & { __servedCard?: Element }).__servedCard, SUBJECT_CARD)).toBe(true);
    expect(errors).toEqual([]);
    // The served data were enough: the app asked the server for neither the list nor the news.
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await page.getByRole('link', { name: /Фізика/ }).click();
    await page.waitForURL(/\/list-task\/\d+/);
    expect(asked.filter((p) => p.startsWith('/api/v1/subjects/course-number/'))).toEqual([]);
  });

  it('the served card is the card the app itself renders (same classes and markup)', async () => {
    const page = await env.open({ persona: PERSONA.student });
    await page.locator(SUBJECT_CARD).first().waitFor();
    const html = await servedRoot(page, `${env.server.url}/`);
    const servedCard = html.slice(html.indexOf('<a class='), html.indexOf('</a>') + 4);
    // Reloaded without the cookie: the app renders the list itself, in the browser.
    await page.context().clearCookies();
    await page.reload();
    await page.locator(SUBJECT_CARD).first().waitFor();
    const clientCard = await page.locator(SUBJECT_CARD).first().evaluate((a) => a.outerHTML);
    expect(clientCard).toBe(servedCard);
  });

  for (const theme of ['light', 'dark'] as Theme[]) {
    it(`looks like the app before its JavaScript has run (${theme})`, async () => {
      const page = await env.open({ persona: PERSONA.student, theme });
      await page.locator(SUBJECT_CARD).first().waitFor();
      await page.waitForLoadState('networkidle');
      const card = (await page.locator(SUBJECT_CARD).first().textContent()) ?? '';
      expect(card).not.toBe('');
      await expectLaidOut(page, ['1 курс', card]);
      await shoot(page, `first-screen-hydrated-${theme}`);
      // The HTML and the stylesheet alone: what a slow phone shows until the app arrives.
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await page.reload();
      await page.locator(SUBJECT_CARD).first().waitFor();
      // The same screen as the app's: the course tabs and the same first card, laid out alike.
      await expectLaidOut(page, ['1 курс', card]);
      expect(await page.getByRole('tab', { selected: true }).textContent()).toMatch(/курс$/);
      await shoot(page, `first-screen-served-${theme}`);
    });
  }
});
