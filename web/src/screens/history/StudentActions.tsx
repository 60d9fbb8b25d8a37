import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DISPUTE_REASON_MAX, MSG, REVISION_COMMENT_MAX, formatUah } from '@zalik/contract';
import { haptic } from '../../telegram/sdk';
import { Button, ConfirmDialog, ReviewCard } from '../../ui';
import { useAcceptOrder, useCancelOverdue, useDisputeOrder, useReviseOrder } from './api';
import type { ActionsProps } from './HistoryList';
import { studentActions } from './orderState';
import { ReprocessSheet } from './ReprocessSheet';
import { ReviewSheet } from './ReviewSheet';
import { TextSheet } from './TextSheet';
import styles from './history.module.css';
import { paths } from '../../lib/paths';

type Open = 'accept' | 'cancel' | 'revise' | 'dispute' | 'reprocess' | 'review' | null;

/** The buyer's buttons under an order, each with its confirmation or form. */
export function StudentActions({ item, overdue, telegramId, notify }: ActionsProps) {
  const [open, setOpen] = useState<Open>(null);
  const accept = useAcceptOrder(telegramId);
  const cancel = useCancelOverdue(telegramId);
  const revise = useReviseOrder(telegramId);
  const dispute = useDisputeOrder(telegramId);
  const actions = studentActions(item, overdue);
  const close = () => setOpen(null);
  const done = (text: string) => {
    haptic.notification('success');
    notify(text);
    close();
  };
  const price = formatUah(item.price);
  const busy = accept.isPending || cancel.isPending;
  const navigate = useNavigate();
  const explain = item.explanationSessionId;

  const review = item.review;
  if (actions.length === 0 && open === null && !explain && !review && !item.reviewUntil) return null;
  return (
    <div className={styles.actions}>
      {review && (
        <div className={styles.review}>
          <p className={styles.reviewLabel}>Ваш відгук</p>
          <ReviewCard review={review}>
            {review.editableUntil && (
              <Button variant="plain" size="small" onClick={() => setOpen('review')}>
                Змінити відгук
              </Button>
            )}
          </ReviewCard>
        </div>
      )}
      {item.reviewUntil && (
        <Button variant="secondary" stretched onClick={() => setOpen('review')}>
          Оцінити роботу
        </Button>
      )}
      {explain && (
        <Button variant="secondary" stretched onClick={() => navigate(paths.explanation(explain))}>
          Пояснення
        </Button>
      )}
      {actions.includes('accept') && (
        <Button stretched loading={accept.isPending} disabled={busy} onClick={() => setOpen('accept')}>
          Прийняти
        </Button>
      )}
      {(actions.includes('revise') || actions.includes('dispute')) && (
        <div className={styles.actionRow}>
          {actions.includes('revise') && (
            <Button variant="secondary" disabled={busy} onClick={() => setOpen('revise')}>
              Доопрацювати
            </Button>
          )}
          <Button variant="secondary" className={styles.danger} disabled={busy} onClick={() => setOpen('dispute')}>
            Відкрити спір
          </Button>
        </div>
      )}
      {actions.includes('cancel') && (
        <>
          <p className={styles.pending}>Розробник не встиг виконати замовлення. Його можна скасувати й повернути {price}.</p>
          <Button variant="destructive" stretched loading={cancel.isPending} onClick={() => setOpen('cancel')}>
            Скасувати й повернути кошти
          </Button>
        </>
      )}
      {actions.includes('reprocess') && (
        <>
          <Button variant="secondary" stretched onClick={() => setOpen('reprocess')}>
            Згенерувати ще раз
          </Button>
          <p className={styles.pending}>Виправте дані й отримайте новий файл замість цього: один раз, безкоштовно.</p>
        </>
      )}

      <ConfirmDialog
        open={open === 'accept'}
        title="Прийняти роботу?"
        question={`«${item.taskTitle}»`}
        text={item.price > 0 ? `${price} буде передано розробнику. Після цього доопрацювання чи спір будуть недоступні.` : 'Після цього доопрацювання чи спір будуть недоступні.'}
        confirmLabel="Прийняти"
        destructive={false}
        onCancel={close}
        onConfirm={() => {
          close();
          accept.mutate(item.id, {
            onSuccess: (accepted) => {
              done(item.price > 0 ? 'Роботу прийнято, кошти передано розробнику' : 'Роботу прийнято');
              // The moment to ask how it went: the review sheet opens over the accepted order.
              if (accepted.reviewUntil) setOpen('review');
            },
          });
        }}
      />
      <ConfirmDialog
        open={open === 'cancel'}
        title="Скасувати замовлення?"
        question={`«${item.taskTitle}»`}
        text={`Строк виконання минув. ${price} повернуться на ваш баланс, а розробник більше не зможе надіслати відповідь.`}
        confirmLabel="Повернути кошти"
        cancelLabel="Назад"
        onCancel={close}
        onConfirm={() => {
          close();
          cancel.mutate(item.id, { onSuccess: () => done(`Замовлення скасовано: ${price} повернуто на баланс`) });
        }}
      />
      <TextSheet
        open={open === 'revise'}
        title="Доопрацювання"
        description={
          <>
            <p>Опишіть, що змінити: розробник отримає ваш коментар і новий строк виконання.</p>
            <p>Залишилося доопрацювань: {item.revisionsLeft}.</p>
          </>
        }
        label="Що потрібно доопрацювати"
        placeholder="Наприклад: у завданні 3 інший варіант, додайте висновки"
        max={REVISION_COMMENT_MAX}
        empty={MSG.revisionCommentRequired}
        submitText="Надіслати на доопрацювання"
        sending={revise.isPending}
        onClose={close}
        onSubmit={(comment) => revise.mutate({ id: item.id, comment }, { onSuccess: () => done('Запит на доопрацювання надіслано розробнику') })}
      />
      <TextSheet
        open={open === 'dispute'}
        title="Відкрити спір"
        description={
          <p>
            Кошти ({price}) залишаться замороженими, доки адміністратор не розгляне спір: він бачить замовлення, файли й повідомлення.
          </p>
        }
        label="Причина спору"
        placeholder="Що не так із відповіддю"
        max={DISPUTE_REASON_MAX}
        empty={MSG.disputeReasonRequired}
        submitText="Відкрити спір"
        destructive
        sending={dispute.isPending}
        onClose={close}
        onSubmit={(reason) => dispute.mutate({ id: item.id, reason }, { onSuccess: () => done('Спір відкрито. Адміністратор розгляне його') })}
      />
      <ReviewSheet open={open === 'review'} item={item} telegramId={telegramId} onClose={close} onDone={done} />
      <ReprocessSheet open={open === 'reprocess'} item={item} telegramId={telegramId} onClose={close} onDone={() => done('Файл згенеровано заново')} />
    </div>
  );
}
