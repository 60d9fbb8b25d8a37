/** The catalogue as everyone reads it (students browse it; the admin screens edit and re-read it). */
import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { News, Subject, Task, Teacher, User } from '@zalik/contract';
import { api } from './client';
import { qk } from './queryKeys';

export const NEWS_PATH = '/api/v1/news/';
export const subjectsPath = (course: number) => `/api/v1/subjects/course-number/${course}`;
export const teachersPath = (subjectId: string) => `/api/v1/teachers/subject/${encodeURIComponent(subjectId)}`;
export const tasksPath = (teacherId: string) => `/api/v1/tasks/teacher/${encodeURIComponent(teacherId)}`;
export const creatorsPath = (subjectId: string) => `/api/v1/users/developer/${encodeURIComponent(subjectId)}`;

/** The news slides. Decoration: a failure hides the slider instead of raising the banner. */
export function useNews() {
  return useQuery({
    queryKey: qk.catalogue.news(),
    queryFn: () => api.get<News[]>(NEWS_PATH),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
}

export function useSubjects(course: number) {
  return useQuery({ queryKey: qk.catalogue.subjects(course), queryFn: () => api.get<Subject[]>(subjectsPath(course)) });
}

export function useTeachers(subjectId: string) {
  return useQuery({ queryKey: qk.catalogue.teachers(subjectId), queryFn: () => api.get<Teacher[]>(teachersPath(subjectId)) });
}

/** The subject's developers (the creator filter's choices). */
export function useCreators(subjectId: string) {
  return useQuery({ queryKey: qk.catalogue.creators(subjectId), queryFn: () => api.get<User[]>(creatorsPath(subjectId)) });
}

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
    queries: teacherIds.map((id) => ({ queryKey: qk.catalogue.tasksOfTeacher(id), queryFn: () => api.get<Task[]>(tasksPath(id)) })),
    combine,
  });
}
