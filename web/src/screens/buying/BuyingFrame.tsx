import { useState, type ReactNode } from 'react';
import type { Task } from '@zalik/contract';
import { MSG } from '@zalik/contract';
import { loadingRegion, Button, EmptyState, Link, Page, SkeletonBar, showError, useToast } from '../../ui';
import { SHARED_TEXT } from '../../lib/shareCard';
import { shareTask } from './share';
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
        <div className={styles.header} {...loadingRegion()}>
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
      <ShareTaskButton task={task} />
      <Instruction text={task.description} />
      <TaskReviews task={task} />
      {children(task, subjectId)}
    </Page>
  );
}

/** Sends the task into a chat (a course chat, a friend) as the bot's card, or its link on older clients. */
function ShareTaskButton({ task }: { task: Task }) {
  const [toast, showToast] = useToast();
  const [busy, setBusy] = useState(false);
  const share = async () => {
    setBusy(true);
    try {
      if ((await shareTask(task)) === 'sent') showToast(SHARED_TEXT);
    } catch {
      // Not even the invite link's base could be read (offline): nothing to share yet.
      showError(MSG.shareUnavailable);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {toast}
      <Button variant="secondary" stretched loading={busy} onClick={() => void share()}>
        Поділитися завданням
      </Button>
    </>
  );
}
