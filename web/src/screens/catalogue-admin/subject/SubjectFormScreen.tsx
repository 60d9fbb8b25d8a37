import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { COURSES, MSG, type Subject } from '@zalik/contract';
import { useCourse } from '../../../api/me';
import { haptic } from '../../../telegram/sdk';
import { useSubjects } from '../../../api/catalogue';
import { RequireRole } from '../../../lib/RequireRole';
import { useSaveSubject } from '../common/api';
import { FormScreen, MissingItem, NameInput } from '../common/FormScreen';
import { stateField, useGoBack } from '../../../lib/navigation';
import { nameError } from '../common/validation';
import styles from '../common/admin.module.css';
import { paths } from '../../../lib/paths';
import { Segmented } from '../../../ui';

const COURSE_OPTIONS = COURSES.map((c) => ({ value: c as number, label: `${c} курс` }));

function courseOf(v: unknown): number | null {
  const n = Number(v);
  return (COURSES as readonly number[]).includes(n) ? n : null;
}

/**
 * /add-subject and /edit-subject: the subject's name and course. The subject comes in the
 * navigation state; `?subjectId=&course=` finds it again after a reload.
 */
function SubjectForm({ editing }: { editing: boolean }) {
  const { state } = useLocation();
  const [params] = useSearchParams();
  const myCourse = useCourse().data;
  const passed = stateField<Subject>(state, 'subject');
  const queryId = params.get('subjectId');
  const passedCourse = (state as { courseNumber?: unknown } | null)?.courseNumber;
  const course =
    courseOf(passed?.courseNumber) ?? courseOf(passedCourse) ?? courseOf(params.get('course')) ?? courseOf(myCourse) ?? 1;
  const lookup = useSubjects(course);
  const subject = editing ? (passed ?? lookup.data?.find((s) => s.id === queryId) ?? null) : null;

  if (editing && !subject) {
    return <MissingItem title="Редагувати предмет" pending={lookup.isPending} message={MSG.subjectNotFound} />;
  }
  return <SubjectFields key={subject?.id ?? 'new'} subject={subject} initialCourse={course} />;
}

function SubjectFields({ subject, initialCourse }: { subject: Subject | null; initialCourse: number }) {
  const [name, setName] = useState(subject?.name ?? '');
  const [courseNumber, setCourseNumber] = useState(subject?.courseNumber ?? initialCourse);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveSubject(subject?.id ?? null);
  const goBack = useGoBack(paths.home);

  const submit = () => {
    const invalid = nameError(name, MSG.subjectName);
    if (invalid) {
      haptic.notification('error');
      setError(invalid);
      return;
    }
    save.mutate({ name: name.trim(), courseNumber }, { onSuccess: goBack });
  };

  return (
    <FormScreen
      title={subject ? 'Редагувати предмет' : 'Новий предмет'}
      submitLabel={subject ? 'Зберегти' : 'Додати предмет'}
      onSubmit={submit}
      saving={save.isPending}
    >
      <NameInput
        label="Назва предмета"
        placeholder="Напр. Вища математика"
        value={name}
        onChange={(v) => {
          setName(v);
          setError(null);
        }}
        error={error}
        autoFocus={!subject}
      />
        <div className={styles.field}>
          <span className={styles.fieldLabel}>Курс</span>
          <Segmented label="Курс" options={COURSE_OPTIONS} value={courseNumber} onChange={setCourseNumber} />
        </div>
    </FormScreen>
  );
}

export default function SubjectFormScreen() {
  const { pathname } = useLocation();
  return (
    <RequireRole role="admin">
      <SubjectForm editing={pathname.startsWith(paths.editSubject)} />
    </RequireRole>
  );
}
