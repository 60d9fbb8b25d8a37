/**
 * Issue 29, accessibility: axe-core over the walk a student, a developer, an admin and a blocked
 * student take (an order's thread and the tutor too), in the light and the dark Telegram theme,
 * with no serious or critical violation on any screen (contrast, names, labels: e2e/accessible.ts) and no control under 44 px
 * (smallTargets, there too). One server, one browser, one page per persona and theme reused
 * from screen to screen, so the walk stays short.
 * Each screen is checked softly: a failing run lists every screen's violations at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { HistoryItem, Subject, Task, Teacher } from '@zalik/contract';
import { paths } from '../src/lib/paths';
import { expectAccessible, smallTargets } from './accessible';
import { PERSONA, shoot, startE2E, waitForIdle, type E2E, type Theme } from './helpers';
import { buyAndOpenTutor, readyAutoTasks } from './tutor';

const THEMES: Theme[] = ['light', 'dark'];
const SUBJECT = 'Вища математика';
const MANUAL_TASK = 'Контрольна робота з лінійної алгебри';
/** A whole persona's walk in one test, on a loaded 2-core machine. */
const SLOW = 300_000;

describe('accessibility: axe over the walk, both themes', () => {
  let env: E2E;
  let subject: Subject;
  let teacher: Teacher;
  let task: Task;

  beforeAll(async () => {
    env = await startE2E();
  });
  afterAll(async () => {
    await env?.stop();
  });

  /** Goes to `path` on a reused page and waits until it has settled. */
  async function visit(page: Page, path: string): Promise<void> {
    await page.goto(new URL(path, env.server.url).toString());
    await waitForIdle(page);
  }

  /** Checks the screen as it is now and saves its picture (`a11y-<name>-<theme>.png`). */
  async function check(page: Page, name: string, theme: Theme): Promise<void> {
    await expectAccessible(page, `${name} (${theme})`);
    expect.soft(await smallTargets(page), `controls under 44 px on ${name} (${theme})`).toEqual([]);
    await shoot(page, `a11y-${name}-${theme}`);
  }

  /** Visits and checks each `[name, path]` in turn on the same page. */
  async function walk(page: Page, theme: Theme, screens: [string, string][]): Promise<void> {
    for (const [name, path] of screens) {
      await visit(page, path);
      await check(page, name, theme);
    }
  }

  it('a new student: the course picker and the terms', async () => {
    for (const theme of THEMES) {
      const page = await env.open({ persona: PERSONA.student, theme, path: '/' });
      await page.getByRole('heading', { name: 'Оберіть свій курс' }).waitFor();
      await waitForIdle(page);
      await check(page, 'onboarding', theme);
      await page.close();
    }
    for (const persona of [PERSONA.student, PERSONA.developer, PERSONA.admin]) {
      await (await env.apiAs(persona)).patch('/api/v1/users/me/course', { courseNumber: 1 });
    }
    const student = await env.apiAs(PERSONA.student);
    subject = (await student.get<Subject[]>('/api/v1/subjects/course-number/1')).find((s) => s.name === SUBJECT)!;
    teacher = (await student.get<Teacher[]>(`/api/v1/teachers/subject/${subject.id}`))[0]!;
    task = (await student.get<Task[]>(`/api/v1/tasks/teacher/${teacher.id}`)).find((t) => t.title === MANUAL_TASK)!;
  }, SLOW);

  for (const theme of THEMES) {
    it(`a student: catalogue, tasks, buying, result, history, wallet, top-up, invitation, support, settings, an author (${theme})`, async () => {
      const page = await env.open({ persona: PERSONA.student, theme, path: '/' });
      await waitForIdle(page);
      await check(page, 'subjects', theme);
      await page.getByRole('searchbox', { name: 'Пошук предметів, викладачів і завдань' }).fill('інтеграл');
      await page.waitForURL(/[?&]q=/);
      // The results, not the skeleton the search shows first (its Suspense fallback).
      await page.getByText('Розрахункова робота: інтеграли').first().waitFor();
      await waitForIdle(page);
      await check(page, 'search', theme);
      await walk(page, theme, [
        ['tasks', paths.subject(subject.id)],
        ['choose-teacher', paths.chooseTeacher(subject.id)],
      ]);
      await visit(page, paths.buyTask(subject.id, task.id));
      await page.getByLabel('ПІБ студента').waitFor();
      await check(page, 'buying', theme);
      await page.getByLabel('ПІБ студента').fill('Шевченко Т. Г.');
      await page.getByLabel('Група').fill('КН-21');
      await page.getByLabel('Тема', { exact: true }).fill('Власні вектори');
      await page.getByRole('button', { name: 'Відправити' }).click();
      await page.getByRole('heading', { name: 'Замовлення прийнято' }).waitFor();
      await waitForIdle(page);
      await check(page, 'buying-result', theme);
      await walk(page, theme, [
        ['history', paths.settings.history],
        ['wallet', paths.wallet.root],
      ]);
      await visit(page, paths.wallet.deposit);
      await page.getByRole('dialog', { name: 'Поповнення гаманця' }).waitFor();
      await check(page, 'topup-sheet', theme);
      // The card top-up's code to keep in the payment's comment: one line, never broken at its hyphen.
      const sheet = page.getByRole('dialog', { name: 'Поповнення гаманця' });
      await sheet.getByRole('radio', { name: /Банківська картка/ }).click();
      await sheet.getByRole('button', { name: 'Оплатити' }).click();
      const code = sheet.getByTestId('deposit-code');
      await code.waitFor();
      await waitForIdle(page);
      const { height, fontSize } = await code.evaluate((el) => ({ height: el.getBoundingClientRect().height, fontSize: parseFloat(getComputedStyle(el).fontSize) }));
      expect(height, 'the top-up code wraps').toBeLessThan(fontSize * 1.8);
      await check(page, 'topup-card-code', theme);
      await walk(page, theme, [
        ['invitation', paths.invitation.root],
        ['invite', paths.invitation.invite],
        ['support', paths.settings.support],
        ['settings', paths.settings.root],
        ['author', paths.author(PERSONA.developer)],
        ['rules', paths.settings.rules],
      ]);
      await page.close();
    }, SLOW);
  }

  it('a developer: the dev panel, the wallet and payouts', async () => {
    for (const theme of THEMES) {
      const page = await env.open({ persona: PERSONA.developer, theme, path: paths.settings.devPanel });
      await waitForIdle(page);
      await check(page, 'dev-panel', theme);
      await walk(page, theme, [
        ['dev-wallet', paths.wallet.root],
        ['withdraw', paths.wallet.withdraw],
        ['payout-details', paths.wallet.payoutDetails],
      ]);
      await page.close();
    }
  }, SLOW);

  for (const theme of THEMES) {
    it(`an admin: the panel, users, discounts, catalogue, disputes, dashboard, broadcasts, money lists, audit, FAQ, news and their forms, templates, the tutor's documents, a menu and a dialog (${theme})`, async () => {
      const student = await env.apiAs(PERSONA.student);
      const [faq] = await student.get<{ id: string }[]>('/api/v1/faq');
      const [news] = await student.get<{ id: string }[]>('/api/v1/news');
      const page = await env.open({ persona: PERSONA.admin, theme, path: paths.admin.root });
      await waitForIdle(page);
      await check(page, 'admin-panel', theme);
      await walk(page, theme, [
        ['admin-users', paths.admin.users],
        ['admin-user', paths.admin.user(PERSONA.student)],
        ['admin-user-wallet', paths.admin.wallet(PERSONA.student)],
        ['admin-user-history', paths.admin.history(PERSONA.student)],
        ['admin-give-role', paths.admin.giveRole(PERSONA.student)],
        ['admin-discounts', paths.admin.discounts],
        ['admin-discount-new', paths.admin.discountNew],
        ['admin-disputes', paths.admin.disputes],
        ['admin-dashboard', paths.admin.dashboard],
        ['admin-broadcasts', paths.admin.broadcasts],
        ['admin-broadcast-new', paths.admin.newBroadcast],
        ['admin-maintenance', paths.admin.maintenance],
        ['admin-withdrawals', paths.admin.withdrawals],
        ['admin-deposits', paths.admin.deposits],
        ['admin-bank-payments', paths.admin.bankPayments],
        ['admin-audit', paths.admin.audit()],
        ['admin-faq', paths.admin.faq],
        ['admin-faq-new', paths.admin.faqForm],
        ['admin-faq-edit', `${paths.admin.faqForm}?id=${faq!.id}`],
        ['admin-news', paths.admin.news],
        ['admin-news-new', paths.admin.newsForm],
        ['admin-news-edit', `${paths.admin.newsForm}?id=${news!.id}`],
        ['admin-explanation-documents', paths.admin.explanationDocuments],
        ['admin-templates', paths.admin.templates],
        ['admin-add-subject', paths.addSubject],
        ['admin-add-task', paths.taskForm.toAdd(subject.id, teacher.id)],
        ['admin-tasks', paths.subject(subject.id)],
      ]);
      // A subject's menu and the delete confirmation over the page.
      await visit(page, paths.home);
      await page.getByRole('link', { name: /Вища математика/ }).click({ button: 'right' });
      await page.getByRole('menu').waitFor();
      await check(page, 'admin-menu', theme);
      await page.getByRole('menuitem', { name: 'Видалити' }).click();
      await page.getByRole('alertdialog').waitFor();
      await check(page, 'admin-dialog', theme);
      await page.close();
    }, SLOW);
  }

  it("an order's conversation (thread), for the student and the developer", async () => {
    const history = await (await env.apiAs(PERSONA.student)).get<HistoryItem[]>(`/api/v1/histories/user/${PERSONA.student}`);
    // The demo's open manual order with the developer, where the seed wrote a conversation.
    const order = history.find((h) => !h.autoGenerate && h.status === 'IN_PROGRESS' && h.unread > 0)!;
    for (const persona of [PERSONA.student, PERSONA.developer]) {
      for (const theme of THEMES) {
        const page = await env.open({ persona, theme, path: paths.thread(order.id) });
        // The thread keeps its live stream open, so the network never goes idle: wait for its messages.
        await page.getByTestId('thread-message').first().waitFor();
        await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]') && document.fonts.status === 'loaded');
        await check(page, `thread-${persona === PERSONA.student ? 'student' : 'developer'}`, theme);
        await page.close();
      }
    }
  }, SLOW);

  it('the tutor (an auto order\'s "Пояснення"), empty and with a streamed answer', async () => {
    await readyAutoTasks(env);
    for (const theme of THEMES) {
      const page = await env.open({ persona: PERSONA.student, theme, path: paths.subject(subject.id) });
      await buyAndOpenTutor(page);
      await waitForIdle(page);
      await check(page, 'tutor', theme);
      await page.getByLabel('Ваше питання').fill('Як знайти похідну складеної функції?');
      await page.getByRole('button', { name: /^Запитати за/ }).click();
      // The stored answer brings its copy button: the stream has ended and the formulas are typeset.
      await page.getByRole('button', { name: 'Копіювати' }).waitFor({ timeout: 30_000 });
      await page.getByRole('math').first().waitFor();
      await waitForIdle(page);
      await check(page, 'tutor-answer', theme);
      await page.close();
    }
  }, SLOW);

  it('the blocked and the maintenance screens', async () => {
    const admin = await env.apiAs(PERSONA.admin);
    await admin.patch(`/api/v1/users/${PERSONA.student}/ban?value=true`);
    for (const theme of THEMES) {
      const page = await env.open({ persona: PERSONA.student, theme, path: '/' });
      await page.getByTestId('blocked-text').waitFor();
      await waitForIdle(page);
      await check(page, 'blocked', theme);
      await page.close();
    }
    await admin.patch(`/api/v1/users/${PERSONA.student}/ban?value=false`);
    await admin.patch('/api/v1/maintenance/status', { enabled: true, message: 'Профілактика до 03:00. Дякуємо за терпіння!' });
    for (const theme of THEMES) {
      const page = await env.open({ persona: PERSONA.student, theme, path: '/' });
      await page.getByTestId('maintenance-text').waitFor();
      await waitForIdle(page);
      await check(page, 'maintenance', theme);
      await page.close();
    }
    await admin.patch('/api/v1/maintenance/status', { enabled: false });
  }, SLOW);
});
