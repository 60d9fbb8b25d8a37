import { useState } from 'react';
import { WORDS, countText, type Task } from '@zalik/contract';
import { useMe } from '../../api/me';
import { useReviewModeration, useTaskReviews } from '../../api/reviews';
import { LoadMore, ReviewCard, SkeletonBar } from '../../ui';
import styles from './buying.module.css';

/**
 * Above the form, like the instruction: the newest review, and all of them a page at a time on
 * request, so the form stays near the top. The task's developer may answer, an admin may hide.
 */
export function TaskReviews({ task }: { task: Task }) {
  const me = useMe();
  const [all, setAll] = useState(false);
  const reviews = useTaskReviews(task.id);
  const moderate = useReviewModeration();
  if (task.rating.count === 0 && !me.isAdmin) return null;
  const list = reviews.data?.pages.flatMap((p) => p.content) ?? [];
  if (!reviews.isPending && list.length === 0) return null;
  const shown = all ? list : list.slice(0, 1);
  const mine = me.telegramId === task.developer.telegramId;
  return (
    <section className={styles.reviews} aria-label="Відгуки">
      <h2 className={styles.instructionTitle}>Відгуки · {countText(task.rating.count, WORDS.review)}</h2>
      {reviews.isPending ? (
        <SkeletonBar width="100%" height={96} />
      ) : (
        shown.map((r) => <ReviewCard key={r.id} review={r} onReply={mine ? moderate.reply(r.id) : undefined} onHide={me.isAdmin ? moderate.hide(r.id) : undefined} />)
      )}
      {!all && list.length > 1 ? (
        <button type="button" className={styles.toggle} onClick={() => setAll(true)}>
          усі відгуки
        </button>
      ) : (
        all && <LoadMore pages={reviews} skeleton={<SkeletonBar width="100%" height={96} />} />
      )}
    </section>
  );
}
