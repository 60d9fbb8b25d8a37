import { useRef, type ChangeEvent } from 'react';
import { SUPPORT_MAX_FILE_BYTES, SUPPORT_MAX_FILES } from '@zalik/contract';
import { haptic } from '../../telegram/sdk';
import { Button, DocumentIcon, showError } from '../../ui';
import { addSupportFiles, formatSize } from './files';
import styles from './support.module.css';

interface SupportFilesProps {
  files: File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
}

const MAX_MB = SUPPORT_MAX_FILE_BYTES / (1024 * 1024);

/** Up to three attachments (5 MB each), checked as they are picked; each can be removed. */
export function SupportFiles({ files, onChange, disabled }: SupportFilesProps) {
  const input = useRef<HTMLInputElement>(null);

  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(e.target.files ?? []);
    e.target.value = ''; // the same file can be picked again after a removal
    if (picked.length === 0) return;
    const { files: next, problem } = addSupportFiles(files, picked);
    if (problem) showError(problem);
    else haptic.selection();
    onChange(next);
  };

  return (
    <div className={styles.files}>
      {files.length > 0 && (
        <ul className={styles.fileList} aria-label="Вкладені файли">
          {files.map((f, i) => (
            <li className={styles.fileRow} key={`${f.name}-${f.size}-${f.lastModified}`}>
              <span className={styles.fileIcon} aria-hidden="true">
                <DocumentIcon size={18} />
              </span>
              <span className={styles.fileName}>{f.name}</span>
              <span className={styles.fileSize}>{formatSize(f.size)}</span>
              <button
                type="button"
                className={styles.fileRemove}
                aria-label={`Прибрати ${f.name}`}
                disabled={disabled}
                onClick={() => {
                  haptic.selection();
                  onChange(files.filter((_, j) => j !== i));
                }}
              >
                <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
                  <path d="M1 1l10 10M11 1L1 11" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      )}
      {files.length < SUPPORT_MAX_FILES && (
        <Button variant="secondary" stretched disabled={disabled} onClick={() => input.current?.click()}>
          {files.length === 0 ? 'Додати файли' : 'Додати ще файл'}
        </Button>
      )}
      <p className={styles.hint}>
        До {SUPPORT_MAX_FILES} файлів, кожен не більше {MAX_MB} МБ: знімки екрана, документи.
      </p>
      <input ref={input} type="file" multiple hidden onChange={onPick} data-testid="support-files" />
    </div>
  );
}
