import { useId, useState } from 'react';
import styles from './dev-panel.module.css';

/** The student's values, numbered; hidden behind a toggle so long tests do not fill the screen. */
export function OrderArguments({ values }: { values: string[] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (values.length === 0) return <span className={styles.hint}>немає</span>;
  return (
    <div className={styles.args}>
      <button type="button" className={styles.argsToggle} aria-expanded={open} aria-controls={id} onClick={() => setOpen((v) => !v)}>
        {open ? 'Згорнути' : `Показати (${values.length})`}
      </button>
      {open && (
        <ol className={styles.argsList} id={id}>
          {values.map((v, i) => (
            <li key={i}>{v || '—'}</li>
          ))}
        </ol>
      )}
    </div>
  );
}
