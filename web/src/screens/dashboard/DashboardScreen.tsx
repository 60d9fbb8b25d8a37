import { useSearchParams } from 'react-router';
import { DASHBOARD_PERIODS, DASHBOARD_CHART_DAYS, dashboardUpdatedAt, type DashboardDaily, type DashboardPeriod } from '@zalik/contract';
import { Page, Section, SkeletonBar, Tabs } from '../../ui';
import { RequireRole } from '../../lib/RequireRole';
import { formatTime } from '../../lib/date';
import { useBacklog, useDaily, useDevelopers, useFigures, useTop } from './api';
import { Chart } from './Chart';
import { ExportSection } from './ExportSection';
import { BacklogFigures, PeriodFigures } from './Figures';
import { formatCompact, formatCount, formatDay, formatMoment, formatUah } from './format';
import { Leaderboard, TopLists } from './Rankings';
import styles from './dashboard.module.css';

const PERIOD_TABS = [
  { value: 'today', label: 'Сьогодні' },
  { value: '7d', label: '7 днів' },
  { value: '30d', label: '30 днів' },
] as const satisfies readonly { value: DashboardPeriod; label: string }[];

const isPeriod = (v: string | null): v is DashboardPeriod => (DASHBOARD_PERIODS as readonly string[]).includes(v ?? '');

/** /settings/admin-panel/dashboard: how the marketplace is doing (lazy admin chunk). */
export default function DashboardScreen() {
  return (
    <RequireRole role="admin">
      <Dashboard />
    </RequireRole>
  );
}

function Dashboard() {
  // The period lives in the address, so a reload or a shared link keeps it.
  const [params, setParams] = useSearchParams();
  const asked = params.get('period');
  const period: DashboardPeriod = isPeriod(asked) ? asked : '7d';
  const figures = useFigures(period);
  const backlog = useBacklog(period);
  const top = useTop(period);
  const developers = useDevelopers(period);
  const daily = useDaily();
  const f = figures.data;
  // Panels answer stored snapshots of different moments: the line names the oldest one shown.
  const moments = [f?.to, backlog.data?.at, daily.data?.at, top.data?.to, developers.data?.to].filter((t) => t !== undefined);
  const oldest = moments.length ? moments.reduce((a, b) => (Date.parse(b) < Date.parse(a) ? b : a)) : null;
  // Another period is loading: the last one's numbers stay, dimmed, so nothing jumps.
  const stale = [figures, backlog, top, developers].some((q) => q.isPlaceholderData);

  return (
    // A no-break space holds the line's place until the first panel answers, so nothing moves.
    <Page title="Дашборд" subtitle={oldest ? dashboardUpdatedAt(formatTime(oldest)) : '\u00a0'}>
      <div className={styles.periods}>
        <Tabs items={PERIOD_TABS} value={period} onChange={(p) => setParams({ period: p }, { replace: true })} label="Період" />
        <p className={styles.span}>
          {f ? `З ${formatMoment(f.from)} до зараз · порівняно з ${formatMoment(f.previousFrom)} — ${formatMoment(f.previousTo)}` : ' '}
        </p>
      </div>
      <div className={stale ? styles.stale : styles.fresh} aria-busy={stale || undefined}>
        <PeriodFigures data={f} />
        <BacklogFigures data={backlog.data} />
      </div>
      <DailyCharts />
      <div className={stale ? styles.stale : styles.fresh} aria-busy={stale || undefined}>
        <TopLists data={top.data} />
        <Leaderboard data={developers.data} />
      </div>
      <ExportSection />
    </Page>
  );
}

/** Purchases and revenue per day for the last 30 days, whatever the period. */
function DailyCharts() {
  const { data } = useDaily();
  return (
    <>
      <Section header={`Покупки за ${DASHBOARD_CHART_DAYS} днів`}>
        {data ? <PurchasesChart days={data.days} /> : <ChartSkeleton />}
      </Section>
      <Section header={`Виручка за ${DASHBOARD_CHART_DAYS} днів`}>
        {data ? <RevenueChart days={data.days} /> : <ChartSkeleton />}
      </Section>
    </>
  );
}

function PurchasesChart({ days }: { days: DashboardDaily['days'] }) {
  return (
    <Chart
      kind="bars"
      title={`Покупки за ${DASHBOARD_CHART_DAYS} днів`}
      dates={days.map((d) => d.date)}
      series={[
        { key: 'auto', label: 'Авто', color: 'var(--button)', values: days.map((d) => d.auto) },
        { key: 'manual', label: 'Ручні', color: 'var(--chart-second)', values: days.map((d) => d.manual) },
      ]}
      format={formatCount}
      formatAxis={formatCompact}
      formatDay={formatDay}
      integer
    />
  );
}

function RevenueChart({ days }: { days: DashboardDaily['days'] }) {
  return (
    <Chart
      kind="lines"
      title={`Виручка за ${DASHBOARD_CHART_DAYS} днів`}
      dates={days.map((d) => d.date)}
      series={[
        { key: 'sales', label: 'Продажі', color: 'var(--button)', values: days.map((d) => d.sales) },
        { key: 'fees', label: 'Комісія', color: 'var(--success)', values: days.map((d) => d.fees) },
      ]}
      format={formatUah}
      formatAxis={formatCompact}
      formatDay={formatDay}
    />
  );
}

function ChartSkeleton() {
  return (
    <div className={styles.chartSkeleton} aria-busy="true">
      <SkeletonBar width="100%" height={150} />
    </div>
  );
}
