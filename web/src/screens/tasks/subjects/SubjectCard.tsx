import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { Subject } from '@zalik/contract';
import { useMe } from '../../../api/me';
import { haptic } from '../../../telegram/sdk';
import { Chevron, SkeletonBar } from '../../../ui';
import styles from './SubjectsScreen.module.css';
import { paths } from '../../../lib/paths';

/** Element Timing: the browser reports when a subject's name is first painted (bench/first-screen.ts). */
const PAINT_TIMING = { elementtiming: 'subject-name' } as Record<string, string>;

// An admin's long-press menu, its dialog and the delete: a chunk only admins load, so a
// student's first screen does not carry them.
const AdminSubjectCard = lazy(() => import('./AdminSubjectCard'));

/** A subject on `/`; admins long-press it to edit or delete. */
export function SubjectCard({ subject }: { subject: Subject }) {
  const { isAdmin } = useMe();
  if (!isAdmin) return <SubjectLink subject={subject} />;
  // Until the chunk is here an admin sees, and can open, the very same card.
  return (
    <Suspense fallback={<SubjectLink subject={subject} />}>
      <AdminSubjectCard subject={subject} />
    </Suspense>
  );
}

/** The card itself: the subject's initial and name with an arrow, opening its task list. */
export function SubjectLink({ subject, busy }: { subject: Subject; busy?: boolean }) {
  return (
    <Link
      to={paths.subject(subject.id)}
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

/** Placeholders with the cards' exact height. */
export function SubjectSkeletons({ count = 4 }: { count?: number }) {
  return (
    <div className={styles.list} aria-busy="true" aria-label="Завантаження предметів">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={`${styles.card} ${styles.skeleton}`}>
          <span className={styles.initial} />
          <span className={styles.name}>
            <SkeletonBar width={`${64 - ((i * 13) % 28)}%`} height={14} />
          </span>
        </div>
      ))}
    </div>
  );
}
