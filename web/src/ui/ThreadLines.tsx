import { Fragment } from 'react';
import { MSG, threadLineTitle, type ThreadMessage } from '@zalik/contract';
import { dayLabel, formatTime } from '../lib/date';
import { kyivDay } from '../lib/kyivTime';
import { ContextMenu } from './ContextMenu';
import { DocumentIcon } from './icons';
import { Spinner } from './Spinner';
import { useDownload } from './useDownload';
import styles from './ThreadLines.module.css';

/** A message being sent: shown at the end of the thread until the server's answer replaces it. */
export interface PendingLine {
  key: string;
  text: string;
  fileNames: string[];
  createdAt: string;
}

interface ThreadLinesProps {
  /** Oldest first. */
  lines: ThreadMessage[];
  /** The reader's Telegram ID: their own messages sit on the right with read marks. */
  me: string;
  pending?: PendingLine[];
  now?: number;
  /** Admins: a long press (right click) on a message offers to hide it. */
  onHide?: (m: ThreadMessage) => void;
}

/** Who wrote a message, as the other readers of the thread see it. */
function authorName(m: ThreadMessage): string {
  if (m.author.role === 'SUPPORT') return MSG.threadSupportName;
  if (m.author.username) return `@${m.author.username}`;
  return m.author.role === 'DEVELOPER' ? 'Розробник' : 'Студент';
}

function FileChip({ fileName, link }: { fileName: string; link?: string }) {
  const { loading, start } = useDownload();
  const body = (
    <>
      <span className={styles.fileIcon}>{loading || !link ? <Spinner size={16} /> : <DocumentIcon size={18} />}</span>
      <span className={styles.fileName}>{fileName}</span>
    </>
  );
  if (!link) return <span className={styles.file}>{body}</span>;
  return (
    <button type="button" className={styles.file} onClick={() => start(link, fileName)} aria-label={`Скачати ${fileName}`}>
      {body}
    </button>
  );
}

/** ✓ sent, ✓✓ read by the other side (Telegram's marks), named for screen readers. */
function Marks({ read }: { read: boolean }) {
  return (
    <span className={`${styles.marks} ${read ? styles.read : ''}`} aria-label={read ? 'прочитано' : 'надіслано'} role="img">
      {read ? '✓✓' : '✓'}
    </span>
  );
}

function Bubble({ m, mine, first }: { m: ThreadMessage; mine: boolean; first: boolean }) {
  const hiddenForMe = m.hidden && m.hiddenReason === null;
  return (
    <div className={`${styles.row} ${mine ? styles.mine : ''}`} data-testid="thread-message">
      <div className={`${styles.bubble} ${mine ? styles.bubbleMine : ''} ${m.hidden ? styles.hidden : ''}`}>
        {!mine && first && <span className={`${styles.author} ${m.author.role === 'SUPPORT' ? styles.support : ''}`}>{authorName(m)}</span>}
        {m.text && <p className={`${styles.text} ${hiddenForMe ? styles.hiddenText : ''}`}>{m.text}</p>}
        {m.hidden && m.hiddenReason !== null && <p className={styles.note}>Приховано модератором: {m.hiddenReason}</p>}
        {m.masked && !hiddenForMe && <p className={styles.note}>{MSG.threadContactsWarning}</p>}
        {m.files.length > 0 && (
          <div className={styles.files}>
            {m.files.map((f) => (
              <FileChip key={f.link} fileName={f.fileName} link={f.link} />
            ))}
          </div>
        )}
        <span className={styles.meta}>
          <time dateTime={m.createdAt}>{formatTime(m.createdAt)}</time>
          {mine && <Marks read={m.read} />}
        </span>
      </div>
    </div>
  );
}

function SystemLine({ m }: { m: ThreadMessage }) {
  if (m.kind === 'MESSAGE') return null;
  return (
    <div className={styles.system} data-testid="thread-system">
      <span className={styles.systemTitle}>
        {threadLineTitle(m.kind, m.author.role)} · <time dateTime={m.createdAt}>{formatTime(m.createdAt)}</time>
      </span>
      {m.text && <span className={styles.systemText}>{m.text}</span>}
    </div>
  );
}

/**
 * An order's thread as Telegram draws a chat: a date between days, the reader's bubbles on the
 * right with their ✓/✓✓ marks, the others' on the left under their name (an admin is
 * Підтримка Залік), file chips that download, the order's changes as centred system lines.
 */
export function ThreadLines({ lines, me, pending = [], now, onHide }: ThreadLinesProps) {
  // What goes before each line (a date when the day changes) and whether it starts a run of one author's messages.
  const items: { key: string; day: string | null; line?: ThreadMessage; first: boolean; sending?: PendingLine }[] = [];
  let lastDay = '';
  let lastAuthor: string | null = null;
  const dayOf = (iso: string) => {
    const day = kyivDay(iso);
    if (day === lastDay) return null;
    lastDay = day;
    lastAuthor = null;
    return dayLabel(iso, now);
  };
  for (const m of lines) {
    const day = dayOf(m.createdAt);
    const author = m.kind === 'MESSAGE' ? `${m.author.role}:${m.author.telegramId}` : null;
    items.push({ key: m.id, day, line: m, first: author !== lastAuthor });
    lastAuthor = author;
  }
  for (const p of pending) items.push({ key: `pending-${p.key}`, day: dayOf(p.createdAt), first: false, sending: p });
  return (
    <div className={styles.lines} role="log" aria-label="Переписка">
      {items.map(({ key, day, line: m, first, sending }) => (
        <Fragment key={key}>
          {day && (
            <div className={styles.day} role="separator">
              <span>{day}</span>
            </div>
          )}
          {m &&
            (m.kind === 'MESSAGE' ? (
              <ContextMenu disabled={!onHide || m.hidden} items={[{ label: 'Приховати', destructive: true, onSelect: () => onHide?.(m) }]}>
                <Bubble m={m} mine={m.author.telegramId === me} first={first} />
              </ContextMenu>
            ) : (
              <SystemLine m={m} />
            ))}
          {sending && <Sending p={sending} />}
        </Fragment>
      ))}
    </div>
  );
}

function Sending({ p }: { p: PendingLine }) {
  return (
    <div className={`${styles.row} ${styles.mine}`} data-testid="thread-pending">
      <div className={`${styles.bubble} ${styles.bubbleMine} ${styles.sending}`}>
        {p.text && <p className={styles.text}>{p.text}</p>}
        {p.fileNames.length > 0 && (
          <div className={styles.files}>
            {p.fileNames.map((name) => (
              <FileChip key={name} fileName={name} />
            ))}
          </div>
        )}
        <span className={styles.meta}>
          <time dateTime={p.createdAt}>{formatTime(p.createdAt)}</time>
          <span className={styles.marks} aria-label="надсилається" role="img">
            ◷
          </span>
        </span>
      </div>
    </div>
  );
}
