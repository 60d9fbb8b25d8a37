import styles from './Page.module.css';

/** The arrow of a row that opens another screen (a Cell with `to`, a subject card). Apart from Cell: the first screen draws it, not Cell. */
export function Chevron() {
  return (
    <svg className={styles.chevron} width="8" height="14" viewBox="0 0 8 14" aria-hidden="true">
      <path d="M1 1l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
