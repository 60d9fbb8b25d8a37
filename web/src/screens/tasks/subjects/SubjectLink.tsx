import type { Subject } from '@zalik/contract';
import { haptic } from '../../../telegram/sdk';
import { Chevron, Link } from '../../../ui';
import styles from './SubjectsScreen.module.css';
import { basePaths } from '../../../lib/basePaths';

/** Element Timing: the browser reports when a subject's name is first painted (bench/first-screen.ts). */
const PAINT_TIMING = { elementtiming: 'subject-name' } as Record<string, string>;

/** The card itself: the subject's initial and name with an arrow, opening its task list. */
export function SubjectLink({ subject, busy }: { subject: Subject; busy?: boolean }) {
  return (
    <Link
      to={basePaths.subject(subject.id)}
      state={{ subject }}
      className={styles.card}
      aria-busy={busy || undefined}
      onClick={() => haptic.selection()}
    >
      <span className={styles.initial} aria-hidden="true">
        {subject.name.trim().charAt(0).toUpperCase()}
      </span>
      <span className={styles.name} {...PAINT_TIMING}>
        {subject.name}
      </span>
      <Chevron />
    </Link>
  );
}
