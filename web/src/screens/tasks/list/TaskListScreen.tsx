import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { MSG, TASK_SORTS, TASK_SORT_LABELS, sortTasks, type Task } from '@zalik/contract';
import { useMe } from '../../../api/me';
import { Button, EmptyState, Page, SectionHeader, SkeletonBar, Tabs } from '../../../ui';
import { AddButton } from '../admin/AddButton';
import { AdminActions } from '../admin/AdminActions';
import { useTeachers } from '../../../api/catalogue';
import { useTeacherTasks } from '../../../api/teacherTasks';
import { useDeleteCatalogue } from '../api/deletes';
import { groupByTeacher } from '../lib/byTeacher';
import { filterTasks, NO_FILTERS } from '../lib/filters';
import { readFilters, writeFilters } from '../lib/storage';
import { FilterRows } from './FilterRows';
import { TaskCard, TaskSkeletons, taskCardStyles } from './TaskCard';
import { useSubjectName } from './useSubjectName';
import styles from './TaskListScreen.module.css';
import { paths } from '../../../lib/paths';

/** `/list-task/{subjectID}`: one subject's tasks with the teacher, creator and price filters, newest, cheapest or best rated first. */
export default function TaskListRoute() {
  const { subjectID = '' } = useParams();
  // A new subject is a new list: its own filters and state.
  return <TaskList key={subjectID} subjectId={subjectID} />;
}

function TaskList({ subjectId }: { subjectId: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const me = useMe();
  const remove = useDeleteCatalogue();
  const [filters, setFilters] = useState(() => readFilters(subjectId));

  const teachers = useTeachers(subjectId);
  const teacherList = teachers.data ?? [];
  // A selected teacher that no longer exists (deleted meanwhile) filters nothing.
  const teacherGone = filters.teacherId !== null && teachers.isSuccess && !teacherList.some((t) => t.id === filters.teacherId);
  const teacherId = teacherGone ? null : filters.teacherId;
  // With a teacher chosen only their tasks are fetched (at once, without waiting for the teachers).
  const tasks = useTeacherTasks(teacherId ? [teacherId] : teacherList.map((t) => t.id));
  const loading = tasks.isPending || (!teacherId && teachers.isPending);
  const failed = tasks.isError || teachers.isError;
  const shown = sortTasks(filterTasks(tasks.data, { ...filters, teacherId }), filters.sort);
  const teacher = teacherId ? teacherList.find((t) => t.id === teacherId) : null;
  const name = useSubjectName(subjectId, location.state, tasks.data);
  // Every teacher's tasks at once: under a heading per teacher (the same task differs by teacher).
  const grouped = !teacherId && teacherList.length > 1;

  const open = (task: Task) =>
    navigate((task.type === 'TEST' ? paths.buyTest : paths.buyTask)(subjectId, task.id), { state: { task } });

  return (
    <Page title={name ?? (loading ? <SkeletonBar width="60%" height={28} /> : 'Завдання')}>
      <FilterRows
        subjectId={subjectId}
        filters={{ ...filters, teacherId }}
        teacher={teacherId && teachers.isPending ? undefined : teacher}
        onReset={() => setFilters(writeFilters(subjectId, { ...NO_FILTERS, sort: filters.sort }))}
      />

      <Tabs
        label="Сортування"
        variant="chips"
        items={TASK_SORTS.map((value) => ({ value, label: TASK_SORT_LABELS[value] }))}
        value={filters.sort}
        onChange={(sort) => setFilters(writeFilters(subjectId, { sort }))}
      />

      {teacherId && (
        <AddButton
          onClick={() => navigate(paths.taskForm.toAdd(subjectId, teacherId), { state: { teacher, subjectId } })}
        >
          + Додати завдання
        </AddButton>
      )}

      {loading ? (
        <TaskSkeletons />
      ) : failed ? (
        <EmptyState text="Не вдалося завантажити завдання.">
          <Button
            variant="secondary"
            onClick={() => {
              void teachers.refetch();
              tasks.refetch();
            }}
          >
            Спробувати ще раз
          </Button>
        </EmptyState>
      ) : shown.length === 0 ? (
        <EmptyState text={MSG.emptyTasks} />
      ) : (
        (grouped ? groupByTeacher(shown, teacherList) : [{ teacher: { id: '', name: '' }, tasks: shown }]).map((group) => (
          <section key={group.teacher.id || 'all'} className={styles.group} aria-label={grouped ? group.teacher.name : undefined}>
            {grouped && (
              <SectionHeader className={styles.groupHeader}>
                {group.teacher.name} · {group.tasks.length}
              </SectionHeader>
            )}
            <div className={taskCardStyles.list}>
              {group.tasks.map((task) => (
                <AdminActions
                  key={task.id}
                  deleteQuestion={`Видалити завдання «${task.title}»?`}
                  onEdit={() => navigate(paths.taskForm.toEdit(subjectId, task.id), { state: { task } })}
                  onDelete={() => remove.mutate({ kind: 'tasks', id: task.id })}
                >
                  <TaskCard task={task} showVisibility={me.isAdmin} busy={remove.isPending && remove.variables?.id === task.id} onOpen={open} />
                </AdminActions>
              ))}
            </div>
          </section>
        ))
      )}
    </Page>
  );
}
