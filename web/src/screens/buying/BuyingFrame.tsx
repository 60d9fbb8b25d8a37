import type { ReactNode } from 'react';
import type { Task } from '@zalik/contract';
import { EmptyState, Link, Page, SkeletonBar } from '../../ui';
import { Instruction } from './Instruction';
import { TaskHeader } from './TaskHeader';
import { TaskReviews } from './TaskReviews';
import { useBuyingTask } from './useBuyingTask';
import styles from './buying.module.css';
import { paths } from '../../lib/paths';

/**
 * What both buying screens share: the task (from state or looked up), its header and the
 * developer's instruction; its reviews; `children` renders the form for the loaded task.
 */
export function BuyingFrame({ children }: { children: (task: Task, subjectId: string) => ReactNode }) {
  const { subjectId, task, isPending, notFound } = useBuyingTask();

  if (isPending) {
    return (
      <Page plain>
        <div className={styles.header} aria-busy="true" aria-label="Завантаження">
          <SkeletonBar width="80%" height={26} />
          <SkeletonBar width="45%" height={14} />
        </div>
        <SkeletonBar width="100%" height={64} />
        <SkeletonBar width="100%" height={44} />
      </Page>
    );
  }
  if (!task || notFound) {
    return (
      <Page plain>
        <EmptyState text="Завдання не знайдено. Оберіть його ще раз у списку завдань.">
          <Link to={subjectId ? paths.subject(subjectId) : paths.home}>До списку завдань</Link>
        </EmptyState>
      </Page>
    );
  }
  return (
    <Page plain>
      <TaskHeader task={task} />
      <Instruction text={task.description} />
      <TaskReviews task={task} />
      {children(task, subjectId)}
    </Page>
  );
}
