import { useRef, useState } from 'react';
import { formatSize } from '../lib/files';
import { haptic } from '../telegram/sdk';
import { Button } from './Button';
import styles from './FileField.module.css';

interface Props {
  label: string;
  /** The picker's extensions, as `<input accept>` takes them. */
  accept: string;
  onFile: (file: File | null) => void;
}

/**
 * One file for an admin form: a Ukrainian button and the chosen file's name and size. The
 * native input stays hidden, as its own button speaks the browser's language, not the app's.
 * Remount it (a new `key`) to clear it after an upload.
 */
export function FileField({ label, accept, onFile }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  return (
    <div className={styles.field}>
      <span className={styles.label}>{label}</span>
      <div className={styles.row}>
        <Button variant="secondary" size="small" className={styles.pick} onClick={() => input.current?.click()}>
          {file ? 'Інший файл' : 'Обрати файл'}
        </Button>
        <span className={styles.name}>{file ? `${file.name} · ${formatSize(file.size)}` : 'Файл не обрано'}</span>
      </div>
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        aria-label={label}
        onChange={(e) => {
          const picked = e.target.files?.[0] ?? null;
          if (picked) haptic.selection();
          setFile(picked);
          onFile(picked);
        }}
      />
    </div>
  );
}
