/**
 * axe-core in the browser tests (docs/WEB.md, "Accessibility"): `expectAccessible(page, 'wallet-dark')`
 * runs axe over what the page shows now and fails on any serious or critical violation, printing
 * each one's rule, the elements it found and what is wrong, so the failure says what to fix.
 * Moderate and minor findings are printed too but do not fail (axe's own impact levels).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults, Result } from 'axe-core';
import { expect } from 'vitest';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.2 A and AA (contrast, names, labels, 24 px targets) and axe's best practices (landmarks, headings). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const FAILING = new Set(['serious', 'critical']);

/** One line per element: the rule, its impact, the element's selector and axe's summary of what to fix. */
export function describeViolations(screen: string, violations: readonly Result[]): string[] {
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${screen}: ${v.id} (${v.impact}) ${n.target.join(' ')}: ${(n.failureSummary ?? v.help).replace(/\s+/g, ' ')}`),
  );
}

/** Runs axe over the page; fails on serious/critical violations; answers every violation found. */
export async function expectAccessible(page: Page, screen: string): Promise<Result[]> {
  // Evaluated over the DevTools protocol rather than added as a <script>: the app's Content
  // Security Policy (rightly) refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (tags) => (window as unknown as { axe: { run(c: Document, o: object): Promise<AxeResults> } }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    TAGS,
  );
  const failing = results.violations.filter((v) => FAILING.has(v.impact ?? ''));
  const mild = results.violations.filter((v) => !FAILING.has(v.impact ?? ''));
  if (mild.length) console.warn(describeViolations(screen, mild).join('\n'));
  expect.soft(describeViolations(screen, failing), `serious or critical accessibility violations on ${screen}`).toEqual([]);
  return results.violations;
}

/**
 * The controls on screen whose tap area is under `min` px tall or wide (docs/WEB.md: 44 px),
 * each as "tag 'its text' WxH". The area is probed through the control's middle lines with
 * elementFromPoint, so an invisible ::before/::after hit area counts and whatever covers the
 * control (a sheet, the bottom bar) does not. Links inside running text are exempt, as WCAG
 * exempts them; so are controls no point of which is on screen.
 */
export function smallTargets(page: Page, min = 44): Promise<string[]> {
  return page.evaluate((least) => {
    const selector = 'button, a[href], input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="radio"], [role="checkbox"], [role="switch"], [role="menuitem"], [role="option"], [role="slider"]';
    const inText = (el: Element) => el.tagName === 'A' && !!el.parentElement && /\S/.test([...el.parentElement.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join(''));
    const found: string[] = [];
    for (const el of document.querySelectorAll(selector)) {
      // The demo bar stands in for Telegram's own header (its back button, the demo switches): not the app's.
      if (el.closest('[data-testid="demo-bar"]')) continue;
      if (inText(el) || (el as HTMLButtonElement).disabled || !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      // A control inside another control (a label's checkbox, a row's button) is measured as the outer one.
      if (el.parentElement?.closest(selector) && el.tagName === 'INPUT') continue;
      const r = el.getBoundingClientRect();
      const cx = Math.min(Math.max(r.left + r.width / 2, 1), innerWidth - 1);
      const cy = Math.min(Math.max(r.top + r.height / 2, 1), innerHeight - 1);
      const mine = (x: number, y: number) => {
        const at = document.elementFromPoint(x, y);
        return !!at && (el.contains(at) || (el.id !== '' && at instanceof HTMLLabelElement && at.htmlFor === el.id));
      };
      if (!mine(cx, cy)) continue;
      // A fixed bar (the pinned bottom button, the header) over part of the control or of its
      // hit area is like the screen's edge: the control scrolls out from under it.
      const underBar = (y: number) => {
        for (let n = document.elementFromPoint(cx, y); n && !el.contains(n); n = n.parentElement) {
          if (['fixed', 'sticky'].includes(getComputedStyle(n).position)) return true;
        }
        return false;
      };
      let h = 0;
      let barred = false;
      for (let y = Math.max(0, Math.floor(r.top) - 24); y <= Math.min(innerHeight, Math.ceil(r.bottom) + 24); y += 1) {
        if (mine(cx, y)) h += 1;
        else if (!barred && y >= r.top - 22 && y <= r.bottom + 22) barred = underBar(y);
      }
      let w = 0;
      for (let x = Math.max(0, Math.floor(r.left) - 24); x <= Math.min(innerWidth, Math.ceil(r.right) + 24); x += 1) if (mine(x, cy)) w += 1;
      // Cut by the screen's edge (a row scrolled half out, a chip at the end of a sideways
      // scrolling row): only what is on screen can be judged.
      const cut = r.top < 0 || r.bottom > innerHeight || barred;
      const cutSideways = r.left < 0 || r.right > innerWidth;
      if ((h < least && !cut) || (w < least && !cutSideways)) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
        found.push(`${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} '${name}' ${w}x${h}`);
      }
    }
    return found;
  }, min);
}
