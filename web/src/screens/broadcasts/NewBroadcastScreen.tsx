import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BROADCAST_MAX_FILES, BROADCAST_MAX_FILE_BYTES, BROADCAST_MESSAGE_MAX, MSG, WORDS, countText } from '@zalik/contract';
import { haptic } from '../../telegram/sdk';
import { ConfirmDialog, FilePicker, MainAction, Page, SectionHeader, Tabs, TextArea, useErrorBanner } from '../../ui';
import { RequireRole } from '../../lib/RequireRole';
import { addLimitedFiles, limitedFilesProblem, type FileLimits } from '../../lib/files';
import { paths } from '../../lib/paths';
import { useRecipients, useSendBroadcast, type Audience } from './api';
import styles from './broadcasts.module.css';

const AUDIENCES = [
  { value: 'all', label: 'Усім' },
  { value: '1', label: '1' },
  { value: '2', label: '2' },
  { value: '3', label: '3' },
  { value: '4', label: '4' },
] as const satisfies readonly { value: Audience; label: string }[];

const LIMITS: FileLimits = { maxFiles: BROADCAST_MAX_FILES, maxBytes: BROADCAST_MAX_FILE_BYTES, tooMany: MSG.broadcastTooManyFiles, tooBig: MSG.broadcastFileTooBig };

/** 'Отримають 120 користувачів'. */
const recipientsText = (n: number) => countText(n, WORDS.user);

/** /settings/admin-panel/broadcasts/new: who, what (and files); the count before sending, then a confirmation (lazy chunk). */
export default function NewBroadcastScreen() {
  const navigate = useNavigate();
  const banner = useErrorBanner();
  const [audience, setAudience] = useState<Audience>('all');
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [confirming, setConfirming] = useState(false);
  const recipients = useRecipients(audience);
  const send = useSendBroadcast();
  const count = recipients.data?.recipients;

  const ask = () => {
    if (!message.trim()) return banner.show(MSG.broadcastEmpty);
    const problem = limitedFilesProblem(files, LIMITS);
    if (problem) return banner.show(problem);
    if (count === 0) return banner.show(MSG.broadcastNoRecipients);
    setConfirming(true);
  };

  const confirm = () => {
    setConfirming(false);
    send.mutate(
      { audience, message: message.trim(), files },
      {
        onSuccess: (b) => {
          haptic.notification('success');
          navigate(paths.admin.broadcast(b.id), { replace: true });
        },
      },
    );
  };

  return (
    <RequireRole role="admin">
      <Page title="Нова розсилка">
        <div className={styles.form}>
          <SectionHeader>Кому</SectionHeader>
          <Tabs label="Кому надіслати" items={AUDIENCES} value={audience} onChange={setAudience} />
          <p className={styles.recipients} aria-live="polite" data-testid="broadcast-recipients">
            {count === undefined
              ? 'Рахуємо отримувачів…'
              : `Отримають ${recipientsText(count)}${recipients.data!.skipped ? `; ${recipients.data!.skipped} заблокували бота і не отримають` : ''}.`}
          </p>
          <TextArea
            label="Повідомлення"
            placeholder="Що важливо знати студентам"
            value={message}
            maxLength={BROADCAST_MESSAGE_MAX}
            disabled={send.isPending}
            rows={6}
            onChange={(e) => setMessage(e.target.value)}
            hint={`${message.length} / ${BROADCAST_MESSAGE_MAX}`}
          />
          <FilePicker
            files={files}
            onChange={setFiles}
            add={(current, picked) => addLimitedFiles(current, picked, LIMITS)}
            maxFiles={BROADCAST_MAX_FILES}
            hint={`До ${BROADCAST_MAX_FILES} файлів, кожен не більше ${BROADCAST_MAX_FILE_BYTES / (1024 * 1024)} МБ; бот надішле їх після тексту.`}
            label="Файли"
            edit="remove"
            testId="broadcast-files"
            disabled={send.isPending}
          />
        </div>
        <MainAction text={send.isPending ? 'Надсилається' : 'Надіслати'} loading={send.isPending} disabled={count === undefined} onAction={ask} />
        <ConfirmDialog
          open={confirming}
          title="Надіслати розсилку?"
          question={count === undefined ? undefined : `Бот надішле це повідомлення: ${recipientsText(count)}.`}
          text="Надіслане не можна відкликати."
          confirmLabel="Надіслати"
          destructive={false}
          onConfirm={confirm}
          onCancel={() => setConfirming(false)}
        />
      </Page>
    </RequireRole>
  );
}
