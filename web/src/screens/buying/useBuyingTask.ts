import { useLocation, useParams, useSearchParams } from 'react-router';
import type { Task } from '@zalik/contract';
import { useTaskLookup } from './api';

/** Which of the two buying screens: the spec's `{buying}` path segment. */
export type { BuyingKind } from '../../lib/paths';

function isTask(v: unknown): v is Task {
  return !!v && typeof v === 'object' && 'id' in v && 'arguments' in v && Array.isArray((v as Task).arguments);
}

/** The task handed over in navigation state: `{ task }` (the task list's links) or the task itself. */
export function taskFromState(state: unknown): Task | null {
  if (isTask(state)) return state;
  if (state && typeof state === 'object' && 'task' in state && isTask((state as { task: unknown }).task)) {
    return (state as { task: Task }).task;
  }
  return null;
}

/**
 * The task being bought: from navigation state, or (after a reload or from a link) looked up
 * by `?taskId=` (and `?teacherId=` when given).
 */
export function useBuyingTask(): { subjectId: string; task: Task | null; isPending: boolean; notFound: boolean } {
  const { subjectId = '' } = useParams();
  const location = useLocation();
  const [search] = useSearchParams();
  const fromState = taskFromState(location.state);
  const taskId = search.get('taskId');
  const lookup = useTaskLookup(subjectId, taskId, search.get('teacherId'), !fromState);
  if (fromState) return { subjectId, task: fromState, isPending: false, notFound: false };
  return {
    subjectId,
    task: lookup.data ?? null,
    isPending: !!taskId && lookup.isPending,
    notFound: !taskId || lookup.isError || lookup.data === null,
  };
}
