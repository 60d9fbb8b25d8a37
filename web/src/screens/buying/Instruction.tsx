import { useId, useState } from 'react';
import { DESCRIPTION_PREVIEW } from '@zalik/contract';
import styles from './buying.module.css';

/** Cuts by characters, not UTF-16 units, so an emoji at the edge is never split. */
export function preview(text: string): { short: string; cut: boolean } {
  const chars = Array.from(text);
  if (chars.length <= DESCRIPTION_PREVIEW) return { short: text, cut: false };
  return { short: `${chars.slice(0, DESCRIPTION_PREVIEW).join('').trimEnd()}…`, cut: true };
}

/** The developer's instruction: in full when short, otherwise cut at DESCRIPTION_PREVIEW with a toggle. */
export function Instruction({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const trimmed = text.trim();
  if (!trimmed) return null;
  const { short, cut } = preview(trimmed);
  return (
    <section className={styles.instruction} aria-labelledby={id}>
      <h2 className={styles.instructionTitle} id={id}>
        Інструкція від розробника
      </h2>
      <p className={styles.instructionText}>{open || !cut ? trimmed : short}</p>
      {cut && (
        <button type="button" className={styles.toggle} aria-expanded={open} onClick={() => setOpen((v) => !v)}>
          {open ? 'згорнути' : 'розгорнути'}
        </button>
      )}
    </section>
  );
}
