/**
 * `npm run screenshots -w web`: every screen of the app, light and dark, 390x844, into
 * web/screenshots/<screen>-<theme>.png (students, developer, admin). Adding a screen adds one
 * entry to SCREENS. Screens reached only through a flow (a purchase's result) are shot by their
 * area's e2e test into the same folder.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Subject, Task, Teacher } from '@zalik/contract';
import { PERSONA, shoot, startE2E, waitForIdle, type E2E, type Theme } from './helpers';

/** Ids of the seeded catalogue that paths need (found once, through the API). */
interface Ids {
  subject: string;
  teacher: string;
  task: string;
  testTask: string;
}

interface Shot {
  name: string;
  persona: string;
  path: string | ((ids: Ids) => string);
  /** Brings the data or the screen into the state to photograph. */
  prepare?: (env: E2E) => Promise<void>;
  /** Acts on the open page before the picture (taps, typing). */
  act?: (page: Page) => Promise<void>;
}

/** Students with a course chosen (the student persona starts at course 0). */
const withCourse = async (env: E2E) => {
  await (await env.apiAs(PERSONA.student)).patch('/api/v1/users/me/course', { courseNumber: 1 });
};

async function findIds(env: E2E): Promise<Ids> {
  const api = await env.apiAs(PERSONA.admin);
  const subjects = await api.get<Subject[]>('/api/v1/subjects/course-number/1');
  for (const subject of subjects) {
    for (const teacher of await api.get<Teacher[]>(`/api/v1/teachers/subject/${subject.id}`)) {
      const tasks = await api.get<Task[]>(`/api/v1/tasks/teacher/${teacher.id}`);
      const regular = tasks.find((t) => t.type !== 'TEST' && t.arguments.length > 0) ?? tasks[0];
      const test = tasks.find((t) => t.type === 'TEST');
      if (regular && test) return { subject: subject.id, teacher: teacher.id, task: regular.id, testTask: test.id };
    }
  }
  const subject = subjects[0]!.id;
  const teacher = (await api.get<Teacher[]>(`/api/v1/teachers/subject/${subject}`))[0]!.id;
  const task = (await api.get<Task[]>(`/api/v1/tasks/teacher/${teacher}`))[0]!.id;
  return { subject, teacher, task, testTask: task };
}

const S = PERSONA.student;
const D = PERSONA.developer;
const A = PERSONA.admin;

