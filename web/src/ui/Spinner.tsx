import styles from './Spinner.module.css';

/** A round spinner in the current text colour. */
export function Spinner({ size = 20, label }: { size?: number; label?: string }) {
  return (
    <span
      className={styles.spinner}
      style={{ width: size, height: size }}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}

/** A whole-screen spinner in the button colour (the /loading screen, lazy chunks). */
export function FullScreenSpinner() {
  return (
    <div className={styles.center}>
      <Spinner size={36} label="Завантаження" />
    </div>
  );
}
