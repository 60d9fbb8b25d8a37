import { formatDate } from '../lib/date';
import { Button } from './Button';
import { DocumentIcon } from './icons';
import { useDownload } from './useDownload';
import styles from './FileCard.module.css';

interface FileCardProps {
  fileName: string;
  link: string;
  /** When the file was made; left out where the surrounding item already says it. */
  createdAt?: string;
  /** The button's text: 'Завантажити' on the result, 'Скачати' in the history. */
  action?: string;
}

/** A generated or delivered file: its name, when it was made, and a download button. */
export function FileCard({ fileName, link, createdAt, action = 'Завантажити' }: FileCardProps) {
  const { loading, start } = useDownload();
  return (
    <div className={styles.fileCard}>
      <span className={styles.fileIcon} aria-hidden="true">
        <DocumentIcon size={22} />
      </span>
      <span className={styles.fileBody}>
        <span className={styles.fileName}>{fileName}</span>
        {createdAt && <span className={styles.fileTime}>{formatDate(createdAt)}</span>}
      </span>
      <Button size="small" loading={loading} onClick={() => start(link, fileName)} aria-label={`${action} ${fileName}`}>
        {action}
      </Button>
    </div>
  );
}
