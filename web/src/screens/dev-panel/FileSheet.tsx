import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import styles from './dev-panel.module.css';

interface FileSheetProps {
  fileName: string | null;
  onReplace: () => void;
  onRemove: () => void;
  onClose: () => void;
}

/** The popup of a chosen file: replace it with another, remove it, or cancel. Candidate for ui/ (ActionSheet). */
export function FileSheet({ fileName, onReplace, onRemove, onClose }: FileSheetProps) {
  useEffect(() => {
    if (fileName === null) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [fileName, onClose]);

  if (fileName === null) return null;
  return createPortal(
    <div className={styles.sheetBackdrop} onClick={onClose}>
      <div className={styles.sheet} role="dialog" aria-modal="true" aria-label={fileName} onClick={(e) => e.stopPropagation()}>
        <div className={styles.sheetGroup}>
          <p className={styles.sheetTitle}>{fileName}</p>
          <button type="button" className={styles.sheetButton} onClick={onReplace} autoFocus>
            Замінити файл
          </button>
          <button type="button" className={`${styles.sheetButton} ${styles.sheetDanger}`} onClick={onRemove}>
            Видалити
          </button>
        </div>
        <button type="button" className={`${styles.sheetGroup} ${styles.sheetButton} ${styles.sheetCancel}`} onClick={onClose}>
          Скасувати
        </button>
      </div>
    </div>,
    document.body,
  );
}
