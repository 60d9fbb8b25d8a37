/**
 * Browser contexts kept across a file's page opens. A new context costs a 2-core machine about
 * as much CPU as the screen it opens: the app's scripts are fetched and compiled again, as its
 * HTTP cache (and the compiled code kept beside it) starts empty. A context whose pages are all
 * closed is handed to the next page of the same kind, emptied of what a page could have left:
 * cookies, local storage, permissions, routes and the offline switch. Its HTTP cache stays; the
 * API's answers carry no freshness, so each is asked for again.
 */
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';

/**
 * Local storage is emptied at a tab's first document, not at each: a reload keeps what the app
 * stored (drafts, a dismissed hint), as it would on a phone. The tab's own sessionStorage says
 * whether this is its first document.
 */
const EMPTY_AT_FIRST_DOCUMENT = `(() => {
  try {
    if (sessionStorage.getItem('e2e-tab') === null) {
      localStorage.clear();
      sessionStorage.setItem('e2e-tab', '1');
    }
  } catch {}
})();`;

export class ContextPool {
  private readonly kept: { key: string; context: BrowserContext }[] = [];
  private readonly own: BrowserContext[] = [];

  constructor(private readonly browser: Browser) {}

  async take(options: BrowserContextOptions, fresh: boolean): Promise<BrowserContext> {
    if (fresh) {
      const context = await this.browser.newContext(options);
      this.own.push(context);
      return context;
    }
    const key = JSON.stringify(options);
    const idle = this.kept.find((k) => k.key === key && k.context.pages().length === 0);
    if (idle) {
      await empty(idle.context);
      return idle.context;
    }
    const context = await this.browser.newContext(options);
    await context.addInitScript(EMPTY_AT_FIRST_DOCUMENT);
    const kept = { key, context };
    // A test may close a page's context itself: that one is not handed out again.
    context.on('close', () => this.kept.splice(this.kept.indexOf(kept), 1));
    this.kept.push(kept);
    return context;
  }

  async close(): Promise<void> {
    for (const context of [...this.kept.map((k) => k.context), ...this.own]) await context.close().catch(() => undefined);
  }
}

async function empty(context: BrowserContext): Promise<void> {
  await context.clearCookies();
  await context.clearPermissions();
  await context.setOffline(false);
  await context.unrouteAll({ behavior: 'ignoreErrors' });
}
