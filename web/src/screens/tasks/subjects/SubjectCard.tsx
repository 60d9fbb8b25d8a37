import { lazy, Suspense } from 'react';
import type { Subject } from '@zalik/contract';
import { useMe } from '../../../api/me';
import { loadingRegion, SkeletonBar } from '../../../ui';
import { SubjectLink } from './SubjectLink';
import styles from './SubjectsScreen.module.css';


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

/** Placeholders with the cards' exact height. */
export function SubjectSkeletons({ count = 4 }: { count?: number }) {
  return (
    <div className={styles.list} {...loadingRegion('Завантаження предметів')}>
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
