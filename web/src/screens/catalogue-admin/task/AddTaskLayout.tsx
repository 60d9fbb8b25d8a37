import { useCallback, useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation, useParams, useSearchParams } from 'react-router';
import type { Teacher } from '@zalik/contract';
import { Button, EmptyState, Page } from '../../../ui';
import { useTeachers } from '../../../api/catalogue';
import { AdminOnly } from '../common/AdminOnly';
import { stateField, useGoBack } from '../../../lib/navigation';
import { useLeaveCleanup } from '../../../lib/useLeaveCleanup';
import { AddTaskContext, DeveloperSlotContext, type AddTaskContextValue } from './context';
import { ADD_KEY, clear, emptyAddDraft, loadAddDraft, save, type AddTaskDraft } from './draft';

/**
 * /list-task/add-task/{subjectID} and its pickers: holds the form's draft while the admin
 * moves between them. The teacher is the one chosen in the task list's filter (state or
 * `?teacherId=`).
 */
function AddTaskArea({ subjectId }: { subjectId: string }) {
  const { state } = useLocation();
  const [params] = useSearchParams();
  const passed = stateField<Teacher>(state, 'teacher');
  const teacherId = passed?.id ?? params.get('teacherId');
  const [draft, setDraft] = useState<AddTaskDraft | null>(
    () => loadAddDraft(subjectId, teacherId) ?? (teacherId ? emptyAddDraft(subjectId, teacherId, passed?.name ?? '') : null),
  );
  const [template, setTemplate] = useState<File | null>(null);
  const teachers = useTeachers(subjectId);
  const goBack = useGoBack(`/list-task/${subjectId}`);

  // A reload with only `?teacherId=` learns the teacher's name from the subject's teachers.
  const knownName = teachers.data?.find((t) => t.id === draft?.teacherId)?.name;

  useEffect(() => {
    if (draft) save(ADD_KEY, draft);
  }, [draft]);
  useLeaveCleanup(`/list-task/add-task/${subjectId}`, () => clear(ADD_KEY));

  const update = useCallback((change: Partial<AddTaskDraft>) => setDraft((d) => (d ? { ...d, ...change } : d)), []);
  const discard = useCallback(() => clear(ADD_KEY), []);
  const value = useMemo<AddTaskContextValue | null>(
    () => {
      if (!draft) return null;
      const named = knownName && !draft.teacherName ? { ...draft, teacherName: knownName } : draft;
      return { draft: named, update, discard, template, setTemplate };
    },
    [draft, knownName, update, discard, template],
  );
  const slot = useMemo(
    () => ({ developer: draft?.developer ?? null, setDeveloper: (developer: AddTaskDraft['developer']) => update({ developer }) }),
    [draft?.developer, update],
  );

  if (!value) {
    return (
      <Page>
        <EmptyState title="Спершу оберіть викладача" text="Нове завдання додається викладачу, обраному у фільтрі списку завдань.">
          <Button variant="secondary" onClick={goBack}>
            До списку завдань
          </Button>
        </EmptyState>
      </Page>
    );
  }
  return (
    <AddTaskContext.Provider value={value}>
      <DeveloperSlotContext.Provider value={slot}>
        <Outlet />
      </DeveloperSlotContext.Provider>
    </AddTaskContext.Provider>
  );
}

export default function AddTaskLayout() {
  const { subjectId = '' } = useParams();
  return (
    <AdminOnly>
      <AddTaskArea key={subjectId} subjectId={subjectId} />
    </AdminOnly>
  );
}
