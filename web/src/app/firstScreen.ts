/**
 * The first screen the server rendered into index.html (api/src/plugins/first-screen.ts,
 * ssr/server.tsx): for a returning student (the first-screen cookie), the subject list and the
 * news with the data they were drawn from; for anyone else, the skeleton with no data.
 * main.tsx hydrates the list when the launch's sign-in says it is this student's, as they
 * see it now; otherwise it renders the app over the server's HTML as before.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { News, Subject } from '@zalik/contract';
import { baseKeys } from '../api/baseKeys';
import { currentMaintenance } from '../api/auth';
import { basePaths } from '../lib/basePaths';
import type { SignedIn } from './session';

/** The id of the `<script type="application/json">` carrying the data (early.ts reads it too). */
export const FIRST_SCREEN_DATA_ID = 'zalik-first-screen';

export interface FirstScreenData {
  course: number;
  /** Whose list it is: the cookie's student (a demo persona switch signs in as someone else). */
  telegramId: string;
  subjects: Subject[];
  news: News[];
}

/** The data of a server-rendered subject list, or null (the skeleton, or no server rendering). */
export function servedFirstScreen(): FirstScreenData | null {
  const text = document.getElementById(FIRST_SCREEN_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as FirstScreenData;
  } catch {
    return null;
  }
}

/**
 * Whether the app's first render will be exactly the server's list: this student, signed in
 * with the same course, neither banned nor an admin (whose cards carry a menu), no
 * maintenance, on `/` showing their own course.
 */
export function rendersServedList(served: FirstScreenData, session: SignedIn | null): boolean {
  if (!session || session.claims.ban || session.claims.roles.includes('ROLE_ADMIN')) return false;
  if (session.claims.sub !== served.telegramId || session.courseNumber !== served.course) return false;
  if (currentMaintenance() !== null || window.location.pathname !== basePaths.home) return false;
  const tab = new URLSearchParams(window.location.search).get('course');
  return tab === null || Number(tab) === served.course;
}

/** The queries the list was drawn from, so the first render finds them (and asks the server for none). */
export function seedQueries(qc: QueryClient, served: FirstScreenData): void {
  qc.setQueryData(baseKeys.course(), served.course);
  qc.setQueryData(baseKeys.catalogue.subjects(served.course), served.subjects);
  qc.setQueryData(baseKeys.catalogue.news(), served.news);
}
