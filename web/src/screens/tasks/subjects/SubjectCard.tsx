import { Link, useNavigate } from 'react-router';
import type { Subject } from '@zalik/contract';
import { haptic } from '../../../telegram/sdk';
import { Chevron, SkeletonBar } from '../../../ui';
import { AdminActions } from '../admin/AdminActions';
import { useDeleteCatalogue } from '../api/deletes';
import styles from './SubjectsScreen.module.css';

/** A subject with an arrow, opening its task list; admins long-press it to edit or delete. */
export function SubjectCard({ subject }: { subject: Subject }) {
  const navigate = useNavigate();
  const remove = useDeleteCatalogue();
  return (
    <AdminActions
      onEdit={() => navigate('/edit-subject', { state: { subject } })}
      onDelete={() => remove.mutate({ kind: 'subjects', id: subject.id })}
    >
      <Link
        to={`/list-task/${subject.id}`}
        state={{ subject }}
        className={styles.card}
        aria-busy={remove.isPending || undefined}
        onClick={() => haptic.selection()}
      >
        <span className={styles.initial} aria-hidden="true">
          {subject.name.trim().charAt(0).toUpperCase()}
        </span>
        <span className={styles.name}>{subject.name}</span>
        <Chevron />
      </Link>
    </AdminActions>
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
