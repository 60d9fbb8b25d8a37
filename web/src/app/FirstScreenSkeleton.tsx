import type { CSSProperties } from 'react';
import { COURSES } from '@zalik/contract';
import { BottomNav, Input, Page, Tabs } from '../ui';
import { COURSE_KEY } from '../api/token';
import { NewsSlider } from '../screens/tasks/subjects/NewsSlider';
import { SubjectSkeletons } from '../screens/tasks/subjects/SubjectCard';

const TABS = COURSES.map((c) => ({ value: c, label: `${c} курс` }));

function cachedCourse(): number {
  const n = Number(localStorage.getItem(COURSE_KEY));
  return (COURSES as readonly number[]).includes(n) ? n : COURSES[0];
}

/**
 * What `/` looks like while the launch signs in: the subjects screen's own frame (news, the search
 * field, course tabs, card placeholders, the bottom navigation), so the first paint is the first screen
 * rather than a spinner, and nothing moves when the real one replaces it. The news query
 * already runs (it waits for the sign-in in the client) and keeps its answer for the real screen.
 * Inert and busy: nothing in it can be tapped or found by role until the real screen is there.
 * The server renders it too (ssr/server.tsx) for an open it knows nothing about, with course 1.
 */
export function FirstScreenSkeleton({ course = cachedCourse() }: { course?: number }) {
  return (
    // inert: a picture of the screen, not the screen (a tab tapped now would do nothing).
    <div inert aria-busy="true" style={{ '--layout-bottom': 'calc(var(--nav-height) + var(--safe-bottom))' } as CSSProperties}>
      <Page>
        <NewsSlider />
        {/* The search field's twin (search/SearchField.tsx): without it the real screen dropped by its height. */}
        <Input type="search" aria-label="Пошук предметів, викладачів і завдань" placeholder="Пошук: предмет, викладач, завдання" readOnly />
        <Tabs items={TABS} value={course} label="Курс" onChange={() => undefined} />
        <SubjectSkeletons />
      </Page>
      <BottomNav />
    </div>
  );
}
