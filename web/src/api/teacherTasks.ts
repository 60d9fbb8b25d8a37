/** A subject's tasks as the task list and the admin's task form read them: every teacher's, at once. */
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { Task } from '@zalik/contract';
import { baseKeys } from './baseKeys';
import { tasksOf } from './catalogue';

export interface TeacherTasks {
  data: Task[];
  isPending: boolean;
  isError: boolean;
  refetch: () => void;
}

function combine(results: UseQueryResult<Task[]>[]): TeacherTasks {
  return {
    data: results.flatMap((r) => r.data ?? []),
    isPending: results.some((r) => r.isPending),
    isError: results.some((r) => r.isError),
    refetch: () => results.forEach((r) => r.isError && void r.refetch()),
  };
}

/**
 * The tasks of several teachers, one request per teacher in parallel (the API lists tasks by
 * teacher only), each cached on its own so picking a teacher reuses what "all" loaded.
 */
export function useTeacherTasks(teacherIds: readonly string[]): TeacherTasks {
  return useQueries({
    queries: teacherIds.map((id) => ({ queryKey: baseKeys.catalogue.tasksOfTeacher(id), queryFn: () => tasksOf(id) })),
    combine,
  });
}
