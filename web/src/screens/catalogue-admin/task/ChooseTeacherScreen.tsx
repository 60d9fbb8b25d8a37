import { EmptyState, Page, Section, SelectRow, SkeletonRows } from '../../../ui';
import { useTeachers } from '../../../api/catalogue';
import { useGoUp } from '../../../lib/navigation';
import { useEditTask } from './context';

/** edit-task/choose-teacher: the teacher of the same subject the task moves to (one tap picks and goes back). */
export default function ChooseTeacherScreen() {
  const { draft, update } = useEditTask();
  const teachers = useTeachers(draft.subjectId);
  const goBack = useGoUp();

  return (
    <Page title="Викладач" subtitle={draft.task.teacher.subject.name}>
      {teachers.isPending ? (
        <Section>
          <SkeletonRows count={3} kind="picker" />
        </Section>
      ) : teachers.data?.length ? (
        <Section footer="Завдання переходить до списку обраного викладача. Куплені замовлення зберігають викладача, якого бачив покупець.">
          {teachers.data.map((t) => (
            <SelectRow
              key={t.id}
              selected={t.id === draft.teacherId}
              onToggle={() => {
                update({ teacherId: t.id, teacherName: t.name });
                goBack();
              }}
            >
              {t.name}
            </SelectRow>
          ))}
        </Section>
      ) : (
        <EmptyState text="У цього предмета ще немає викладачів." />
      )}
    </Page>
  );
}
