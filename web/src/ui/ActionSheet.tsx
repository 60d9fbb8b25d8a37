import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import styles from './ActionSheet.module.css';

export interface SheetAction {
  label: string;
  onSelect: () => void;
  destructive?: boolean;
}

interface ActionSheetProps {
  /** Shown while set: the sheet's title and accessible name (e.g. the file's name). */
  title: string | null;
  actions: SheetAction[];
  /** Called on 'Скасувати', the backdrop, Escape, and after any action: a choice closes the sheet. */
  onClose: () => void;
}

/**
 * An iOS-style action sheet: a titled group of actions and 'Скасувати' in a group of its own,
 * above the bottom inset and over everything, the bottom navigation included.
 */
export function ActionSheet({ title, actions, onClose }: ActionSheetProps) {
  useEffect(() => {
    if (title === null) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [title, onClose]);

  if (title === null) return null;
  return createPortal(
    <div className={styles.backdrop} onClick={onClose}>
      <div className={styles.sheet} role="dialog" aria-modal="true" aria-label={title} onClick={(e) => e.stopPropagation()}>
        <div className={styles.group}>
          <p className={styles.title}>{title}</p>
          {actions.map((a, i) => (
            <button
              key={a.label}
              type="button"
              className={`${styles.button} ${a.destructive ? styles.danger : ''}`}
              onClick={() => {
                a.onSelect();
                onClose();
              }}
              autoFocus={i === 0}
            >
              {a.label}
            </button>
          ))}
        </div>
        <div className={styles.group}>
          <button type="button" className={`${styles.button} ${styles.cancel}`} onClick={onClose}>
            Скасувати
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