const SCREENS: Shot[] = [
  { name: 'loading', persona: PERSONA.student, path: '/loading' },
  { name: 'choose-course', persona: PERSONA.student, path: '/' },
  {
    name: 'choose-course-ticked',
    persona: PERSONA.student,
    path: '/',
    act: async (page) => {
      await page.getByRole('radio', { name: /^2/ }).click();
      await page.getByRole('checkbox').check();
    },
  },
  { name: 'rules-first-open', persona: PERSONA.student, path: '/rules' },
  // --- students ---
  { name: 'tasks', persona: S, path: '/', prepare: withCourse },
  { name: 'task-list', persona: S, path: (i) => `/list-task/${i.subject}` },
  { name: 'choose-teacher', persona: S, path: (i) => `/list-task/${i.subject}/choose-teacher` },
  { name: 'choose-creator', persona: S, path: (i) => `/list-task/${i.subject}/choose-creator` },
  { name: 'choose-price', persona: S, path: (i) => `/list-task/${i.subject}/choose-price` },
  { name: 'buying-task', persona: S, path: (i) => `/list-task/${i.subject}/buying-task?taskId=${i.task}&teacherId=${i.teacher}` },
  { name: 'buying-test', persona: S, path: (i) => `/list-task/${i.subject}/buying-test?taskId=${i.testTask}&teacherId=${i.teacher}` },
  { name: 'author-profile', persona: S, path: `/list-task/author/${PERSONA.developer}` },
  { name: 'wallet', persona: S, path: '/wallet' },
  { name: 'wallet-deposit', persona: S, path: '/wallet/deposit' },
  { name: 'invitation', persona: S, path: '/invitation' },
  { name: 'invitation-invite', persona: S, path: '/invitation/invite' },
  { name: 'settings', persona: S, path: '/settings' },
  { name: 'history', persona: S, path: '/settings/history-task' },
  { name: 'support', persona: S, path: '/settings/support' },
  { name: 'settings-rules', persona: S, path: '/settings/rules' },
  { name: 'settings-privacy', persona: S, path: '/settings/privacy' },
  { name: 'not-found', persona: S, path: '/no-such-screen' },
  // --- developer ---
  { name: 'settings-developer', persona: D, path: '/settings' },
  { name: 'wallet-developer', persona: D, path: '/wallet' },
  { name: 'wallet-withdraw', persona: D, path: '/wallet/withdraw' },
  { name: 'dev-panel', persona: D, path: '/settings/dev-panel' },
  { name: 'dev-panel-completed', persona: D, path: '/settings/dev-panel?tab=done' },
  // --- admin ---
  { name: 'settings-admin', persona: A, path: '/settings' },
  { name: 'tasks-admin', persona: A, path: '/' },
  { name: 'task-list-admin', persona: A, path: (i) => `/list-task/${i.subject}` },
  { name: 'add-subject', persona: A, path: '/add-subject' },
  { name: 'edit-subject', persona: A, path: (i) => `/edit-subject?subjectId=${i.subject}&course=1` },
  { name: 'add-teacher', persona: A, path: (i) => `/list-task/${i.subject}/choose-teacher/add-teacher` },
  { name: 'edit-teacher', persona: A, path: (i) => `/list-task/${i.subject}/choose-teacher/edit-teacher?teacherId=${i.teacher}` },
  { name: 'add-task', persona: A, path: (i) => `/list-task/add-task/${i.subject}?teacherId=${i.teacher}` },
  { name: 'add-task-type', persona: A, path: (i) => `/list-task/add-task/${i.subject}/choose-type?teacherId=${i.teacher}` },
  { name: 'add-task-developer', persona: A, path: (i) => `/list-task/add-task/${i.subject}/choose-developer?teacherId=${i.teacher}` },
  { name: 'add-task-arguments', persona: A, path: (i) => `/list-task/add-task/${i.subject}/choose-argument?teacherId=${i.teacher}` },
  { name: 'add-argument', persona: A, path: (i) => `/list-task/add-task/${i.subject}/choose-argument/add-argument?teacherId=${i.teacher}` },
  { name: 'edit-task', persona: A, path: (i) => `/list-task/edit-task/${i.subject}?taskId=${i.task}&teacherId=${i.teacher}` },
  { name: 'give-discount', persona: A, path: (i) => `/list-task/edit-task/${i.subject}/give-discount?taskId=${i.task}&teacherId=${i.teacher}` },
  { name: 'admin-panel', persona: A, path: '/settings/admin-panel' },
  { name: 'admin-dashboard', persona: A, path: '/settings/admin-panel/dashboard' },
  { name: 'admin-audit', persona: A, path: '/settings/admin-panel/audit' },
  { name: 'admin-users', persona: A, path: '/settings/admin-panel/profile' },
  { name: 'admin-user', persona: A, path: `/settings/admin-panel/profile/user?telegramId=${PERSONA.student}` },
  { name: 'admin-give-role', persona: A, path: `/settings/admin-panel/profile/give-role?telegramId=${PERSONA.student}` },
  { name: 'admin-user-wallet', persona: A, path: `/settings/admin-panel/profile/wallet?telegramId=${PERSONA.student}` },
  { name: 'admin-user-history', persona: A, path: `/settings/admin-panel/profile/history-task?telegramId=${PERSONA.student}` },
  { name: 'admin-withdrawals', persona: A, path: '/settings/admin-panel/withdrawals' },
  { name: 'admin-deposits', persona: A, path: '/settings/admin-panel/deposits' },
  { name: 'admin-bank-payments', persona: A, path: '/settings/admin-panel/bank-payments' },
  { name: 'admin-disputes', persona: A, path: '/settings/admin-panel/disputes' },
  { name: 'admin-faq', persona: A, path: '/settings/admin-panel/faq' },
  { name: 'admin-faq-form', persona: A, path: '/settings/admin-panel/faq/edit' },
  { name: 'admin-news', persona: A, path: '/settings/admin-panel/news' },
  { name: 'admin-news-form', persona: A, path: '/settings/admin-panel/news/edit' },
  { name: 'admin-discounts', persona: A, path: '/settings/admin-panel/discounts' },
  { name: 'admin-discount-new', persona: A, path: '/settings/admin-panel/discounts/new' },
  // Last: bans the student.
  {
    name: 'blocked',
    persona: PERSONA.student,
    path: '/',
    prepare: async (env) => {
      await (await env.apiAs(PERSONA.admin)).patch(`/api/v1/users/${PERSONA.student}/ban?value=true`);
    },
  },
];

const THEMES: Theme[] = ['light', 'dark'];

describe('screenshots', () => {
  let env: E2E;
  let ids: Ids;
  beforeAll(async () => {
    env = await startE2E();
    ids = await findIds(env);
  });
  afterAll(async () => {
    await env?.stop();
  });

  for (const shot of SCREENS) {
    it(shot.name, async () => {
      await shot.prepare?.(env);
      for (const theme of THEMES) {
        const path = typeof shot.path === 'function' ? shot.path(ids) : shot.path;
        const page = await env.open({ persona: shot.persona, theme, path });
        await waitForIdle(page);
        if (shot.act) {
          await shot.act(page);
          await waitForIdle(page);
        }
        await shoot(page, `${shot.name}-${theme}`);
        await page.close();
      }
    });
  }
});
