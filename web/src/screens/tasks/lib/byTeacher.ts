import type { Task, Teacher } from '@zalik/contract';

export interface TeacherGroup {
  teacher: Pick<Teacher, 'id' | 'name'>;
  tasks: Task[];
}

/**
 * A subject's tasks under their teachers (docs/DECISIONS.md, "Tasks grouped by teacher"): a
 * student studies with one teacher and buys that teacher's version of a task, so the same title
 * listed once per teacher at different prices needs the teacher above it. `tasks` come in the
 * chosen sort: each group keeps that order, and the groups follow their best task (the teacher of
 * the cheapest task first under 'Дешевші'). Names come from `teachers`, else the task's own.
 */
export function groupByTeacher(tasks: readonly Task[], teachers: readonly Pick<Teacher, 'id' | 'name'>[]): TeacherGroup[] {
  const names = new Map(teachers.map((t) => [t.id, t.name]));
  const groups = new Map<string, TeacherGroup>();
  for (const task of tasks) {
    let group = groups.get(task.teacherId);
    if (!group) {
      group = { teacher: { id: task.teacherId, name: names.get(task.teacherId) ?? task.teacher.name }, tasks: [] };
      groups.set(task.teacherId, group);
    }
    group.tasks.push(task);
  }
  return [...groups.values()];
}
