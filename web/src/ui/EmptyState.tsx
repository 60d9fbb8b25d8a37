import type { ReactNode } from 'react';
import { Lottie, type LottieName } from './Lottie';
import styles from './EmptyState.module.css';

interface EmptyStateProps {
  /** The spec's empty text, e.g. MSG.emptyTasks. */
  text: ReactNode;
  title?: ReactNode;
  animation?: LottieName;
  /** An optional action under the text. */
  children?: ReactNode;
}

/** What an empty list shows: an optional animation, a title, the text and an action. */
export function EmptyState({ text, title, animation = 'empty', children }: EmptyStateProps) {
  return (
    <div className={styles.empty}>
      {animation && <Lottie name={animation} size={120} />}
      {title && <h2 className={styles.title}>{title}</h2>}
      <p className={styles.text}>{text}</p>
      {children}
    </div>
  );
}
