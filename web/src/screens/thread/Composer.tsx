import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { MSG, ORDER_FILE_EXTENSIONS, THREAD_MAX_FILES, THREAD_MAX_FILE_BYTES, THREAD_TEXT_MAX, hasContacts, orderFileExtension } from '@zalik/contract';
import { useOffline } from '../../api/network';
import { addLimitedFiles, formatSize, type FileLimits } from '../../lib/files';
import { haptic } from '../../telegram/sdk';
import { CloseIcon, PaperclipIcon, SendIcon, showError } from '../../ui';
import { draftKey, useDraft } from '../../lib/useDraft';
import styles from './thread.module.css';

const LIMITS: FileLimits = {
  maxFiles: THREAD_MAX_FILES,
  maxBytes: THREAD_MAX_FILE_BYTES,
  tooMany: MSG.threadTooManyFiles(THREAD_MAX_FILES),
  tooBig: MSG.threadFileTooBig(THREAD_MAX_FILE_BYTES / (1024 * 1024)),
  // A thread's attachments pass the same type check as an order's answer on the server.
  unsupported: (f) => (orderFileExtension(f.name) ? null : MSG.fileTypeUnsupported(f.name, ORDER_FILE_EXTENSIONS)),
};

interface ComposerProps {
  orderId: string;
  /**
   * Sends what was written; answers once the server took it (true) or refused it (false: the
   * text and files come back into the composer).
   */
  onSend: (text: string, files: File[]) => Promise<boolean>;
}

/**
 * What the reader writes: text that grows with it, up to 5 attachments, the send button. The
 * text is kept per order as a draft in Telegram's storage (lib/useDraft.tsx) and while offline (sending waits for the network); a
 * contact in it warns before sending, by the same rule the server masks with.
 */
export function Composer({ orderId, onSend }: ComposerProps) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const offline = useOffline();
  const input = useRef<HTMLInputElement>(null);
  const area = useRef<HTMLTextAreaElement>(null);

  // Sending empties the box at once, which drops the draft; a refused send brings the text (and the draft) back.
  const draft = useDraft({ key: draftKey('thread', orderId), value: text, empty: !text.trim() && files.length === 0, restore: (saved) => setText((now) => now || saved) });
  // Grows with the text up to a few lines, then scrolls inside.
  useEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 140)}px`;
  }, [text]);

  const trimmed = text.trim();
  const tooLong = trimmed.length > THREAD_TEXT_MAX;
  const canSend = !offline && !tooLong && (trimmed.length > 0 || files.length > 0);
  const warn = hasContacts(text);

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(e.target.files ?? []);
    e.target.value = '';
    if (picked.length === 0) return;
    const { files: next, problem } = addLimitedFiles(files, picked, LIMITS);
    if (problem) showError(problem);
    else haptic.selection();
    setFiles(next);
  };

  const send = async () => {
    if (!canSend) return;
    haptic.impact('light');
    const sent = { text: trimmed, files };
    setText('');
    setFiles([]);
    if (!(await onSend(sent.text, sent.files))) {
      setText((now) => (now ? now : sent.text));
      setFiles((now) => (now.length ? now : sent.files));
    }
  };

  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends on a keyboard (desktop Telegram); Shift+Enter and phones' Enter make a new line.
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing && window.matchMedia?.('(pointer: fine)').matches) {
      e.preventDefault();
      void send();
    }
  };

  return (
    <div className={styles.composer}>
      {draft.dialog}
      {warn && (
        <p className={styles.warning} role="status">
          {MSG.threadContactsWarning}
        </p>
      )}
      {tooLong && (
        <p className={styles.warning} role="alert">
          {MSG.threadTextTooLong(THREAD_TEXT_MAX)}
        </p>
      )}
      {files.length > 0 && (
        <ul className={styles.attached} aria-label="Файли до повідомлення">
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`} className={styles.attachedFile}>
              <span className={styles.attachedName}>{f.name}</span>
              <span className={styles.attachedSize}>{formatSize(f.size)}</span>
              <button type="button" className={styles.remove} aria-label={`Прибрати ${f.name}`} onClick={() => setFiles(files.filter((_, j) => j !== i))}>
                <CloseIcon size={16} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.bar}>
        <button
          type="button"
          className={styles.icon}
          aria-label="Додати файл"
          disabled={files.length >= THREAD_MAX_FILES}
          onClick={() => input.current?.click()}
        >
          <PaperclipIcon size={24} />
        </button>
        <input ref={input} type="file" multiple hidden onChange={pick} data-testid="thread-files" />
        <textarea
          ref={area}
          className={styles.input}
          rows={1}
          value={text}
          placeholder="Повідомлення"
          aria-label="Повідомлення"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKey}
        />
        <button type="button" className={`${styles.icon} ${styles.send}`} aria-label="Надіслати" disabled={!canSend} onClick={() => void send()}>
          <SendIcon size={22} />
        </button>
      </div>
    </div>
  );
}
