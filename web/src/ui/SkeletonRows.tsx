import cell from './Page.module.css';
import select from './SelectRow.module.css';
import { loadingRegion, SkeletonCircle, SkeletonText } from './Skeleton';
import styles from './Skeleton.module.css';

/** The width of the i-th placeholder line, varied so the rows do not look stamped. */
const widthOf = (i: number, base: number, spread: number) => `${base - ((i * 17) % spread)}%`;

interface SkeletonRowsProps {
  count?: number;
  /** The row they stand for: a Cell (default), or a picker's row (SelectRow, as tall as a Checkbox row in a list). */
  kind?: 'cell' | 'picker';
  /** The rows have a subtitle (a number: that many lines of a clamped one). Rows with an avatar have one unless told otherwise. */
  subtitle?: boolean | number;
  /** A 40 px avatar before the text (a Cell with an Avatar). */
  avatar?: boolean;
}

/**
 * Placeholder rows for a loading list, built from the real row's own classes (Cell's or
 * SelectRow's) so each is exactly as tall as the row that replaces it and nothing jumps when
 * the data arrives. Put them inside a Section. A module of its own: the first screen draws bars
 * only, and these would bring SelectRow's stylesheet into its bundle.
 */
export function SkeletonRows({ count = 3, kind = 'cell', avatar = false, subtitle = avatar }: SkeletonRowsProps) {
  const picker = kind === 'picker';
  const lines = subtitle === true ? 1 : subtitle || 0;
  const body = (i: number) => (
    <span className={picker ? select.body : cell.body}>
      <span className={picker ? select.title : cell.cellTitle}>
        <SkeletonText width={widthOf(i, 70, 30)} />
      </span>
      {lines > 0 && (
        <span className={picker ? select.subtitle : cell.cellSubtitle}>
          {Array.from({ length: lines }, (_, j) => (
            <SkeletonText key={j} width={j < lines - 1 ? '90%' : widthOf(i, 40, 15)} />
          ))}
        </span>
      )}
    </span>
  );
  return (
    <div className={styles.rows} {...loadingRegion()}>
      {Array.from({ length: count }, (_, i) =>
        picker ? (
          <div className={select.row} key={i}>
            <span className={`${select.mark} ${styles.mark}`} />
            {body(i)}
          </div>
        ) : (
          <div className={`${cell.cell} ${avatar ? cell.withBefore : ''}`} key={i}>
            {avatar && (
              <span className={cell.before}>
                <SkeletonCircle />
              </span>
            )}
            {body(i)}
          </div>
        ),
      )}
    </div>
  );
}
