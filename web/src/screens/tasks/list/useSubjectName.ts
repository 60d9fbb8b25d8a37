import { useQueryClient } from '@tanstack/react-query';
import type { Subject, Task } from '@zalik/contract';
import { qk } from '../../../api/queryKeys';

/**
 * The subject's name for the header without an extra call: from the card that opened the list
 * (navigation state), the subjects already loaded on `/`, or the tasks themselves (after a reload).
 */
export function useSubjectName(subjectId: string, fromState: unknown, tasks: readonly Task[]): string | undefined {
  const qc = useQueryClient();
  const s = (fromState as { subject?: Partial<Subject> } | null)?.subject;
  if (s && s.id === subjectId && typeof s.name === 'string') return s.name;
  for (const [, list] of qc.getQueriesData<Subject[]>({ queryKey: qk.catalogue.allSubjects() })) {
    const found = list?.find((x) => x.id === subjectId);
    if (found) return found.name;
  }
  return tasks[0]?.teacher.subject.name;
}
