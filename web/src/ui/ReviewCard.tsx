import { useState, type ReactNode } from 'react';
import { MSG, REVIEW_HIDE_REASON_MAX, REVIEW_REPLY_MAX, type Review } from '@zalik/contract';
import { formatDate } from '../lib/date';
import { FormSheet } from './FormSheet';
import { TextArea } from './Field';
import { RatingStars } from './Rating';
import styles from './ReviewCard.module.css';

interface ReviewCardProps {
  review: Review;
  /** Name the task it is about (an author's profile mixes tasks). */
  showTask?: boolean;
  /** The reviewed order's developer may answer (once, not a hidden review). */
  onReply?: (text: string) => Promise<unknown>;
  /** An admin may hide it with a reason. */
  onHide?: (reason: string) => Promise<unknown>;
  /** Anything under it (the buyer's 'Змінити відгук'). */
  children?: ReactNode;
}

/** One review: who (a first name), the stars, when, the text, the author's answer, a moderator's mark; with the reply and hide sheets when allowed. */
export function ReviewCard({ review, showTask, onReply, onHide, children }: ReviewCardProps) {
  const [open, setOpen] = useState<'reply' | 'hide' | null>(null);
  const canReply = onReply && !review.reply && !review.hidden;
  const canHide = onHide && !review.hidden;
  return (
    <article className={styles.review} aria-label={`Відгук: ${review.authorName}`}>
      <header className={styles.head}>
        <strong className={styles.author}>{review.authorName}</strong>
        <RatingStars value={review.rating} />
      </header>
      <p className={styles.meta}>
        {showTask && <span className={styles.task}>{review.taskTitle} · </span>}
        <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
        {review.editedAt && <span> · змінено</span>}
      </p>
      {review.hidden && (
        <p className={styles.hidden} role="note">
          {MSG.reviewHiddenByModerator}
          {review.hiddenReason && ` Причина: ${review.hiddenReason}`}
        </p>
      )}
      {review.text && <p className={styles.text}>{review.text}</p>}
      {review.reply && (
        <div className={styles.reply}>
          <p className={styles.replyLabel}>Відповідь розробника</p>
          <p className={styles.text}>{review.reply.text}</p>
        </div>
      )}
      {(canReply || canHide) && (
        <div className={styles.actions}>
          {canReply && (
            <button type="button" className={styles.action} onClick={() => setOpen('reply')}>
              Відповісти
            </button>
          )}
          {canHide && (
            <button type="button" className={`${styles.action} ${styles.danger}`} onClick={() => setOpen('hide')}>
              Приховати
            </button>
          )}
        </div>
      )}
      {children}
      {onReply && (
        <TextSheet open={open === 'reply'} kind="reply" onClose={() => setOpen(null)} send={onReply} />
      )}
      {onHide && <TextSheet open={open === 'hide'} kind="hide" onClose={() => setOpen(null)} send={onHide} />}
    </article>
  );
}

const SHEETS = {
  reply: { title: 'Відповідь на відгук', label: 'Ваша відповідь', submit: 'Надіслати відповідь', max: REVIEW_REPLY_MAX, empty: MSG.reviewReplyRequired, note: 'Відповісти можна один раз: її побачать усі, хто читає відгуки.' },
  hide: { title: 'Приховати відгук', label: 'Причина', submit: 'Приховати', max: REVIEW_HIDE_REASON_MAX, empty: MSG.reviewHideReasonRequired, note: 'Відгук перестане враховуватися в рейтингу. Його автор бачитиме, що відгук приховано, і причину.' },
} as const;

function TextSheet({ open, kind, onClose, send }: { open: boolean; kind: keyof typeof SHEETS; onClose: () => void; send: (text: string) => Promise<unknown> }) {
  const s = SHEETS[kind];
  const [text, setText] = useState('');
  const [marked, setMarked] = useState(false);
  const [sending, setSending] = useState(false);
  const blank = text.trim() === '';
  return (
    <FormSheet
      open={open}
      title={s.title}
      description={<p>{s.note}</p>}
      submitText={s.submit}
      destructive={kind === 'hide'}
      sending={sending}
      onClose={onClose}
      onSubmit={() => {
        setMarked(true);
        if (blank) return;
        setSending(true);
        send(text.trim()).then(onClose, () => undefined).finally(() => setSending(false));
      }}
    >
      <TextArea
        label={s.label}
        value={text}
        maxLength={s.max}
        autoFocus
        disabled={sending}
        error={marked && blank ? s.empty : undefined}
        onChange={(e) => setText(e.target.value)}
      />
    </FormSheet>
  );
}
