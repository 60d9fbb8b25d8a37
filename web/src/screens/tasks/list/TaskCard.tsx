import { formatUah, type Task } from '@zalik/contract';
import { loadingRegion, BoltIcon, Button, EyeIcon, EyeOffIcon, Link, RatingLine, SkeletonBar } from '../../../ui';
import { paths } from '../../../lib/paths';
import { payablePrice } from '../lib/filters';
import styles from './TaskCard.module.css';

interface TaskCardProps {
  task: Task;
  /** Admins see whether the task is visible to students. */
  showVisibility: boolean;
  /** The teacher's name under the title (when the list mixes teachers). */
  showTeacher?: boolean;
  onOpen: (task: Task) => void;
  busy?: boolean;
}

/**
 * Spec 'Task card': title, 'Вартість' (discount struck through), '@creator', 'Придбати'; and its
 * rating. The creator's name opens their profile (not the purchase).
 */
export function TaskCard({ task, showVisibility, showTeacher, onOpen, busy }: TaskCardProps) {
  const discounted = task.discount > 0;
  const creator = task.developer.username ? `@${task.developer.username}` : 'Unknown';
  return (
    <article
      className={[styles.card, showVisibility && !task.visible ? styles.dimmed : ''].join(' ')}
      aria-label={task.title}
      aria-busy={busy || undefined}
      onClick={() => onOpen(task)}
    >
      <div className={styles.head}>
        <h3 className={styles.title}>{task.title}</h3>
        <span className={styles.badges}>
          {task.type === 'TEST' && <span className={styles.tag}>Тест</span>}
          {task.autoGenerate && (
            <span className={styles.auto} role="img" aria-label="Автогенерація" title="Готово одразу після оплати">
              <BoltIcon size={16} aria-hidden="true" />
            </span>
          )}
          {showVisibility &&
            (task.visible ? (
              <span className={styles.visible} role="img" aria-label="Видиме студентам" title="Видиме студентам">
                <EyeIcon size={18} aria-hidden="true" />
              </span>
            ) : (
              <span className={styles.hidden} role="img" aria-label="Приховане від студентів" title="Приховане від студентів">
                <EyeOffIcon size={18} aria-hidden="true" />
              </span>
            ))}
        </span>
      </div>
      <p className={styles.meta}>
        {showTeacher && <span>{task.teacher.name} · </span>}
        <Link
          className={styles.creator}
          to={paths.author(task.developer.telegramId)}
          aria-label={`Профіль розробника ${creator}`}
          onClick={(e) => e.stopPropagation()}
        >
          {creator}
        </Link>
      </p>
      <RatingLine rating={task.rating} className={styles.rating} />
      <div className={styles.foot}>
        <div className={styles.price}>
          <span className={styles.priceLabel}>Вартість</span>
          <span className={styles.amounts}>
            {discounted && (
              <s className={styles.old}>
                <span className="visually-hidden">Стара ціна </span>
                {formatUah(task.price)}
              </s>
            )}
            <span className={discounted ? styles.now : undefined}>{formatUah(payablePrice(task))}</span>
            {discounted && <span className={styles.off}>−{task.discount}%</span>}
          </span>
        </div>
        <Button
          size="small"
          onClick={(e) => {
            e.stopPropagation();
            onOpen(task);
          }}
        >
          Придбати
        </Button>
      </div>
    </article>
  );
}

/** Placeholder cards with the real card's height. */
export function TaskSkeletons({ count = 3 }: { count?: number }) {
  return (
    <div className={styles.list} {...loadingRegion('Завантаження завдань')}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={styles.card}>
          <SkeletonBar width={`${72 - ((i * 17) % 30)}%`} height={16} />
          <p className={styles.meta}>
            <SkeletonBar width="35%" height={12} />
          </p>
          <p className={styles.rating}>
            <SkeletonBar width="40%" height={12} />
          </p>
          <div className={styles.foot}>
            <SkeletonBar width={90} height={30} />
            <SkeletonBar width={96} height={34} />
          </div>
        </div>
      ))}
    </div>
  );
}

export { styles as taskCardStyles };
