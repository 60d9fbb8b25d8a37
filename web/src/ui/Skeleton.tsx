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

/**
 * The attributes of the element that holds a loading placeholder: a status region (so a screen
 * reader says "Завантаження" once, not a row of empty shapes), busy while it waits. A label on a
 * plain div is not read at all (and axe calls it serious), hence the role.
 */
export function loadingRegion(label = 'Завантаження', busy = true) {
  return { role: 'status', 'aria-busy': busy, 'aria-label': label } as const;
}
