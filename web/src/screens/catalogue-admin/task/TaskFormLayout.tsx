import { useCallback, useEffect, useMemo, useState, type Context } from 'react';
import { Outlet, useLocation, useParams, useSearchParams } from 'react-router';
import { MSG, type Task, type Teacher } from '@zalik/contract';
import { Button, EmptyState, Page, Section, SkeletonRows } from '../../../ui';
import { useTeachers } from '../../../api/catalogue';
import { useTeacherTasks } from '../../../api/teacherTasks';
import { RequireRole } from '../../../lib/RequireRole';
import { stateField, useGoBack } from '../../../lib/navigation';
import { useLeaveCleanup } from '../../../lib/useLeaveCleanup';
import { paths, type TaskFormMode } from '../../../lib/paths';
import { AddTaskContext, ArgsSlotContext, DeveloperSlotContext, EditTaskContext, type AddTaskContextValue, type ArgsSlot, type DeveloperSlot, type DraftContext } from './context';
import { ADD_KEY, EDIT_KEY, clear, editDraftOf, emptyAddDraft, loadAddDraft, loadEditDraft, save, type AddTaskDraft, type ArgRef, type DevRef, type EditTaskDraft } from './draft';

export type { TaskFormMode };

/**
 * `/list-task/{add|edit}-task/{subjectID}` and its pickers (child routes): holds the form's
 * draft while the admin moves between them, in sessionStorage so a reload of a picker loses
 * nothing, and forgets it once the admin leaves the form.
 */
export function TaskFormLayout({ mode }: { mode: TaskFormMode }) {
  const { subjectId = '' } = useParams();
  const Area = mode === 'add' ? AddTaskArea : EditTaskArea;
  return (
    <RequireRole role="admin">
      <Area key={subjectId} subjectId={subjectId} />
    </RequireRole>
  );
}

/**
 * Both forms' draft lifetime: stored on every change, forgotten after a submit (`discard`) or
 * once the admin has left the form's path (moving between its pickers is not leaving).
 */
function useStoredDraft(mode: TaskFormMode, subjectId: string, draft: object | null): () => void {
  const key = mode === 'add' ? ADD_KEY : EDIT_KEY;
  useEffect(() => {
    if (draft) save(key, draft);
  }, [key, draft]);
  useLeaveCleanup(paths.taskForm.base(mode, subjectId), () => clear(key));
  return useCallback(() => clear(key), [key]);
}

/** What the developer and argument pickers need of either form. */
interface WithPickers {
  draft: { developer: DevRef | null; args: ArgRef[] };
  update: (change: { developer: DevRef } | { args: ArgRef[] }) => void;
}

/** The form and its pickers (the outlet) read the draft from `context`; the developer and argument pickers edit either form's. */
function DraftOutlet<V extends WithPickers>({ context, value }: { context: Context<V | null>; value: V }) {
  const { developer, args } = value.draft;
  const { update } = value;
  const slot = useMemo<DeveloperSlot>(() => ({ developer, setDeveloper: (d) => update({ developer: d }) }), [developer, update]);
  const argsSlot = useMemo<ArgsSlot>(() => ({ args, setArgs: (a) => update({ args: a }) }), [args, update]);
  return (
    <context.Provider value={value}>
      <DeveloperSlotContext.Provider value={slot}>
        <ArgsSlotContext.Provider value={argsSlot}>
          <Outlet />
        </ArgsSlotContext.Provider>
      </DeveloperSlotContext.Provider>
    </context.Provider>
  );
}

function BackToList({ subjectId }: { subjectId: string }) {
  const goBack = useGoBack(paths.subject(subjectId));
  return (
    <Button variant="secondary" onClick={goBack}>
      До списку завдань
    </Button>
  );
}

/** The teacher is the one chosen in the task list's filter (navigation state or `?teacherId=`). */
function AddTaskArea({ subjectId }: { subjectId: string }) {
  const { state } = useLocation();
  const [params] = useSearchParams();
  const passed = stateField<Teacher>(state, 'teacher');
  const teacherId = passed?.id ?? params.get('teacherId');
  const [draft, setDraft] = useState<AddTaskDraft | null>(
    () => loadAddDraft(subjectId, teacherId) ?? (teacherId ? emptyAddDraft(subjectId, teacherId, passed?.name ?? '') : null),
  );
  const [template, setTemplate] = useState<File | null>(null);
  // A reload with only `?teacherId=` learns the teacher's name from the subject's teachers.
  const knownName = useTeachers(subjectId).data?.find((t) => t.id === draft?.teacherId)?.name;
  const discard = useStoredDraft('add', subjectId, draft);

  const update = useCallback((change: Partial<AddTaskDraft>) => setDraft((d) => (d ? { ...d, ...change } : d)), []);
  const value = useMemo<AddTaskContextValue | null>(() => {
    if (!draft) return null;
    const named = knownName && !draft.teacherName ? { ...draft, teacherName: knownName } : draft;
    return { draft: named, update, discard, template, setTemplate };
  }, [draft, knownName, update, discard, template]);

  if (!value) {
    return (
      <Page>
        <EmptyState title="Спершу оберіть викладача" text="Нове завдання додається викладачу, обраному у фільтрі списку завдань.">
          <BackToList subjectId={subjectId} />
        </EmptyState>
      </Page>
    );
  }
  return <DraftOutlet context={AddTaskContext} value={value} />;
}

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
  const [stored, setDraft] = useState<EditTaskDraft | null>(() => loadEditDraft(subjectId, taskId) ?? (passed ? editDraftOf(subjectId, passed) : null));
  const lookup = useTaskLookup(subjectId, taskId, !stored);
  const found = lookup.found;
  const fallback = useMemo(() => (found ? editDraftOf(subjectId, found) : null), [found, subjectId]);
  const draft = stored ?? fallback;
  const discard = useStoredDraft('edit', subjectId, draft);

  const update = useCallback(
    (change: Partial<EditTaskDraft>) =>
      setDraft((d) => {
        const base = d ?? fallback;
        return base ? { ...base, ...change } : d;
      }),
    [fallback],
  );
  const value = useMemo<DraftContext<EditTaskDraft> | null>(() => (draft ? { draft, update, discard } : null), [draft, update, discard]);

  if (!value) {
    return (
      <Page title="Редагувати завдання">
        {lookup.pending ? (
          <Section>
            <SkeletonRows count={4} />
          </Section>
        ) : (
          <EmptyState text={MSG.taskNotFound}>
            <BackToList subjectId={subjectId} />
          </EmptyState>
        )}
      </Page>
    );
  }
  return <DraftOutlet context={EditTaskContext} value={value} />;
}

