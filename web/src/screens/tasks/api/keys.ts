/**
 * Query keys of the catalogue, all under ['catalogue'] so an admin change can invalidate the
 * whole catalogue at once (`qc.invalidateQueries({ queryKey: catalogueKeys.all })`).
 */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  news: () => ['catalogue', 'news'] as const,
  subjects: (course: number) => ['catalogue', 'subjects', course] as const,
  allSubjects: () => ['catalogue', 'subjects'] as const,
  teachers: (subjectId: string) => ['catalogue', 'teachers', subjectId] as const,
  tasksOfTeacher: (teacherId: string) => ['catalogue', 'tasks', 'teacher', teacherId] as const,
  creators: (subjectId: string) => ['catalogue', 'creators', subjectId] as const,
};
