import { useCallback, useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation, useParams, useSearchParams } from 'react-router';
import { MSG, type Task } from '@zalik/contract';
import { Button, EmptyState, Page, Section, SkeletonRows } from '../../../ui';
import { useTeacherTasks, useTeachers } from '../../../api/catalogue';
import { AdminOnly } from '../common/AdminOnly';
import { stateField, useGoBack } from '../../../lib/navigation';
import { useLeaveCleanup } from '../../../lib/useLeaveCleanup';
import { DeveloperSlotContext, EditTaskContext, type DraftContext } from './context';
import { EDIT_KEY, clear, editDraftOf, loadEditDraft, save, type DevRef, type EditTaskDraft } from './draft';

/** Without the task in the navigation state (a shared link), finds it among the subject's teachers' tasks. */
function useTaskLookup(subjectId: string, taskId: string | null, needed: boolean) {
  const teachers = useTeachers(subjectId);
  const ids = needed && taskId ? (teachers.data ?? []).map((t) => t.id) : [];
  const tasks = useTeacherTasks(ids);
  const found = tasks.data.find((t) => t.id === taskId) ?? null;
  return { found, pending: needed && !!taskId && (teachers.isPending || tasks.isPending) };
}

function EditTaskArea({ subjectId }: { subjectId: string }) {
  const { state } = useLocation();
  const [params] = useSearchParams();
  const passed = stateField<Task>(state, 'task');
  const taskId = passed?.id ?? params.get('taskId');
  const [stored, setDraft] = useState<EditTaskDraft | null>(
    () => loadEditDraft(subjectId, taskId) ?? (passed ? editDraftOf(subjectId, passed) : null),
  );
  const lookup = useTaskLookup(subjectId, taskId, !stored);
  const found = lookup.found;
  const fallback = useMemo(() => (found ? editDraftOf(subjectId, found) : null), [found, subjectId]);
  const draft = stored ?? fallback;
  const goBack = useGoBack(`/list-task/${subjectId}`);

  useEffect(() => {
    if (draft) save(EDIT_KEY, draft);
  }, [draft]);
  useLeaveCleanup(`/list-task/edit-task/${subjectId}`, () => clear(EDIT_KEY));

  const update = useCallback(
    (change: Partial<EditTaskDraft>) =>
      setDraft((d) => {
        const base = d ?? fallback;
        return base ? { ...base, ...change } : d;
      }),
    [fallback],
  );
  const discard = useCallback(() => clear(EDIT_KEY), []);
  const value = useMemo<DraftContext<EditTaskDraft> | null>(() => (draft ? { draft, update, discard } : null), [draft, update, discard]);
  const slot = useMemo(
    () => ({ developer: draft?.developer ?? null, setDeveloper: (developer: DevRef) => update({ developer }) }),
    [draft?.developer, update],
  );

  if (!value) {
    return (
      <Page title="Редагувати завдання">
        {lookup.pending ? (
          <Section>
            <SkeletonRows count={4} />
          </Section>
        ) : (
          <EmptyState text={MSG.taskNotFound}>
            <Button variant="secondary" onClick={goBack}>
              До списку завдань
            </Button>
          </EmptyState>
        )}
      </Page>
    );
  }
  return (
    <EditTaskContext.Provider value={value}>
      <DeveloperSlotContext.Provider value={slot}>
        <Outlet />
      </DeveloperSlotContext.Provider>
    </EditTaskContext.Provider>
  );
}

export default function EditTaskLayout() {
  const { subjectId = '' } = useParams();
  return (
    <AdminOnly>
      <EditTaskArea key={subjectId} subjectId={subjectId} />
    </AdminOnly>
  );
}
