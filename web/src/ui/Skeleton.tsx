import cell from './Page.module.css';
import select from './SelectRow.module.css';
import styles from './Skeleton.module.css';

/** A grey bar of a given width (for any placeholder text). */
export function SkeletonBar({ width = '60%', height = 12 }: { width?: number | string; height?: number }) {
  return <span className={styles.bar} style={{ width, height, display: 'block' }} />;
}

/** A round placeholder (an avatar, a row's icon). */
export function SkeletonCircle({ size = 40 }: { size?: number }) {
  return <span className={styles.circle} style={{ width: size, height: size }} />;
}

/**
 * Exactly one line of the text it sits in (put it where the real text goes, inside the real
 * row's own element), with a bar drawn in it: a placeholder row is then as tall as the row.
 */
export function SkeletonText({ width = '60%' }: { width?: number | string }) {
  return <span className={styles.text} style={{ width }} />;
}

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
 * the data arrives. Put them inside a Section.
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
    <div className={styles.rows} aria-busy="true" aria-label="Завантаження">
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
