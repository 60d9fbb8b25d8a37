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
