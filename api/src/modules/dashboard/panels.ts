import type { z } from 'zod';
import {
  DASHBOARD_CHART_DAYS, DASHBOARD_PERIOD_DAYS, DASHBOARD_PERIODS, DashboardBacklog, DashboardDaily, DashboardDevelopers, DashboardFigures,
  DashboardTop, type DashboardPeriod,
} from '@zalik/contract';
import type { Executor } from '../../db/client.js';
import { dailyChart, leaderboard, topLists } from './charts.queries.js';
import { dashboardBacklog, dashboardFigures } from './figures.queries.js';
import { periodSpan, type Span } from './period.js';

/**
 * Every dashboard panel, computed the one way both the routes and the job `dashboard.refresh`
 * use (docs/DASHBOARD.md), so a stored answer is exactly what a live one would have been at its
 * moment. A panel's key is its name and period ('figures:7d') or its name alone ('daily').
 */
const PERIOD_PANELS = {
  figures: {
    answer: DashboardFigures,
    compute: async (ex: Executor, period: DashboardPeriod, span: Span): Promise<DashboardFigures> => ({ period, ...(await dashboardFigures(ex, span)) }),
  },
  backlog: {
    answer: DashboardBacklog,
    compute: async (ex: Executor, period: DashboardPeriod, span: Span): Promise<DashboardBacklog> => ({
      period,
      ...(await dashboardBacklog(ex, span.to, span.from)),
    }),
  },
  top: {
    answer: DashboardTop,
    compute: async (ex: Executor, period: DashboardPeriod, span: Span): Promise<DashboardTop> => ({ period, ...span, ...(await topLists(ex, span)) }),
  },
  developers: {
    answer: DashboardDevelopers,
    compute: async (ex: Executor, period: DashboardPeriod, span: Span): Promise<DashboardDevelopers> => ({
      period,
      ...span,
      developers: await leaderboard(ex, span),
    }),
  },
};

export type PeriodPanel = keyof typeof PERIOD_PANELS;
export type PanelKey = `${PeriodPanel}:${DashboardPeriod}` | 'daily';

/** What the panel of a key answers: a period panel's is what its `compute` declares. */
export type AnswerOf<K extends PanelKey> = K extends `${infer P extends PeriodPanel}:${string}`
  ? Awaited<ReturnType<(typeof PERIOD_PANELS)[P]['compute']>>
  : DashboardDaily;

/** Every panel and period, in the order the job refreshes them. */
export const PANEL_KEYS: readonly PanelKey[] = [
  ...(Object.keys(PERIOD_PANELS) as PeriodPanel[]).flatMap((p) => DASHBOARD_PERIODS.map((period) => `${p}:${period}` as const)),
  'daily',
];

export const panelKey = <P extends PeriodPanel>(panel: P, period: DashboardPeriod): `${P}:${DashboardPeriod}` => `${panel}:${period}`;

function parts(key: PanelKey): { panel: PeriodPanel; period: DashboardPeriod } | null {
  if (key === 'daily') return null;
  const [panel, period] = key.split(':') as [PeriodPanel, DashboardPeriod];
  return { panel, period };
}

/** The panel's answer as of `now`, read through `ex` (the analytics pool). */
export async function computePanel<K extends PanelKey>(ex: Executor, key: K, now: Date): Promise<AnswerOf<K>> {
  const p = parts(key);
  if (!p) return { at: now.toISOString(), days: await dailyChart(ex, DASHBOARD_CHART_DAYS, now) } as AnswerOf<K>;
  const span = await periodSpan(ex, DASHBOARD_PERIOD_DAYS[p.period], now);
  return (await PERIOD_PANELS[p.panel].compute(ex, p.period, span)) as AnswerOf<K>;
}

/** The panel's answer schema: a stored answer that no longer fits it (written by an older version) is computed again. */
export function panelAnswer(key: PanelKey): z.ZodType {
  const p = parts(key);
  return p ? PERIOD_PANELS[p.panel].answer : DashboardDaily;
}
