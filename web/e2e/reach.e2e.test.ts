/**
 * Issue 29, Telegram-native reach: a task and the invite shared as the bot's prepared card
 * (Telegram's shareMessage, emulated; the card itself is made by the local fake Bot API), a
 * shared card's startapp opening the task, a purchase's half-typed arguments kept in Telegram's
 * cloud storage across a reload with the back button asking first, and the home-screen shortcut
 * offered once after the first purchase. Screenshots of the buying screen and the dialog.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Task, Teacher } from '@zalik/contract';
import { PERSONA, expectLaidOut, shoot, startE2E, studentOnFirstCourse, themeShots, waitForIdle, type E2E } from './helpers';

const SUBJECT = 'Вища математика';

interface TgEvent {
  name: string;
  params: Record<string, unknown> | null;
}

const tgEvents = (page: Page) => page.evaluate(() => (window.__tgEvents ?? []) as unknown as TgEvent[]);
const count = async (page: Page, name: string) => (await tgEvents(page)).filter((e) => e.name === name).length;
/** What the emulated client keeps in Telegram's cloud storage (demo.ts: localStorage under a prefix). */
const cloud = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(`zalik.demo.cloud.${k}`), key);

let env: E2E;
let subjectId: string;
/** A visible manual task with arguments, and the teacher it is listed under. */
let task: Task;
let teacher: Teacher;
const shootBoth = themeShots(() => env);

beforeAll(async () => {
  env = await startE2E();
  subjectId = await studentOnFirstCourse(env, SUBJECT);
  const student = await env.apiAs(PERSONA.student);
  for (const t of await student.get<Teacher[]>(`/api/v1/teachers/subject/${subjectId}`)) {
    const found = (await student.get<Task[]>(`/api/v1/tasks/teacher/${t.id}`)).find((x) => x.type === 'REGULAR' && !x.autoGenerate && x.arguments.length > 0);
    if (found) {
      task = found;
      teacher = t;
      break;
    }
  }
  if (!task) throw new Error(`the demo's ${SUBJECT} has no manual task with arguments`);
});
afterAll(async () => {
  await env?.stop();
});

const cardPath = () => `/?startapp=task_${subjectId}_${teacher.id}_${task.id}`;

