import { useState, type FormEvent } from 'react';
import { MSG, SUPPORT_MAX_FILE_BYTES, SUPPORT_MAX_FILES, SUPPORT_MESSAGE_MAX } from '@zalik/contract';
import { useMe } from '../../api/me';
import { haptic } from '../../telegram/sdk';
import { Button, FilePicker, Lottie, MainAction, Page, SectionHeader, TextArea, useErrorBanner } from '../../ui';
import { draftKey, useDraft } from '../../lib/useDraft';
import { useSendSupport } from './api';
import { FaqList } from './FaqList';
import { addSupportFiles, supportFilesProblem } from './files';
import styles from './support.module.css';

/**
 * /settings/support: a message (with up to three files) for the support chat, then the FAQ. The
 * form comes first so it never moves: above it, the FAQ's arrival (any number of questions, of any
 * length, after a skeleton) dropped the message box by 150 px under the finger.
 */
export function SupportScreen() {
  const me = useMe();
  const banner = useErrorBanner();
  const send = useSendSupport();
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [sent, setSent] = useState(false);
  const draft = useDraft({ key: draftKey('support'), value: message, empty: !message.trim(), restore: setMessage });

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (send.isPending) return;
    // The bot answers through Telegram: without a username support cannot reach the user.
    if (!me.username) return banner.show(MSG.usernameRequired);
    const text = message.trim();
    if (!text) return banner.show(MSG.supportMessageEmpty);
    const problem = supportFilesProblem(files);
    if (problem) return banner.show(problem);
    send.mutate(
      { message: text, files },
      {
        onSuccess: () => {
          haptic.notification('success');
          draft.clear();
          setMessage('');
          setFiles([]);
          setSent(true);
        },
      },
    );
  };

  if (sent) {
    return (
      <Page title="Підтримка">
        <div className={styles.sent} role="status">
          <Lottie name="success" size={140} loop={false} />
          <h2 className={styles.sentTitle}>Повідомлення надіслано</h2>
          <p className={styles.sentText}>Підтримка відповість вам у Telegram, зазвичай протягом дня.</p>
          <Button variant="secondary" onClick={() => setSent(false)}>
            Написати ще
          </Button>
        </div>
      </Page>
    );
  }

  return (
    <Page title="Підтримка" subtitle="Підтримка відповість вам у Telegram. Відповіді на часті питання — під формою.">
      {draft.dialog}
      <form className={styles.form} onSubmit={submit} noValidate>
        <SectionHeader className={styles.formHeader}>Написати в підтримку</SectionHeader>
        {!me.username && (
          <p className={styles.warning} role="note">
            У вашому профілі Telegram немає імені користувача (нікнейма). Додайте його в налаштуваннях Telegram, щоб підтримка
            могла вам відповісти.
          </p>
        )}
        <TextArea
          aria-label="Повідомлення"
          placeholder="Опишіть проблему: яке завдання, що пішло не так"
          value={message}
          maxLength={SUPPORT_MESSAGE_MAX}
          disabled={send.isPending}
          onChange={(e) => setMessage(e.target.value)}
          hint={message.length > SUPPORT_MESSAGE_MAX - 300 ? `${message.length} / ${SUPPORT_MESSAGE_MAX}` : undefined}
        />
        <FilePicker
          files={files}
          onChange={setFiles}
          add={addSupportFiles}
          maxFiles={SUPPORT_MAX_FILES}
          hint={`До ${SUPPORT_MAX_FILES} файлів, кожен не більше ${SUPPORT_MAX_FILE_BYTES / (1024 * 1024)} МБ: знімки екрана, документи.`}
          label="Вкладені файли"
          edit="remove"
          testId="support-files"
          disabled={send.isPending}
        />
        {/* Inside the form only so the in-page button's spacer stays at the screen's end. */}
        <FaqList />
        <MainAction submit text={send.isPending ? 'Відправляється' : 'Відправити'} loading={send.isPending} onAction={submit} />
      </form>
    </Page>
  );
}
