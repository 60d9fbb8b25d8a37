import { useState } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { MSG, type Teacher } from '@zalik/contract';
import { haptic } from '../../../telegram/sdk';
import { useTeachers } from '../../../api/catalogue';
import { RequireRole } from '../../../lib/RequireRole';
import { useSaveTeacher } from '../common/api';
import { stateField, useGoBack } from '../../../lib/navigation';
import { FormScreen, MissingItem, NameInput } from '../common/FormScreen';
import { nameError } from '../common/validation';
import { paths } from '../../../lib/paths';

/**
 * /list-task/{subjectID}/choose-teacher/add-teacher and .../edit-teacher: a teacher's name
 * (initials). The teacher comes in the navigation state, or as `?teacherId=` after a reload.
 */
function TeacherForm({ subjectId, editing }: { subjectId: string; editing: boolean }) {
  const { state } = useLocation();
  const [params] = useSearchParams();
  const passed = stateField<Teacher>(state, 'teacher');
  const queryId = params.get('teacherId');
  const lookup = useTeachers(subjectId);
  const teacher = editing ? (passed ?? lookup.data?.find((t) => t.id === queryId) ?? null) : null;

  if (editing && !teacher) {
    return <MissingItem title="Редагувати викладача" pending={lookup.isPending} message={MSG.teacherNotFound} rows={1} />;
  }
  return <TeacherFields key={teacher?.id ?? 'new'} teacher={teacher} subjectId={subjectId} />;
}

function TeacherFields({ teacher, subjectId }: { teacher: Teacher | null; subjectId: string }) {
  const [name, setName] = useState(teacher?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveTeacher(teacher?.id ?? null, subjectId);
  const goBack = useGoBack(paths.chooseTeacher(subjectId));

  const submit = () => {
    const invalid = nameError(name, MSG.nameLength);
    if (invalid) {
      haptic.notification('error');
      setError(invalid);
      return;
    }
    save.mutate(name.trim(), { onSuccess: goBack });
  };

  return (
    <FormScreen
      title={teacher ? 'Редагувати викладача' : 'Новий викладач'}
      submitLabel={teacher ? 'Зберегти' : 'Додати викладача'}
      onSubmit={submit}
      saving={save.isPending}
    >
      <NameInput
        label="Викладач"
        placeholder="Прізвище та ініціали, напр. Коваленко О. П."
        value={name}
        onChange={(v) => {
          setName(v);
          setError(null);
        }}
        error={error}
        autoFocus={!teacher}
      />
    </FormScreen>
  );
}

export default function TeacherFormScreen() {
  const { subjectId = '' } = useParams();
  const { pathname } = useLocation();
  return (
    <RequireRole role="admin">
      <TeacherForm subjectId={subjectId} editing={pathname.endsWith('/edit-teacher')} />
    </RequireRole>
  );
}
