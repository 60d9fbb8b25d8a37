import { useState } from 'react';
import { MSG, REVIEW_EDIT_HOURS, REVIEW_TEXT_MAX, WORDS, countText, type HistoryItem } from '@zalik/contract';
import { FormSheet, StarPicker, TextArea } from '../../ui';
import { useSaveReview } from './api';
import styles from './history.module.css';

interface ReviewSheetProps {
  open: boolean;
  item: HistoryItem;
  telegramId: string;
  onClose: () => void;
  onDone: (text: string) => void;
}

/** The buyer rates a finished order (1-5 stars, an optional comment), or changes their review while they still may. */
export function ReviewSheet({ open, item, ...rest }: ReviewSheetProps) {
  // Mounted only while open, so each opening starts from the order's review as it is now.
  return open ? <Form item={item} {...rest} /> : null;
}

function Form({ item, telegramId, onClose, onDone }: Omit<ReviewSheetProps, 'open'>) {
  const editing = item.review !== null;
  const [stars, setStars] = useState(item.review?.rating ?? 0);
  const [text, setText] = useState(item.review?.text ?? '');
  const [marked, setMarked] = useState(false);
  const save = useSaveReview(telegramId, editing);
  return (
    <FormSheet
      open
      title={editing ? 'Змінити відгук' : 'Оцініть роботу'}
      description={
        <p>
          «{item.taskTitle}». Відгук побачать інші студенти на сторінці завдання та в профілі розробника; ваше ім’я — лише перше. Змінити його можна
          протягом {countText(REVIEW_EDIT_HOURS, WORDS.hour)}.
        </p>
      }
      submitText={editing ? 'Зберегти відгук' : 'Надіслати відгук'}
      sending={save.isPending}
      onClose={onClose}
      onSubmit={() => {
        setMarked(true);
        if (stars === 0) return;
        save.mutate({ id: item.id, rating: stars, text: text.trim() }, { onSuccess: () => onDone(editing ? 'Відгук змінено' : 'Дякуємо за відгук!') });
      }}
    >
      <StarPicker value={stars} onChange={setStars} disabled={save.isPending} />
      {marked && stars === 0 && (
        <p className={styles.starsError} role="alert">
          {MSG.reviewRating}
        </p>
      )}
      <TextArea
        label="Коментар (необов’язково)"
        placeholder="Що сподобалося, що варто покращити"
        value={text}
        maxLength={REVIEW_TEXT_MAX}
        disabled={save.isPending}
        hint={text.length > REVIEW_TEXT_MAX - 200 ? `${text.length} / ${REVIEW_TEXT_MAX}` : undefined}
        onChange={(e) => setText(e.target.value)}
      />
    </FormSheet>
  );
}
