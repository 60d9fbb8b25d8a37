import { useRef, type KeyboardEvent } from 'react';
import { REVIEW_RATING_MAX, WORDS, countText, formatRating, type Rating } from '@zalik/contract';
import { haptic } from '../telegram/sdk';
import { StarIcon } from './icons/StarIcon';
import styles from './Rating.module.css';

const STARS = Array.from({ length: REVIEW_RATING_MAX }, (_, i) => i + 1);

/** Five stars, the first `value` (rounded) gold; read as 'Оцінка 4,3 з 5'. */
export function RatingStars({ value, size = 14 }: { value: number; size?: number }) {
  const full = Math.round(value);
  return (
    <span className={styles.stars} role="img" aria-label={`Оцінка ${formatRating(value)} з ${REVIEW_RATING_MAX}`}>
      {STARS.map((n) => (
        <StarIcon key={n} size={size} className={n <= full ? styles.on : styles.off} />
      ))}
    </span>
  );
}

/** A task's or an author's rating in one line: '★ 4,3 · 3 відгуки', or 'Ще немає відгуків'. */
export function RatingLine({ rating, className }: { rating: Rating; className?: string }) {
  if (rating.count === 0) return <span className={[styles.line, styles.none, className].join(' ')}>Ще немає відгуків</span>;
  return (
    <span className={[styles.line, className].join(' ')}>
      <StarIcon size={14} className={styles.on} />
      <strong className={styles.average}>{formatRating(rating.average)}</strong>
      <span className={styles.count}>· {countText(rating.count, WORDS.review)}</span>
    </span>
  );
}

/**
 * Picking 1-5 stars: a radio group whose every star is a 44 px target; arrows move the choice
 * as in any radio group, and a haptic tick answers each change.
 */
export function StarPicker({ value, onChange, disabled }: { value: number; onChange: (stars: number) => void; disabled?: boolean }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const pick = (n: number) => {
    if (disabled || n === value) return;
    haptic.selection();
    onChange(n);
  };
  const onKey = (e: KeyboardEvent) => {
    const step = e.key === 'ArrowRight' || e.key === 'ArrowUp' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowDown' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = Math.min(REVIEW_RATING_MAX, Math.max(1, (value || 0) + step));
    pick(next);
    refs.current[next - 1]?.focus();
  };
  return (
    <div className={styles.picker} role="radiogroup" aria-label="Оцінка" onKeyDown={onKey}>
      {STARS.map((n) => (
        <button
          key={n}
          ref={(el) => {
            refs.current[n - 1] = el;
          }}
          type="button"
          role="radio"
          aria-checked={n === value}
          aria-label={countText(n, WORDS.star)}
          tabIndex={n === (value || 1) ? 0 : -1}
          disabled={disabled}
          className={styles.pick}
          onClick={() => pick(n)}
        >
          <StarIcon size={32} className={n <= value ? styles.on : styles.off} />
        </button>
      ))}
    </div>
  );
}
