import type { DiscountListItem } from '@zalik/contract';
import { loadingRegion, Link, SkeletonText, TrashIcon } from '../../ui';
import { windowState, windowText } from '../../lib/discountWindow';
import { paths } from '../../lib/paths';
import { usesText, who } from './labels';
import styles from './admin-discounts.module.css';

/** One discount: the task and who gets it, the uses and the window; a tap edits it, the bin deletes it (after a confirmation). */
export function DiscountRow({ discount: d, onDelete }: { discount: DiscountListItem; onDelete: (d: DiscountListItem) => void }) {
  const state = windowState(d);
  const window = windowText(d);
  return (
    <div className={styles.row}>
      {/* Named by what it shows (title, percent, whom, uses, state), so a voice command that reads the row finds it. */}
      <Link to={paths.admin.discount(d.id)} className={styles.main}>
        <span className={styles.top}>
          <span className={styles.title}>{d.taskTitle}</span>
          <span className={styles.percent}>−{d.discountValue}%</span>
        </span>
        <span className={styles.meta}>
          {d.subjectName} · {who(d)}
        </span>
        <span className={styles.meta}>{usesText(d)}</span>
        {window && <span className={styles.meta}>{window}</span>}
        <span className={styles.state} data-tone={state.tone}>
          {state.label}
        </span>
      </Link>
      <button type="button" className={styles.delete} aria-label={`Видалити знижку: ${d.taskTitle}, ${who(d)}`} onClick={() => onDelete(d)}>
        <TrashIcon size={22} />
      </button>
    </div>
  );
}

/** Placeholder rows built from the real row's classes, so the list does not jump when the rows arrive. */
export function DiscountSkeletons({ count }: { count: number }) {
  return (
    <div {...loadingRegion()}>
      {Array.from({ length: count }, (_, i) => (
        <div className={styles.row} key={i}>
          <div className={styles.main}>
            <span className={styles.top}>
              <span className={styles.title}>
                <SkeletonText width={`${70 - ((i * 17) % 30)}%`} />
              </span>
            </span>
            <span className={styles.meta}>
              <SkeletonText width="55%" />
            </span>
            <span className={styles.meta}>
              <SkeletonText width="40%" />
            </span>
            <span className={styles.state}>
              <SkeletonText width={64} />
            </span>
          </div>
          <span className={styles.delete} />
        </div>
      ))}
    </div>
  );
}
