import { basePaths } from '../lib/basePaths';
import { haptic } from '../telegram/sdk';
import { Badge } from './Badge';
import { ChatIcon } from './icons';
import { Link } from './Link';
import styles from './ThreadButton.module.css';

/** An order card's way into the order's thread, with what the reader has not read there. */
export function ThreadButton({ orderId, unread }: { orderId: string; unread: number }) {
  return (
    <Link to={basePaths.thread(orderId)} className={styles.button} onClick={() => haptic.selection()} data-testid="thread-button">
      <ChatIcon size={20} />
      <span className={styles.label}>Переписка</span>
      <Badge count={unread} />
    </Link>
  );
}
