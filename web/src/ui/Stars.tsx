import { StarIcon } from './icons/StarIcon';
import styles from './Stars.module.css';

/**
 * A number of Telegram Stars: the number and Telegram's gold star, drawn rather than the ⭐ emoji
 * (not every system font has it); it reads, and copies, as '550 ⭐'.
 */
export function Stars({ n }: { n: number }) {
  return (
    <span className={styles.stars}>
      {n}
      <span className="visually-hidden"> ⭐</span>
      <StarIcon className={styles.star} />
    </span>
  );
}
