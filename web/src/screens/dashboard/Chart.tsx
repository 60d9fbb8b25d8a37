import { useState } from 'react';
import styles from './dashboard.module.css';

/**
 * A small hand-drawn SVG chart of one value or more per day: stacked bars or lines. Colours
 * are the theme's CSS variables, so it reads in light, dark and custom themes; no chart
 * library, so the admin chunk stays small. Every day carries its numbers in data attributes
 * (`data-date`, `data-<series>`) and a readable label, which screen readers and tests read.
 */
export interface Series {
  key: string;
  label: string;
  /** A CSS colour, normally a theme variable: `var(--button)`. */
  color: string;
  values: number[];
}

interface ChartProps {
  kind: 'bars' | 'lines';
  /** What the chart shows, for screen readers: `Покупки за 30 днів`. */
  title: string;
  dates: string[];
  series: Series[];
  format: (n: number) => string;
  formatAxis: (n: number) => string;
  formatDay: (date: string) => string;
  /** Counts: grid lines on whole numbers. */
  integer?: boolean;
}

const W = 340;
const H = 150;
const PAD = { left: 40, right: 6, top: 8, bottom: 20 };
const PLOT_W = W - PAD.left - PAD.right;
const PLOT_H = H - PAD.top - PAD.bottom;

/** The smallest 1, 2, 2.5 or 5 × 10^k at or above `v`. */
export function niceMax(v: number, integer = false): number {
  if (v <= 0) return integer ? 2 : 1;
  const p = 10 ** Math.floor(Math.log10(v));
  const top = [1, 2, 2.5, 5, 10].map((m) => m * p).find((x) => x >= v)!;
  return integer ? Math.max(2, Math.ceil(top / 2) * 2) : top;
}

export function Chart({ kind, title, dates, series, format, formatAxis, formatDay, integer }: ChartProps) {
  const [picked, setPicked] = useState(dates.length - 1);
  const totals = dates.map((_, i) => (kind === 'bars' ? series.reduce((a, s) => a + (s.values[i] ?? 0), 0) : Math.max(...series.map((s) => s.values[i] ?? 0))));
  const top = niceMax(Math.max(0, ...totals), integer);
  const step = PLOT_W / Math.max(1, dates.length);
  const x = (i: number) => PAD.left + step * i + step / 2;
  const y = (v: number) => PAD.top + PLOT_H - (v / top) * PLOT_H;
  const dayLabel = (i: number) => `${formatDay(dates[i]!)}: ${series.map((s) => `${s.label} ${format(s.values[i] ?? 0)}`).join(', ')}`;
  const ticks = [0, top / 2, top];
  const labelled = [0, Math.floor((dates.length - 1) / 2), dates.length - 1];

  return (
    <figure className={styles.chart}>
      <figcaption className={styles.chartReadout} aria-live="polite">
        <span className={styles.chartDay}>{dates[picked] ? formatDay(dates[picked]) : ''}</span>
        {series.map((s) => (
          <span key={s.key} className={styles.chartValue}>
            <i className={styles.swatch} style={{ background: s.color }} aria-hidden="true" />
            {s.label}: <b>{format(s.values[picked] ?? 0)}</b>
          </span>
        ))}
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} className={styles.chartSvg} role="img" aria-label={title} data-kind={kind}>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} />
            <text x={PAD.left - 6} y={y(t)} className={styles.axis} textAnchor="end" dominantBaseline="middle">
              {formatAxis(t)}
            </text>
          </g>
        ))}
        {labelled.map((i) => (
          <text key={i} x={x(i)} y={H - 4} className={styles.axis} textAnchor={i === 0 ? 'start' : i === dates.length - 1 ? 'end' : 'middle'}>
            {dates[i] ? formatDay(dates[i]) : ''}
          </text>
        ))}
        {kind === 'lines' &&
          series.map((s) => (
            <polyline
              key={s.key}
              points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')}
              className={styles.line}
              style={{ stroke: s.color }}
            />
          ))}
        {dates.map((date, i) => {
          const data = Object.fromEntries(series.map((s) => [`data-${s.key}`, s.values[i] ?? 0]));
          let base = 0;
          return (
            <g key={date} data-date={date} {...data} className={i === picked ? styles.picked : undefined}>
              <title>{dayLabel(i)}</title>
              {kind === 'bars'
                ? series.map((s) => {
                    const v = s.values[i] ?? 0;
                    const rect = <rect key={s.key} x={x(i) - step * 0.35} width={step * 0.7} y={y(base + v)} height={y(base) - y(base + v)} rx={1.5} style={{ fill: s.color }} />;
                    base += v;
                    return rect;
                  })
                : series.map((s) => <circle key={s.key} cx={x(i)} cy={y(s.values[i] ?? 0)} r={i === picked ? 3.5 : 1.8} style={{ fill: s.color }} />)}
              {/* The whole column is the tap target: picking a day shows its numbers above. */}
              <rect x={x(i) - step / 2} width={step} y={PAD.top} height={PLOT_H} className={styles.hit} onClick={() => setPicked(i)} />
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
