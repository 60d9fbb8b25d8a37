import { useCallback, useRef, useState, type ChangeEvent } from 'react';
import { ORDER_MAX_FILE_BYTES, ORDER_MAX_FILES, MSG } from '@zalik/contract';
import { haptic } from '../../telegram/sdk';
import { Button, DocumentIcon, showError } from '../../ui';
import { FileSheet } from './FileSheet';
import { addFiles, formatSize } from './files';
import styles from './dev-panel.module.css';

interface FilePickerProps {
  files: File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
}

const MAX_MB = ORDER_MAX_FILE_BYTES / (1024 * 1024);

/** Several answer files: add more, tap one to replace or remove it in a popup. */
export function FilePicker({ files, onChange, disabled }: FilePickerProps) {
  const addInput = useRef<HTMLInputElement>(null);
  const replaceInput = useRef<HTMLInputElement>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [replacing, setReplacing] = useState<number | null>(null);
  const close = useCallback(() => setSelected(null), []);

  const onAdd = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(e.target.files ?? []);
    e.target.value = ''; // the same file can be picked again after a removal
    if (picked.length === 0) return;
    const { files: next, problem } = addFiles(files, picked);
    if (problem) showError(problem);
    else haptic.selection();
    onChange(next);
  };

  const onReplace = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file || replacing === null) return;
    if (file.size > ORDER_MAX_FILE_BYTES) {
      showError(MSG.orderFileTooBig);
      return;
    }
    haptic.selection();
    onChange(files.map((f, i) => (i === replacing ? file : f)));
    setReplacing(null);
  };

  return (
    <div className={styles.picker}>
      {files.length > 0 && (
        <ul className={styles.fileList} aria-label="Обрані файли">
          {files.map((f, i) => (
            <li key={`${i}-${f.name}-${f.size}`}>
              <button type="button" className={styles.fileRow} disabled={disabled} onClick={() => setSelected(i)}>
                <span className={styles.fileIcon} aria-hidden="true">
                  <DocumentIcon size={18} />
                </span>
                <span className={styles.fileName}>{f.name}</span>
                <span className={styles.fileSize}>{formatSize(f.size)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {files.length < ORDER_MAX_FILES && (
        <Button variant="secondary" stretched disabled={disabled} onClick={() => addInput.current?.click()}>
          {files.length === 0 ? 'Додати файли' : 'Додати ще файл'}
        </Button>
      )}
      <p className={styles.limits}>
        До {ORDER_MAX_FILES} файлів, кожен не більше {MAX_MB} МБ
      </p>
      <input ref={addInput} type="file" multiple hidden onChange={onAdd} data-testid="add-files" />
      <input ref={replaceInput} type="file" hidden onChange={onReplace} data-testid="replace-file" />
      <FileSheet
        fileName={selected === null ? null : (files[selected]?.name ?? null)}
        onClose={close}
        onReplace={() => {
          setReplacing(selected);
          setSelected(null);
          replaceInput.current?.click();
        }}
        onRemove={() => {
          haptic.impact('light');
          onChange(files.filter((_, i) => i !== selected));
          setSelected(null);
        }}
      />
    </div>
  );
}
