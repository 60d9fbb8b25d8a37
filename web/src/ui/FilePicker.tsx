import { useCallback, useRef, useState, type ChangeEvent } from 'react';
import { formatSize, type FilesPick } from '../lib/files';
import { haptic } from '../telegram/sdk';
import { ActionSheet } from './ActionSheet';
import { Button } from './Button';
import { showError } from './errorBanner';
import { CloseIcon, DocumentIcon } from './icons';
import styles from './FilePicker.module.css';

interface FilePickerProps {
  files: File[];
  onChange: (files: File[]) => void;
  /** Adds a pick under the area's limits (checked before a byte is sent). */
  add: (current: File[], picked: File[]) => FilesPick;
  maxFiles: number;
  /** The limits in words, under the button. */
  hint: string;
  /** The list's accessible name. */
  label: string;
  /**
   * How a chosen file changes: 'sheet' opens a popup to replace or remove it (several
   * deliverables), 'remove' shows a cross that removes it (attachments).
   */
  edit: 'sheet' | 'remove';
  /** The hidden file input's test id (tests and e2e set files on it). */
  testId: string;
  disabled?: boolean;
}

/** A list of chosen files, a button to add more, and the limits. */
export function FilePicker({ files, onChange, add, maxFiles, hint, label, edit, testId, disabled }: FilePickerProps) {
  const addInput = useRef<HTMLInputElement>(null);
  const replaceInput = useRef<HTMLInputElement>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [replacing, setReplacing] = useState<number | null>(null);
  const close = useCallback(() => setSelected(null), []);

  const onAdd = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(e.target.files ?? []);
    e.target.value = ''; // the same file can be picked again after a removal
    if (picked.length === 0) return;
    const { files: next, problem } = add(files, picked);
    if (problem) showError(problem);
    else haptic.selection();
    onChange(next);
  };

  const onReplace = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file || replacing === null) return;
    // The same limits as for a new pick of one file.
    const { files: ok, problem } = add([], [file]);
    if (problem || ok.length === 0) {
      showError(problem ?? '');
      return;
    }
    haptic.selection();
    onChange(files.map((f, i) => (i === replacing ? file : f)));
    setReplacing(null);
  };

  const remove = (index: number) => {
    haptic.selection();
    onChange(files.filter((_, i) => i !== index));
  };

  return (
    <div className={styles.picker}>
      {files.length > 0 && (
        <ul className={styles.list} aria-label={label}>
          {files.map((f, i) => {
            const body = (
              <>
                <span className={styles.icon} aria-hidden="true">
                  <DocumentIcon size={18} />
                </span>
                <span className={styles.name}>{f.name}</span>
                <span className={styles.size}>{formatSize(f.size)}</span>
              </>
            );
            return (
              <li key={`${i}-${f.name}-${f.size}-${f.lastModified}`}>
                {edit === 'sheet' ? (
                  <button type="button" className={`${styles.row} ${styles.tappable}`} disabled={disabled} onClick={() => setSelected(i)}>
                    {body}
                  </button>
                ) : (
                  <div className={`${styles.row} ${styles.removable}`}>
                    {body}
                    <button type="button" className={styles.remove} aria-label={`Прибрати ${f.name}`} disabled={disabled} onClick={() => remove(i)}>
                      <CloseIcon size={12} />
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {files.length < maxFiles && (
        <Button variant="secondary" stretched disabled={disabled} onClick={() => addInput.current?.click()}>
          {files.length === 0 ? 'Додати файли' : 'Додати ще файл'}
        </Button>
      )}
      <p className={styles.hint}>{hint}</p>
      <input ref={addInput} type="file" multiple hidden onChange={onAdd} data-testid={testId} />
      {edit === 'sheet' && (
        <>
          <input ref={replaceInput} type="file" hidden onChange={onReplace} data-testid="replace-file" />
          <ActionSheet
            title={selected === null ? null : (files[selected]?.name ?? null)}
            onClose={close}
            actions={[
              {
                label: 'Замінити файл',
                onSelect: () => {
                  setReplacing(selected);
                  replaceInput.current?.click();
                },
              },
              {
                label: 'Видалити',
                destructive: true,
                onSelect: () => {
                  if (selected !== null) remove(selected);
                },
              },
            ]}
          />
        </>
      )}
    </div>
  );
}
