import { useId, useState } from 'react';
import styles from './dev-panel.module.css';

interface OrderArgumentsProps {
  values: string[];
  /** The field each value was typed in (the server's `argumentNames`); empty when they no longer line up. */
  names: string[];
}

/**
 * What the student entered, each value under its field's name; hidden behind a toggle so long
 * tests do not fill the screen.
 */
export function OrderArguments({ values, names }: OrderArgumentsProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const named = names.length === values.length;
  return (
    // A group, not a <section>: every order card has one with the same name, and a named section is a landmark that must be unique.
    <div role="group" className={styles.answers} aria-labelledby={`${id}-label`}>
      <div className={styles.answersHead}>
        <span className={styles.answersLabel} id={`${id}-label`}>
          Відповіді студента
        </span>
        {values.length === 0 ? (
          <span className={styles.hint}>немає</span>
        ) : (
          <button type="button" className={styles.argsToggle} aria-expanded={open} aria-controls={id} onClick={() => setOpen((v) => !v)}>
            {open ? 'Згорнути' : `Показати (${values.length})`}
          </button>
        )}
      </div>
      {open && (
        <dl className={styles.answerList} id={id}>
          {values.map((v, i) => (
            <div className={styles.answer} key={i}>
              <dt>{named ? names[i] : `Відповідь №${i + 1}`}</dt>
              <dd>{v || '—'}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
