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
