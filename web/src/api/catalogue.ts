/** The catalogue as everyone reads it (students browse it; the admin screens edit and re-read it). */
import { useQuery } from '@tanstack/react-query';
import { endpoints as ep } from '@zalik/contract';
import { call } from './client';
import { baseKeys } from './baseKeys';

/**
 * Asked whole (no `page`), a catalogue list answers the plain array; the `{content}` branch
 * only satisfies the type. Inline, not the contract's `rowsOf`: its module carries zod, which
 * the first screen must not.
 */
const whole = <T>(answer: T[] | { content: unknown[] }): T[] => (Array.isArray(answer) ? answer : []);

/** A teacher's tasks (the buying screens look a task up in them too). */
export const tasksOf = (teacherId: string) => call(ep.tasksOfTeacher, { params: { teacherId } }).then(whole);

/** The news slides. Decoration: a failure hides the slider instead of raising the banner. */
export function useNews() {
  return useQuery({
    queryKey: baseKeys.catalogue.news(),
    queryFn: () => call(ep.listNews, {}),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
}

export function useSubjects(course: number) {
  return useQuery({ queryKey: baseKeys.catalogue.subjects(course), queryFn: () => call(ep.subjectsOfCourse, { params: { n: course } }).then(whole) });
}

export function useTeachers(subjectId: string) {
  return useQuery({ queryKey: baseKeys.catalogue.teachers(subjectId), queryFn: () => call(ep.teachersOfSubject, { params: { subjectId } }) });
}

/** The subject's developers (the creator filter's choices). */
export function useCreators(subjectId: string) {
  return useQuery({ queryKey: baseKeys.catalogue.creators(subjectId), queryFn: () => call(ep.developersOfSubject, { params: { subjectId } }) });
}
