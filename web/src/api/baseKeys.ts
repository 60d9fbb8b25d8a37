/**
 * The query keys the first screen's graph reads (docs/WEB.md, TanStack Query conventions): the
 * course and the catalogue. Screens use `qk` from queryKeys.ts, which is this table plus every
 * other area's, so those never ship with the first screen.
 */
export const baseKeys = {
  course: () => ['me', 'course'] as const,
  /** The public maintenance status: the signed-in layout watches it (app/maintenanceWatch.ts). */
  maintenance: () => ['maintenance'] as const,

  /** The catalogue: what students browse and admins edit. Any admin change invalidates `all`. */
  catalogue: {
    all: ['catalogue'] as const,
    news: () => ['catalogue', 'news'] as const,
    /** Every course's subject list (a prefix of `subjects(course)`). */
    allSubjects: () => ['catalogue', 'subjects'] as const,
    subjects: (course: number) => ['catalogue', 'subjects', course] as const,
    teachers: (subjectId: string) => ['catalogue', 'teachers', subjectId] as const,
    creators: (subjectId: string) => ['catalogue', 'creators', subjectId] as const,
    /** Every task list and lookup (a purchase may use up a personal discount). */
    tasks: () => ['catalogue', 'tasks'] as const,
    tasksOfTeacher: (teacherId: string) => ['catalogue', 'tasks', 'teacher', teacherId] as const,
    /** One task found without navigation state (buying screens after a reload). */
    taskLookup: (subjectId: string, taskId: string | null, teacherId: string | null) =>
      ['catalogue', 'tasks', 'lookup', subjectId, taskId, teacherId] as const,
    arguments: () => ['catalogue', 'arguments'] as const,
    discounts: (taskId: string) => ['catalogue', 'discounts', taskId] as const,
    /** The admin's task picker (tasks whose title holds `title`). */
    taskSearch: (title: string) => ['catalogue', 'tasks', 'search', title] as const,
    template: (taskId: string) => ['catalogue', 'template', taskId] as const,
    /** The student's search across every course (`q` as sent, trimmed). */
    search: (q: string) => ['catalogue', 'search', q] as const,
  },
} as const;
