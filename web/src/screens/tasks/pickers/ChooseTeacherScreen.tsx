import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { EmptyState, FixedBottomButton, Page } from '../../../ui';
import { AddButton } from '../admin/AddButton';
import { AdminActions } from '../admin/AdminActions';
import { useTeachers } from '../../../api/catalogue';
import { useDeleteCatalogue } from '../api/deletes';
import { readFilters, writeFilters } from '../lib/storage';
import { PickerOptions, pick } from './PickerOptions';
import { useBackToList } from './useBackToList';
import { paths } from '../../../lib/paths';

/** `/list-task/{subjectID}/choose-teacher`: one teacher or none (all teachers). */
export default function ChooseTeacherScreen() {
  const { subjectID = '' } = useParams();
  const navigate = useNavigate();
  const back = useBackToList(subjectID);
  const teachers = useTeachers(subjectID);
  const remove = useDeleteCatalogue();
  const [draft, setDraft] = useState<string[]>(() => {
    const id = readFilters(subjectID).teacherId;
    return id ? [id] : [];
  });

  const apply = () => {
    // A teacher deleted meanwhile is no choice.
    const chosen = teachers.data ? draft.filter((id) => teachers.data.some((t) => t.id === id)) : draft;
    writeFilters(subjectID, { teacherId: chosen[0] ?? null });
    back();
  };

  const deleteTeacher = (id: string) =>
    remove.mutate(
      { kind: 'teachers', id },
      {
        onSuccess: () => {
          setDraft((d) => d.filter((x) => x !== id));
          if (readFilters(subjectID).teacherId === id) writeFilters(subjectID, { teacherId: null });
        },
      },
    );

  return (
    <Page title="Викладач">
      <AddButton onClick={() => navigate(paths.addTeacher(subjectID), { state: { subjectId: subjectID } })}>+ Додати викладача</AddButton>
      {teachers.data?.length === 0 ? (
        <EmptyState text="У цього предмета ще немає викладачів" />
      ) : (
        <PickerOptions
          options={teachers.data?.map((t) => ({ id: t.id, label: t.name }))}
          selected={draft}
          onToggle={(id) => setDraft(pick(id))}
          noneLabel="Усі викладачі"
          footer="Оберіть одного викладача або «Усі викладачі», щоб бачити завдання всіх."
          wrap={(o, row) => {
            const teacher = teachers.data!.find((t) => t.id === o.id)!;
            return (
              <AdminActions
                deleteQuestion={`Видалити викладача «${teacher.name}»?`}
                onEdit={() => navigate(paths.editTeacher(subjectID, teacher.id), { state: { teacher } })}
                onDelete={() => deleteTeacher(teacher.id)}
              >
                {row}
              </AdminActions>
            );
          }}
        />
      )}
      <FixedBottomButton onClick={apply}>Застосувати</FixedBottomButton>
    </Page>
  );
}
