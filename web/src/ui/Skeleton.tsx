import styles from './Skeleton.module.css';

/** A grey bar of a given width (for any placeholder text). */
export function SkeletonBar({ width = '60%', height = 12 }: { width?: number | string; height?: number }) {
  return <span className={styles.bar} style={{ width, height, display: 'block' }} />;
}

/**
 * Placeholder rows for a loading list: same height as real rows, so nothing jumps when the data
 * arrives. Put them inside a Section.
 */
export function SkeletonRows({ count = 3, avatar = false }: { count?: number; avatar?: boolean }) {
  return (
    <div aria-busy="true" aria-label="Завантаження">
      {Array.from({ length: count }, (_, i) => (
        <div className={styles.row} key={i}>
          {avatar && <span className={styles.circle} />}
          <span className={styles.lines}>
            <span className={styles.bar} style={{ width: `${70 - ((i * 17) % 30)}%` }} />
            <span className={styles.bar} style={{ width: `${40 - ((i * 11) % 15)}%`, height: 10 }} />
          </span>
        </div>
      ))}
    </div>
  );
}
