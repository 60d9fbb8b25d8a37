import { useState, type FormEvent } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { MSG, NAME_MAX, type Teacher } from '@zalik/contract';
import { haptic } from '../../../telegram/sdk';
import { FixedBottomButton, Input, Page, Section, SkeletonRows } from '../../../ui';
import { useTeachers } from '../../tasks/api/catalogue';
import { AdminOnly } from '../common/AdminOnly';
import { useSaveTeacher } from '../common/api';
import { stateField, useGoBack } from '../common/navigation';
import { nameError } from '../common/validation';
import styles from '../common/admin.module.css';

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
    return (
      <Page title="Редагувати викладача">
        <Section>{lookup.isPending ? <SkeletonRows count={1} /> : <p className={styles.row}>{MSG.teacherNotFound}</p>}</Section>
      </Page>
    );
  }
  return <TeacherFields key={teacher?.id ?? 'new'} teacher={teacher} subjectId={subjectId} />;
}

function TeacherFields({ teacher, subjectId }: { teacher: Teacher | null; subjectId: string }) {
  const [name, setName] = useState(teacher?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveTeacher(teacher?.id ?? null, subjectId);
  const goBack = useGoBack(`/list-task/${subjectId}/choose-teacher`);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const invalid = nameError(name, MSG.nameLength);
    if (invalid) {
      haptic.notification('error');
      setError(invalid);
      return;
    }
    save.mutate(name.trim(), { onSuccess: goBack });
  };

  return (
    <Page title={teacher ? 'Редагувати викладача' : 'Новий викладач'}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <Input
          label="Викладач"
          placeholder="Прізвище та ініціали, напр. Коваленко О. П."
          value={name}
          maxLength={NAME_MAX + 10}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          error={error}
          hint={`${name.trim().length}/${NAME_MAX}`}
          autoFocus={!teacher}
        />
      </form>
      <FixedBottomButton onClick={() => submit()} loading={save.isPending}>
        {teacher ? 'Зберегти' : 'Додати викладача'}
      </FixedBottomButton>
    </Page>
  );
}

export default function TeacherFormScreen() {
  const { subjectId = '' } = useParams();
  const { pathname } = useLocation();
  return (
    <AdminOnly>
      <TeacherForm subjectId={subjectId} editing={pathname.endsWith('/edit-teacher')} />
    </AdminOnly>
  );
}