describe('sharing', () => {
  it("a shared card's button opens its task, whose share button sends the bot's card", async () => {
    const page = await env.open({ persona: PERSONA.student, path: cardPath() });
    await page.getByRole('heading', { name: task.title, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/list-task/${subjectId}/buying-task`);
    await page.getByRole('button', { name: 'Поділитися завданням' }).click();
    await page.getByRole('status').getByText('Надіслано.').waitFor();
    const sent = (await tgEvents(page)).filter((e) => e.name === 'web_app_send_prepared_message');
    expect(sent).toHaveLength(1);
    // The id the API got from the (fake) Bot API's savePreparedInlineMessage.
    expect(sent[0]!.params?.id).toMatch(/^prep\d+/);
    // A client with the dialog never falls back to the link.
    expect(await count(page, 'web_app_open_tg_link')).toBe(0);
  });

  it("the invite screen shares the bot's card with my link", async () => {
    const page = await env.open({ persona: PERSONA.student, path: '/invitation/invite' });
    await page.getByTestId('invite-link').waitFor();
    await page.getByRole('button', { name: 'Поділитися', exact: true }).click();
    await page.getByRole('status').getByText('Надіслано.').waitFor();
    expect(await count(page, 'web_app_send_prepared_message')).toBe(1);
  });

  it('screenshots: the buying screen with its share button', async () => {
    await shootBoth('reach-buying-share', PERSONA.student, cardPath(), [task.title, 'Поділитися завданням']);
  });
});

describe('drafts and the home screen', () => {
  it('keeps half-typed arguments across a reload, asks before leaving, clears them after the purchase, and offers the shortcut once', async () => {
    const page = await env.open({ persona: PERSONA.student, path: cardPath() });
    await page.getByRole('heading', { name: task.title, level: 1 }).waitFor();
    const first = page.getByLabel(task.arguments[0]!.name, { exact: true });
    await first.fill('Чернетка 7');
    await expect.poll(() => cloud(page, `draft_buy_${task.id}`)).toContain('Чернетка 7');

    // The back button asks first; staying keeps the form.
    await page.getByRole('button', { name: 'Назад' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Вийти з форми?').waitFor();
    await waitForIdle(page);
    await expectLaidOut(page, ['Вийти з форми?', 'Залишитися']);
    await shoot(page, 'reach-leave-draft-light');
    await dialog.getByRole('button', { name: 'Залишитися' }).click();
    expect(await first.inputValue()).toBe('Чернетка 7');

    await page.reload();
    await page.getByRole('heading', { name: task.title, level: 1 }).waitFor();
    await expect.poll(() => page.getByLabel(task.arguments[0]!.name, { exact: true }).inputValue()).toBe('Чернетка 7');

    for (const arg of task.arguments.slice(1)) await page.getByLabel(arg.name, { exact: true }).fill('1');
    expect(await cloud(page, 'homeScreenOffered')).toBeNull();
    await page.getByRole('button', { name: /^Відправити/ }).click();
    await page.getByRole('heading', { name: 'Замовлення прийнято' }).waitFor();
    await expect.poll(() => count(page, 'web_app_add_to_home_screen')).toBe(1);
    expect(await count(page, 'web_app_check_home_screen')).toBe(1);
    await expect.poll(() => cloud(page, 'homeScreenOffered')).not.toBeNull();
    await expect.poll(() => cloud(page, `draft_buy_${task.id}`)).toBeNull();

    // A second purchase after a new load: the mark says it was offered, so no prompt. (The card's
    // startapp is followed once per launch, so the buying screen is opened by its own path.)
    await page.goto(new URL(`/list-task/${subjectId}/buying-task?taskId=${task.id}&teacherId=${teacher.id}`, env.server.url).toString());
    await page.getByRole('heading', { name: task.title, level: 1 }).waitFor();
    expect(await page.getByLabel(task.arguments[0]!.name, { exact: true }).inputValue()).toBe('');
    for (const arg of task.arguments) await page.getByLabel(arg.name, { exact: true }).fill('2');
    await page.getByRole('button', { name: /^Відправити/ }).click();
    await page.getByRole('heading', { name: 'Замовлення прийнято' }).waitFor();
    await waitForIdle(page);
    expect(await count(page, 'web_app_add_to_home_screen')).toBe(0);
  });
});

describe('words and the support draft', () => {
  it("the support message survives a reload, and goes once it is sent", async () => {
    const page = await env.open({ persona: PERSONA.student, path: '/settings/support' });
    const box = page.getByRole('textbox', { name: 'Повідомлення' });
    await box.fill('Не відкривається файл лабораторної');
    await expect.poll(() => cloud(page, 'draft_support')).toBe('Не відкривається файл лабораторної');
    await page.reload();
    await expect.poll(() => page.getByRole('textbox', { name: 'Повідомлення' }).inputValue()).toBe('Не відкривається файл лабораторної');
    await page.getByRole('button', { name: 'Відправити' }).click();
    await page.getByText('Повідомлення надіслано').waitFor();
    await expect.poll(() => cloud(page, 'draft_support')).toBeNull();
  });

  it('screenshots: settings names the terms as their screen does; the invitation tab keeps the invite link', async () => {
    await shootBoth('reach-settings', PERSONA.student, '/settings', ['Умови користування']);
    await shootBoth('reach-invitation', PERSONA.student, '/invitation', ['Запросити друга']);
    const page = await env.open({ persona: PERSONA.student, path: '/settings' });
    await page.getByText('Умови користування').click();
    await page.getByRole('heading', { name: 'Умови користування' }).first().waitFor();
  });
});

