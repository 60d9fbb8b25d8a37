import { useId, type CSSProperties, type ReactNode } from 'react';
import { SLIDER_MARKS } from '@zalik/contract';
import { haptic } from '../telegram/sdk';
import { clampSnap, sliderMarks } from './slider';
import styles from './Slider.module.css';

interface SliderProps {
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
  step?: number;
  label?: ReactNode;
  /** How the current value reads, e.g. (v) => `${v} грн`. */
  format?: (value: number) => string;
  /** Number of marks under the track (spec: 5). 0 hides them. */
  marks?: number;
  /**
   * The first mark's value. Spec: "5 marks from 0 to a maximum", so a range starting at 1
   * (the price filter: 1..500) is still labelled 0, 125, 250, 375, 500.
   */
  marksFrom?: number;
}

/** A range slider with marks; every value it reports is clamped to [min, max] and snapped to step. */
export function Slider({ value, onChange, min, max, step = 1, label, format = String, marks = SLIDER_MARKS, marksFrom = Math.min(min, 0) }: SliderProps) {
  const id = useId();
  const current = clampSnap(value, min, max, step);
  const fill = max > min ? ((current - min) / (max - min)) * 100 : 0;
  return (
    <div className={styles.slider}>
      <div className={styles.head}>
        {label && (
          <label className={styles.label} htmlFor={id}>
            {label}
          </label>
        )}
        <span className={styles.value}>{format(current)}</span>
      </div>
      <input
        id={id}
        type="range"
        className={styles.range}
        min={min}
        max={max}
        step={step}
        value={current}
        style={{ '--fill': `${fill}%` } as CSSProperties}
        onChange={(e) => {
          const next = clampSnap(Number(e.target.value), min, max, step);
          if (next !== current) haptic.selection();
          onChange(next);
        }}
      />
      {marks > 0 && (
        <div className={styles.marks} aria-hidden="true">
          {sliderMarks(marksFrom, max, marks, step).map((m) => (
            <span key={m} className={styles.mark}>
              {m}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}
