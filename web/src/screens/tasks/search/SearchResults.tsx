import { useNavigate } from 'react-router';
import type { CatalogueSearchResults, SearchTask, SearchTeacher } from '@zalik/contract';
import { Button, Cell, EmptyState, Section, SkeletonRows } from '../../../ui';
import { basePaths } from '../../../lib/basePaths';
import { writeFilters } from '../lib/storage';
import { useCatalogueSearch } from './useCatalogueSearch';
import styles from './SearchResults.module.css';

const course = (n: number) => `${n} курс`;

/**
 * The answer to the search field of `/`, grouped (Предмети, Викладачі, Завдання). A subject
 * opens its task list; a teacher opens that list filtered to them; a task opens its buying
 * screen, which looks the task up in its teacher's list. A chunk of its own: the first screen
 * carries only the field.
 */
export default function SearchResults({ q }: { q: string }) {
  const navigate = useNavigate();
  const found = useCatalogueSearch(q);

  if (found.isPending) return <SkeletonRows count={4} />;
  if (found.isError && !found.data) {
    return (
      <EmptyState text="Не вдалося виконати пошук.">
        <Button variant="secondary" onClick={() => void found.refetch()}>
          Спробувати ще раз
        </Button>
      </EmptyState>
    );
  }
  const { subjects, teachers, tasks } = found.data as CatalogueSearchResults;
  if (subjects.length + teachers.length + tasks.length === 0) {
    return <EmptyState text={`За запитом «${q}» нічого не знайдено. Спробуйте інше слово або перевірте написання.`} />;
  }

  const openTeacher = (t: SearchTeacher) => {
    writeFilters(t.subjectId, { teacherId: t.id });
    navigate(basePaths.subject(t.subjectId), { state: { subject: { id: t.subjectId, name: t.subjectName, courseNumber: t.courseNumber } } });
  };
  const openTask = (t: SearchTask) =>
    navigate(`${(t.type === 'TEST' ? basePaths.buyTest : basePaths.buyTask)(t.subjectId, t.id)}&teacherId=${encodeURIComponent(t.teacherId)}`);

  return (
    <div className={styles.results} aria-busy={found.isPlaceholderData || undefined} aria-live="polite">
      {subjects.length > 0 && (
        <Section header="Предмети">
          {subjects.map((s) => (
            <Cell key={s.id} to={basePaths.subject(s.id)} state={{ subject: s }} subtitle={course(s.courseNumber)}>
              {s.name}
            </Cell>
          ))}
        </Section>
      )}
      {teachers.length > 0 && (
        <Section header="Викладачі">
          {teachers.map((t) => (
            <Cell key={t.id} chevron onClick={() => openTeacher(t)} subtitle={`${t.subjectName} · ${course(t.courseNumber)}`}>
              {t.name}
            </Cell>
          ))}
        </Section>
      )}
      {tasks.length > 0 && (
        <Section header="Завдання">
          {tasks.map((t) => (
            <Cell key={t.id} chevron onClick={() => openTask(t)} after={`${t.price} грн`} subtitle={`${t.subjectName} · ${t.teacherName}`}>
              {t.title}
            </Cell>
          ))}
        </Section>
      )}
    </div>
  );
}
