import { useNavigate, useSearchParams } from 'react-router';
import { COURSES, type CourseNumber } from '@zalik/contract';
import { useCourse } from '../../../api/me';
import { Button, EmptyState, Page, Tabs } from '../../../ui';
import { AddButton } from '../admin/AddButton';
import { useSubjects } from '../../../api/catalogue';
import { NewsSlider } from './NewsSlider';
import { SearchField } from '../search/SearchField';
import { SubjectCard, SubjectSkeletons } from './SubjectCard';
import styles from './SubjectsScreen.module.css';
import { basePaths } from '../../../lib/basePaths';

const TABS = COURSES.map((c) => ({ value: c, label: `${c} курс` }));

function asCourse(v: unknown): CourseNumber | null {
  const n = Number(v);
  return (COURSES as readonly number[]).includes(n) ? (n as CourseNumber) : null;
}

/**
 * `/`: news, the search field (its results replace what follows while it holds a query), course
 * tabs (starting on the user's course) and the course's subjects. The chosen tab is kept in
 * `?course=` (and a search in `?q=`) so coming back from a subject returns to the same view.
 */
export default function SubjectsScreen() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const myCourse = useCourse();
  const course = asCourse(params.get('course')) ?? asCourse(myCourse.data) ?? COURSES[0];
  const subjects = useSubjects(course);

  return (
    <Page>
      {/* The first screen shows no title (the news come first), but a screen reader's heading list starts here. */}
      <h1 className="visually-hidden">Каталог предметів</h1>
      <NewsSlider />
      <SearchField>
        <Tabs items={TABS} value={course} label="Курс" onChange={(c) => setParams({ course: String(c) }, { replace: true })} />
        <AddButton onClick={() => navigate(basePaths.addSubject, { state: { courseNumber: course } })}>+ Додати предмет</AddButton>
        {subjects.isPending ? (
          <SubjectSkeletons />
        ) : subjects.isError ? (
          <EmptyState text="Не вдалося завантажити предмети.">
            <Button variant="secondary" onClick={() => void subjects.refetch()}>
              Спробувати ще раз
            </Button>
          </EmptyState>
        ) : subjects.data.length === 0 ? (
          <EmptyState text={`Для ${course} курсу ще немає предметів`} />
        ) : (
          <div className={styles.list}>
            {subjects.data.map((s) => (
              <SubjectCard key={s.id} subject={s} />
            ))}
          </div>
        )}
      </SearchField>
    </Page>
  );
}
