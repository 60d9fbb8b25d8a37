import { newMessagesText } from '@zalik/contract';
import styles from './Badge.module.css';

/** An unread count as Telegram draws it: a round pill, nothing at 0, '99+' past 99. */
export function Badge({ count, className }: { count: number | undefined; className?: string }) {
  if (!count) return null;
  return (
    <span className={[styles.badge, className ?? ''].join(' ')} aria-label={newMessagesText(count)} role="status">
      {count > 99 ? '99+' : count}
    </span>
  );
}
