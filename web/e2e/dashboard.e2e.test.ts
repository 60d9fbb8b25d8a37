/**
 * The admin dashboard in a real browser, on a marketplace with 40 days of history written
 * before the API starts: the charts draw exactly the API's numbers (data attributes and bar
 * heights), the cards show the API's figures, both themes are photographed, and an export
 * button downloads the CSV through its signed link.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS, type DashboardDaily, type DashboardDevelopers, type DashboardFigures, type DashboardTop } from '@zalik/contract';
import { openDatabase } from '../../api/src/db/client';
import { migrate } from '../../api/src/db/migrate';
import { seedMarket } from '../../api/test/market-fixture';
import { paths } from '../src/lib/paths';
import { PERSONA, expectLaidOut, shoot, startE2E, waitForIdle, type E2E, type Theme } from './helpers';

describe('admin dashboard', () => {
  let env: E2E;
  beforeAll(async () => {
    env = await startE2E(async ({ dataDir, databaseUrl }) => {
      const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
      try {
        await migrate(database);
        await seedMarket(database.db, { orders: 1500, days: 40, now: new Date(), idBase: 7_000_000 });
      } finally {
        await database.close();
      }
    });
  });
  afterAll(async () => {
    await env?.stop();
  });

  for (const theme of ['light', 'dark'] as Theme[]) {
    it(`in the ${theme} theme the charts draw the API's numbers and the cards show its figures`, async () => {
      const page = await env.open({ persona: PERSONA.admin, path: paths.admin.dashboard, theme });
      await page.getByRole('img', { name: 'Покупки за 30 днів' }).waitFor();
      await page.getByText('Топ-10 завдань').waitFor();
      await waitForIdle(page);
      // Once, under the title: when the oldest panel shown was computed (docs/DASHBOARD.md "Snapshots").
      await expect.poll(() => page.getByText(/^Оновлено о \d{2}:\d{2}$/).count()).toBe(1);
      const api = await env.apiAs(PERSONA.admin);
      const { days } = await api.get<DashboardDaily>('/api/v1/dashboard/daily');

      const bars = await page.locator('svg[data-kind="bars"] g[data-date]').evaluateAll((gs) =>
        gs.map((g) => ({
          date: g.getAttribute('data-date'),
          auto: Number(g.getAttribute('data-auto')),
          manual: Number(g.getAttribute('data-manual')),
          // What the eye sees: the drawn height of the day's stacked bars.
          height: [...g.querySelectorAll('rect:not([class])')].reduce((a, r) => a + Number(r.getAttribute('height')), 0),
        })),
      );
      expect(bars.map(({ date, auto, manual }) => ({ date, auto, manual }))).toEqual(days.map((d) => ({ date: d.date, auto: d.auto, manual: d.manual })));
      const tallest = Math.max(...bars.map((b) => b.height));
      const most = Math.max(...days.map((d) => d.purchases));
      expect(most).toBeGreaterThan(0);
      for (const [i, b] of bars.entries()) expect(b.height / tallest).toBeCloseTo(days[i]!.purchases / most, 5);

      const points = await page.locator('svg[data-kind="lines"] g[data-date]').evaluateAll((gs) =>
        gs.map((g) => [g.getAttribute('data-date'), Number(g.getAttribute('data-sales')), Number(g.getAttribute('data-fees'))]),
      );
      expect(points).toEqual(days.map((d) => [d.date, d.sales, d.fees]));

      const figures = await api.get<DashboardFigures>('/api/v1/dashboard/figures?period=7d');
      const card = (name: string) => page.getByRole('group', { name: new RegExp(`^${name}:`) });
      expect(await card('Продажі').getAttribute('data-value')).toBe(String(figures.revenue.sales.value));
      expect(await card('Продажі').getAttribute('data-previous')).toBe(String(figures.revenue.sales.previous));
      expect(await card('Ручні').getAttribute('data-value')).toBe(String(figures.purchases.manual.value));
      const top = await api.get<DashboardTop>('/api/v1/dashboard/top?period=7d');
      await page.getByText(top.subjects[0]!.name, { exact: true }).first().waitFor();
      const devs = await api.get<DashboardDevelopers>('/api/v1/dashboard/developers?period=7d');
      await page.getByText(devs.developers[0]!.name, { exact: true }).waitFor();

      // The screen is long: one picture per screenful, top to bottom.
      await expectLaidOut(page);
      await shoot(page, `dashboard-${theme}`);
      const screens = Math.ceil((await page.evaluate(() => document.documentElement.scrollHeight)) / 700);
      for (let i = 1; i < screens; i++) {
        await page.evaluate((y) => window.scrollTo(0, y), i * 700);
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        await expectLaidOut(page);
        await shoot(page, `dashboard-${theme}-${i + 1}`);
      }
    });
  }

  it('tapping a day shows its numbers; another period brings that period’s figures', async () => {
    const page = await env.open({ persona: PERSONA.admin, path: paths.admin.dashboard });
    const api = await env.apiAs(PERSONA.admin);
    const { days } = await api.get<DashboardDaily>('/api/v1/dashboard/daily');
    const busiest = days.reduce((a, d) => (d.purchases > a.purchases ? d : a));
    await page.locator(`svg[data-kind="bars"] g[data-date="${busiest.date}"] rect[class]`).click();
    const readout = page.locator('figcaption').first();
    await expect.poll(() => readout.textContent()).toContain(`Авто: ${busiest.auto}`);

    await page.getByRole('tab', { name: '30 днів' }).click();
    await waitForIdle(page);
    const month = await api.get<DashboardFigures>('/api/v1/dashboard/figures?period=30d');
    expect(page.url()).toContain('period=30d');
    const sales = page.getByRole('group', { name: /^Продажі:/ });
    await expect.poll(() => sales.getAttribute('data-value')).toBe(String(month.revenue.sales.value));
  });

  it('an export button downloads the CSV of the chosen days through its signed link', async () => {
    const page = await env.open({ persona: PERSONA.admin, path: paths.admin.dashboard });
    const csv = page.waitForResponse((r) => r.url().includes('/api/v1/dashboard/exports/orders?'));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Замовлення' }).click();
    expect((await csv).status()).toBe(200);
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^zalik-orders-\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.csv$/);
    const body = readFileSync((await file.path())!);
    expect(body.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(body.toString('utf8').split('\r\n')[0]).toBe(`\uFEFF${EXPORT_COLUMNS.orders.join(';')}`);
  });
});
