import { useRef, type ReactNode } from 'react';
import { MSG, TEMPLATE_MAX_BYTES, type TaskTemplateInfo } from '@zalik/contract';
import { formatDate } from '../../../lib/date';
import { loadingRegion, Button, DocumentIcon, SkeletonBar, SkeletonText } from '../../../ui';
import styles from '../common/admin.module.css';

/** A quick check before uploading (the server checks again and compiles the template). */
export function templateFileError(file: File): string | null {
  if (!file.name.toLowerCase().endsWith('.docx')) return MSG.templateNotDocx;
  if (file.size > TEMPLATE_MAX_BYTES) return MSG.templateTooBig;
  return null;
}

interface TemplateRowProps {
  title: ReactNode;
  subtitle?: ReactNode;
  actionLabel: string;
  onFile: (file: File) => void;
  busy?: boolean;
}

/** The template's row: an icon, its name, and a button opening the file chooser (DOCX only). */
export function TemplateRow({ title, subtitle, actionLabel, onFile, busy }: TemplateRowProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className={styles.fileRow}>
      <span className={styles.fileIcon}>
        <DocumentIcon size={20} />
      </span>
      <span className={styles.rowBody}>
        <span className={styles.rowTitle}>{title}</span>
        {subtitle && <span className={styles.rowSubtitle}>{subtitle}</span>}
      </span>
      <Button variant="secondary" size="small" loading={busy} onClick={() => input.current?.click()}>
        {actionLabel}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        className={styles.visuallyHidden}
        aria-label="DOCX-шаблон"
        tabIndex={-1}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </div>
  );
}

/** The template's row while it loads: the same box with placeholder lines, so only the tags below arrive later. */
export function TemplateRowSkeleton() {
  return (
    <div className={styles.fileRow} {...loadingRegion()}>
      <span className={styles.fileIcon} />
      <span className={styles.rowBody}>
        <span className={styles.rowTitle}>
          <SkeletonText width="75%" />
        </span>
        <span className={styles.rowSubtitle}>
          <SkeletonText width="55%" />
        </span>
      </span>
      <SkeletonBar width={92} height={34} />
    </div>
  );
}

/** The tags the server found in an uploaded template, or its refusal. */
export function TemplateResult({ info, error }: { info?: TaskTemplateInfo | null; error?: string | null }) {
  if (error) {
    return (
      <p className={styles.fileError} role="alert">
        {error}
      </p>
    );
  }
  if (!info) return null;
  return (
    <>
      <p className={styles.fileOk}>{info.tags.length ? 'Теги в шаблоні:' : 'У шаблоні немає тегів.'}</p>
      {info.tags.length > 0 && (
        <div className={styles.chips} aria-label="Теги шаблону">
          {info.tags.map((t) => (
            <span key={t} className={styles.chip}>
              {`{${t}}`}
            </span>
          ))}
        </div>
      )}
    </>
  );
}

export function uploadedAt(info: TaskTemplateInfo): string {
  return `Завантажено ${formatDate(info.uploadedAt)}`;
}
