import { useState, type FormEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { COURSES, MSG, NAME_MAX, type Subject } from '@zalik/contract';
import { useCourse } from '../../../api/me';
import { haptic } from '../../../telegram/sdk';
import { FixedBottomButton, Input, Page, Section, SkeletonRows } from '../../../ui';
import { useSubjects } from '../../tasks/api/catalogue';
import { AdminOnly } from '../common/AdminOnly';
import { useSaveSubject } from '../common/api';
import { stateField, useGoBack } from '../common/navigation';
import { nameError } from '../common/validation';
import styles from '../common/admin.module.css';

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
    return (
      <Page title="Редагувати предмет">
        <Section>{lookup.isPending ? <SkeletonRows count={2} /> : <p className={styles.row}>{MSG.subjectNotFound}</p>}</Section>
      </Page>
    );
  }
  return <SubjectFields key={subject?.id ?? 'new'} subject={subject} initialCourse={course} />;
}

function SubjectFields({ subject, initialCourse }: { subject: Subject | null; initialCourse: number }) {
  const [name, setName] = useState(subject?.name ?? '');
  const [courseNumber, setCourseNumber] = useState(subject?.courseNumber ?? initialCourse);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveSubject(subject?.id ?? null);
  const goBack = useGoBack('/');

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const invalid = nameError(name, MSG.subjectName);
    if (invalid) {
      haptic.notification('error');
      setError(invalid);
      return;
    }
    save.mutate({ name: name.trim(), courseNumber }, { onSuccess: goBack });
  };

  return (
    <Page title={subject ? 'Редагувати предмет' : 'Новий предмет'}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <Input
          label="Назва предмета"
          placeholder="Напр. Вища математика"
          value={name}
          maxLength={NAME_MAX + 10}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          error={error}
          hint={`${name.trim().length}/${NAME_MAX}`}
          autoFocus={!subject}
        />
        <div className={styles.field}>
          <span className={styles.fieldLabel}>Курс</span>
          <div className={styles.courses} role="radiogroup" aria-label="Курс">
            {COURSES.map((c) => (
              <button
                key={c}
                type="button"
                role="radio"
                aria-checked={c === courseNumber}
                className={styles.course}
                onClick={() => {
                  haptic.selection();
                  setCourseNumber(c);
                }}
              >
                {c} курс
              </button>
            ))}
          </div>
        </div>
      </form>
      <FixedBottomButton onClick={() => submit()} loading={save.isPending}>
        {subject ? 'Зберегти' : 'Додати предмет'}
      </FixedBottomButton>
    </Page>
  );
}

export default function SubjectFormScreen() {
  const { pathname } = useLocation();
  return (
    <AdminOnly>
      <SubjectForm editing={pathname.startsWith('/edit-subject')} />
    </AdminOnly>
  );
}
