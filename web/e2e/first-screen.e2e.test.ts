/**
 * The first seconds (docs/WEB.md, "The first seconds"): index.html's inline boot script runs
 * under the server's real CSP, and no other inline script does; the demo signs in through the
 * init-data call; a launch from Telegram signs in once with the launch's own initData.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PERSONA, VIEWPORT, startE2E, type E2E } from './helpers';

const SUBJECT_CARD = 'a[href^="/list-task/"]';

/** Every API request the page sends, as `METHOD /path`, and the CSP violations it reports. */
function watch(page: Page) {
  const requests: string[] = [];
  const bodies = new Map<string, string | null>();
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (!pathname.startsWith('/api/')) return;
    requests.push(`${r.method()} ${pathname}`);
    bodies.set(`${r.method()} ${pathname}`, r.postData());
  });
  return { requests, bodies };
}

const violations = (page: Page) => page.evaluate(() => (window as Window & { __violations?: string[] }).__violations ?? []);

describe('the first seconds', () => {
  let env: E2E;

  beforeAll(async () => {
    env = await startE2E();
    const student = await env.apiAs(PERSONA.student);
    await student.patch('/api/v1/users/me/course', { courseNumber: 1 });
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('runs the inline boot script under the CSP, and no other inline script', async () => {
    const context = await env.browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    // Before any of the page's scripts: record what the CSP refuses.
    await page.addInitScript({
      content: `window.__violations = [];
        document.addEventListener('securitypolicyviolation', function (e) { window.__violations.push(e.effectiveDirective + ' ' + e.blockedURI); });`,
    });
    const seen = watch(page);
    const response = await page.goto(`${env.server.url}/?persona=${PERSONA.student}`);
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*';/);
    await page.locator(SUBJECT_CARD).first().waitFor();

    // The boot script ran: its parked requests were there for the app to take.
    expect(await page.evaluate(() => typeof window.__zalikEarly)).toBe('object');
    expect(await violations(page)).toEqual([]);
    // The demo signs in through init-data: no sign-in call of its own, nothing asked twice.
    // The app asked for the very URLs the boot script had asked for: it took their answers.
    expect(seen.requests.filter((r) => r === 'GET /api/v1/news')).toHaveLength(1);
    expect(seen.requests.filter((r) => r !== 'GET /api/v1/news').sort()).toEqual([
      'GET /api/dev/personas',
      'GET /api/v1/subjects/course-number/1',
      'POST /api/dev/init-data',
    ]);

    // Any other inline script is refused.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.head.append(script);
    });
    await expect.poll(() => violations(page)).toEqual(['script-src-elem inline']);
    expect(await page.evaluate(() => (window as Window & { __injected?: boolean }).__injected)).toBeUndefined();
    await context.close();
  });

  it("signs a Telegram launch in once, with the launch's initData, and never touches the demo's endpoints", async () => {
    const { initData } = await fetch(`${env.server.url}/api/dev/init-data`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ telegramId: PERSONA.student }),
    }).then((r) => r.json() as Promise<{ initData: string }>);
    const launch = new URLSearchParams({
      tgWebAppData: initData,
      tgWebAppVersion: '8.0',
      tgWebAppPlatform: 'android',
      tgWebAppThemeParams: JSON.stringify({ bg_color: '#ffffff', text_color: '#000000' }),
    });
    const context = await env.browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    // What a mobile Telegram client gives the page to post its Mini Apps methods to.
    await page.addInitScript({ content: 'window.TelegramWebviewProxy = { postEvent: function () {} };' });
    const seen = watch(page);
    await page.goto(`${env.server.url}/#${launch.toString()}`);
    // Nothing answers the SDK's requests here (the viewport's times out after 3 s).
    await page.locator(SUBJECT_CARD).first().waitFor({ timeout: 20_000 });

    expect(seen.requests.filter((r) => r.startsWith('POST ') || r.includes('/api/dev/'))).toEqual(['POST /api/v1/users/auth']);
    expect(seen.bodies.get('POST /api/v1/users/auth')).toBe(JSON.stringify(initData));
    expect(seen.requests.filter((r) => r.startsWith('GET /api/v1/subjects/'))).toEqual(['GET /api/v1/subjects/course-number/1']);
    // No emulation: the demo's header is not there.
    expect(await page.getByRole('button', { name: /Олена|студент/ }).count()).toBe(0);
    await context.close();
  });
});
