import { useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MSG, formatUah, type ChatMessage } from '@zalik/contract';
import { useMe } from '../../api/me';
import { qk } from '../../api/queryKeys';
import { useWallets } from '../../api/wallets';
import { paths } from '../../lib/paths';
import { haptic } from '../../telegram/sdk';
import { Button, EmptyState, MainAction, Page, PlusIcon, SkeletonBar, TextArea, hideError, showError, useToast } from '../../ui';
import { askStreaming, useExplanationMessages, useExplanationSession } from './api';
import { Markdown } from './Markdown';
import styles from './explanations.module.css';

/** The question being answered now: its streamed text, or why it failed (its money is back). */
interface Pending {
  question: string;
  answer: string;
  failed?: string;
}

function Answer({ text, onCopy, onShare }: { text: string; onCopy?: () => void; onShare?: () => void }) {
  return (
    <div className={styles.answer}>
      <Markdown text={text} />
      {onCopy && (
        <div className={styles.tools}>
          <button type="button" className={styles.tool} onClick={onCopy}>
            Копіювати
          </button>
          <button type="button" className={styles.tool} onClick={onShare}>
            Поділитися
          </button>
        </div>
      )}
    </div>
  );
}

/** /explanation/{sessionId}: the tutor chat of an order; each question paid before it is asked, its answer streamed in. */
export default function ExplanationScreen() {
  const { sessionId = '' } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const me = useMe();
  const session = useExplanationSession(sessionId);
  const messages = useExplanationMessages(sessionId);
  const balance = useWallets(me.telegramId, { silent: true }).data?.find((w) => w.kind === 'general')?.balance;
  const [question, setQuestion] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [sending, setSending] = useState(false);
  const [toast, notify] = useToast();
  const abort = useRef<AbortController | null>(null);

  const s = session.data;
  const price = s?.price ?? 0;
  const missing = balance !== undefined && s ? Math.max(0, price - balance) : 0;

  const copy = (text: string) =>
    void navigator.clipboard?.writeText(text).then(
      () => notify('Відповідь скопійовано'),
      () => notify('Не вдалося скопіювати'),
    );
  const share = (text: string) => {
    if (navigator.share) void navigator.share({ text }).catch(() => undefined);
    else copy(text);
  };

  async function send() {
    const q = question.trim();
    if (!q || sending) return;
    hideError();
    setSending(true);
    setPending({ question: q, answer: '' });
    setQuestion('');
    abort.current = new AbortController();
    let failed = false;
    try {
      await askStreaming(
        sessionId,
        q,
        (e) => {
          if (e.type === 'delta') setPending((p) => p && { ...p, answer: p.answer + e.text });
          if (e.type === 'done') setPending((p) => p && { ...p, answer: e.answer });
          if (e.type === 'error') {
            failed = true;
            setPending((p) => p && { ...p, failed: e.message });
            showError(e.message);
          }
        },
        abort.current.signal,
      );
      if (!failed) haptic.notification('success');
    } catch (err) {
      // Refused before anything was charged: the question goes back into the field.
      failed = true;
      setPending(null);
      setQuestion(q);
      if (err instanceof Error && err.message !== MSG.insufficientFunds) showError(err.message);
    } finally {
      setSending(false);
      await Promise.all([
        qc.invalidateQueries({ queryKey: qk.explanations.messages(sessionId) }),
        qc.invalidateQueries({ queryKey: qk.explanations.session(sessionId) }),
        qc.invalidateQueries({ queryKey: qk.wallet.all }),
      ]);
      // The stored conversation now holds the answer; a failed question stays shown with its refund.
      if (!failed) setPending(null);
    }
  }

  if (session.isError) {
    return (
      <Page title="Пояснення">
        <EmptyState text={session.error.message} />
      </Page>
    );
  }

  const thread: ChatMessage[] = messages.data ?? [];
  return (
    <Page title="Пояснення" subtitle={s?.taskTitle}>
      <p className={styles.intro}>Запитайте, як розв’язано ваше завдання, щоб упевнено захистити його. Відповідь пише ШІ-репетитор, спираючись на матеріали до завдання.</p>
      <div className={styles.thread} aria-live="polite">
        {messages.isPending && <SkeletonBar width="70%" height={60} />}
        {thread.map((m, i) =>
          m.role === 'USER' ? (
            <div key={i} className={styles.question}>
              {m.content}
            </div>
          ) : (
            <Answer key={i} text={m.content} onCopy={() => copy(m.content)} onShare={() => share(m.content)} />
          ),
        )}
        {pending && (
          <>
            <div className={styles.question}>{pending.question}</div>
            {pending.answer ? <Answer text={pending.answer} /> : !pending.failed && <div className={`${styles.answer} ${styles.thinking}`}>Думає…</div>}
            {pending.failed && (
              <div className={styles.failed} role="status">
                {pending.failed}
              </div>
            )}
          </>
        )}
        {!messages.isPending && thread.length === 0 && !pending && <EmptyState text="Питань ще немає. Спитайте, наприклад, з чого почати пояснення викладачу." />}
      </div>

      <div className={styles.price} data-testid="explanation-price">
        <span>Ціна за одне питання {s ? formatUah(price) : '…'}</span>
        <span>{s ? `Сьогодні лишилося: ${s.questionsLeftToday}` : ''}</span>
      </div>
      {missing > 0 && (
        <div className={styles.short} role="status">
          <p>Недостатньо коштів: бракує {formatUah(missing)}.</p>
          <Button size="small" onClick={() => navigate(paths.wallet.deposit)}>
            <PlusIcon size={18} />
            Поповнити
          </Button>
        </div>
      )}
      <TextArea
        label="Ваше питання"
        value={question}
        maxLength={s?.questionMax ?? 1000}
        rows={3}
        placeholder="Наприклад: чому тут використано інтегрування частинами?"
        onChange={(e) => setQuestion(e.target.value)}
      />
      <p className={styles.counter}>
        {question.length}/{s?.questionMax ?? 1000}
      </p>
      <MainAction
        text={s ? `Запитати за ${formatUah(price)}` : 'Запитати'}
        loading={sending}
        disabled={!question.trim() || missing > 0 || !s || s.questionsLeftToday === 0}
        onAction={() => void send()}
      />
      {toast}
    </Page>
  );
}
