/**
 * Issue 5, buying: a student buys an auto-generated task, downloads the DOCX through
 * Telegram's native download, and finds it in the history (downloaded there through the
 * desktop client's hidden frame). Screenshots of the buying screens, the result and the history.
 */
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { discountedPrice, formatUah, type HistoryItem, type Subject, type Task, type Teacher, type Wallet } from '@zalik/contract';
import { minimalDocx } from '../../api/src/modules/generators/docx-skeleton';
import { PERSONA, expectLaidOut, shoot, startE2E, waitForIdle, type E2E, type Theme } from './helpers';

const SUBJECT = 'Вища математика';
const AUTO_TASK = 'Розрахункова робота: границі та похідні';
const TEST_TASK = 'Модульний тест: диференціальне числення';

interface TgEvent {
  name: string;
  params: { url?: string; file_name?: string } | null;
}

/** Every copy of a task (one per teacher) by title, with the subject's id. */
async function findTasks(env: E2E, title: string): Promise<{ subjectId: string; tasks: Task[] }> {
  const student = await env.apiAs(PERSONA.student);
  const subject = (await student.get<Subject[]>('/api/v1/subjects/course-number/1')).find((s) => s.name === SUBJECT)!;
  const teachers = await student.get<Teacher[]>(`/api/v1/teachers/subject/${subject.id}`);
  const tasks: Task[] = [];
  for (const t of teachers) tasks.push(...(await student.get<Task[]>(`/api/v1/tasks/teacher/${t.id}`)).filter((x) => x.title === title));
  return { subjectId: subject.id, tasks };
}

/** The admin uploads a DOCX template whose tags are the task's argument names (PUT /tasks/{id}/template). */
async function uploadTemplate(env: E2E, task: Task): Promise<void> {
  const admin = await env.apiAs(PERSONA.admin);
  const docx = minimalDocx(['Розрахункова робота', ...task.arguments.map((a) => `${a.name}: {${a.name}}`)]);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(docx)]), 'шаблон.docx');
  const res = await fetch(new URL(`/api/v1/tasks/${task.id}/template`, env.server.url), {
    method: 'PUT',
    headers: { authorization: `Bearer ${admin.token}` },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** The student's general balance, as the API says. */
async function balanceOf(env: E2E): Promise<number> {
  const wallets = await (await env.apiAs(PERSONA.student)).get<Wallet[]>(`/api/v1/wallets/user/${PERSONA.student}`);
  return wallets.find((w) => w.kind === 'general')!.balance;
}

/** formatUah's no-break spaces as a pattern that matches any space. */
const uah = (n: number) => new RegExp(formatUah(n).replace(/\s/g, '\\s'));

const tgEvents = (page: Page) => page.evaluate(() => (window.__tgEvents ?? []) as unknown as TgEvent[]);

async function openTask(page: Page, title: string): Promise<void> {
  await page.getByRole('article', { name: title }).first().getByRole('button', { name: 'Придбати' }).click();
  await page.waitForURL(/\/buying-(task|test)/);
  await page.getByRole('heading', { name: title, level: 1 }).waitFor();
}

describe('buying an auto-generated task', () => {
  let env: E2E;
  let subjectId: string;

  beforeAll(async () => {
    env = await startE2E();
    await (await env.apiAs(PERSONA.student)).patch('/api/v1/users/me/course', { courseNumber: 1 });
    const found = await findTasks(env, AUTO_TASK);
    subjectId = found.subjectId;
    for (const task of found.tasks) if (!task.hasTemplate) await uploadTemplate(env, task);
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('the student buys it, downloads the DOCX through Telegram, and sees it in the history', async () => {
    const page = await env.open({ persona: PERSONA.student, platform: 'ios', path: `/list-task/${subjectId}` });
    await openTask(page, AUTO_TASK);
    await page.getByText('Вища математика', { exact: true }).waitFor();

    // The balance and the price are on the form before the tap.
    const before = await balanceOf(env);
    const prices = (await findTasks(env, AUTO_TASK)).tasks.map((t) => (t.discount > 0 ? discountedPrice(t.price, t.discount) : t.price));
    const payment = page.getByRole('region', { name: 'Оплата' });
    await payment.getByText(uah(before)).waitFor();
    const due = await payment.getByText('До сплати').locator('xpath=following-sibling::*[1]').textContent();

    await page.getByLabel('ПІБ студента').fill('Шевченко Т. Г.  ');
    await page.getByLabel('Група').fill('КН-21');
    await page.getByLabel('Варіант').fill('7');
    await page.getByRole('button', { name: 'Відправити' }).click();

    await page.getByRole('heading', { name: 'Готово!' }).waitFor();
    const download = page.getByRole('button', { name: /^Завантажити / });
    const fileName = (await download.getAttribute('aria-label'))!.replace(/^Завантажити /, '');
    expect(fileName).toMatch(/\.docx$/);
    expect(await page.getByText('@dev_demo').count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe(`/list-task/${subjectId}/buying-task/buying-result`);
    // What was charged and what is left.
    const after = await balanceOf(env);
    expect(prices.map((p) => formatUah(p))).toContain(due);
    expect(due).toBe(formatUah(before - after));
    await page.getByText('Списано').locator('xpath=following-sibling::*[1]').getByText(uah(before - after)).waitFor();
    await page.getByText('Залишок на балансі').locator('xpath=following-sibling::*[1]').getByText(uah(after)).waitFor();
    await waitForIdle(page);
    await shoot(page, 'buying-result-light');

    // Telegram (emulated, iOS 8.0) is asked to download the signed link; the link serves the DOCX.
    await download.click();
    await expect.poll(async () => (await tgEvents(page)).filter((e) => e.name === 'web_app_request_file_download').length).toBe(1);
    const request = (await tgEvents(page)).find((e) => e.name === 'web_app_request_file_download')!;
    expect(request.params?.file_name).toBe(fileName);
    const res = await fetch(request.params!.url!);
    expect(res.status).toBe(200);
    const xml = new PizZip(Buffer.from(await res.arrayBuffer())).file('word/document.xml')!.asText();
    expect(xml).toContain('ПІБ студента: Шевченко Т. Г.<');
    expect(xml).toContain('Варіант: 7');

    // The purchase is in the history, with its file.
    await page.getByRole('link', { name: 'Історія завдань' }).click();
    // Newest first; the demo data may hold earlier purchases of the same task.
    const item = page.getByRole('article', { name: AUTO_TASK }).first();
    await item.waitFor();
    const bought = await (await env.apiAs(PERSONA.student)).get<HistoryItem[]>(`/api/v1/histories/user/${PERSONA.student}`);
    expect(await page.getByRole('article').count()).toBe(bought.length);
    expect(bought[0]).toMatchObject({ taskTitle: AUTO_TASK, orderStatus: 'DONE', fileName });
    expect(await item.getByText('Виконано').count()).toBe(1);
    expect(await item.getByRole('button', { name: `Скачати ${fileName}` }).count()).toBe(1);
    await waitForIdle(page);
    await shoot(page, 'history-light');
  });

  it('on the desktop client the history downloads through a hidden frame', async () => {
    const page = await env.open({ persona: PERSONA.student, theme: 'dark', path: '/settings/history-task' });
    const item = page.getByRole('article', { name: AUTO_TASK }).first();
    await item.waitFor();
    await waitForIdle(page);
    await shoot(page, 'history-dark');
    await item.getByRole('button', { name: /^Скачати / }).click();
    const src = await page.locator('iframe[aria-hidden="true"]').getAttribute('src');
    expect(src).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect((await fetch(src!)).status).toBe(200);
    expect((await tgEvents(page)).some((e) => e.name === 'web_app_request_file_download')).toBe(false);
  });

  it('a user without purchases sees the empty text; an admin opens the student history by ?telegramId', async () => {
    const admin = await env.open({ persona: PERSONA.admin, path: '/settings/history-task' });
    await admin.getByText('Історії ще немає').waitFor();

    // An admin sees the student's history in the admin view.
    await admin.goto(new URL(`/settings/admin-panel/profile/history-task?telegramId=${PERSONA.student}`, env.server.url).toString());
    await admin.getByRole('article', { name: AUTO_TASK }).first().waitFor();
    await admin.getByText(`Telegram ID ${PERSONA.student}`).waitFor();
  });

  for (const theme of ['light', 'dark'] as Theme[]) {
    it(`screenshots of the buying forms and the result (${theme})`, async () => {
      const page = await env.open({ persona: PERSONA.student, theme, path: `/list-task/${subjectId}` });
      await openTask(page, AUTO_TASK);
      await page.getByLabel('ПІБ студента').fill('Шевченко Т. Г.');
      await waitForIdle(page);
      await shoot(page, `buying-task-${theme}`);

      // Typed and not sent: back asks first, and the input stays as a draft.
      await page.getByRole('button', { name: 'Назад' }).click();
      await page.getByRole('alertdialog', { name: 'Вийти з форми?' }).getByRole('button', { name: 'Вийти' }).click();
      await openTask(page, TEST_TASK);
      await page.getByLabel('Питання №1').fill('Знайдіть похідну x²');
      await page.getByRole('button', { name: 'Додати одне запитання' }).click();
      await page.getByRole('textbox', { name: 'Питання №2' }).waitFor();
      // An extra question can go again; the first cannot.
      await page.getByRole('button', { name: 'Додати одне запитання' }).click();
      await page.getByRole('textbox', { name: 'Питання №3' }).fill('Третє');
      await page.getByRole('button', { name: 'Прибрати: Питання №2' }).click();
      expect(await page.getByRole('textbox', { name: 'Питання №2' }).inputValue()).toBe('Третє');
      expect(await page.getByRole('textbox', { name: 'Питання №3' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Прибрати: Питання №1' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Додати одне запитання' }).click();
      await page.getByRole('textbox', { name: 'Питання №3' }).waitFor();
      await waitForIdle(page);
      await shoot(page, `buying-test-${theme}`);
      // Sending with an empty question marks it in place.
      await page.getByRole('button', { name: 'Відправити' }).click();
      await page.getByRole('textbox', { name: 'Питання №3' }).and(page.locator('[aria-invalid="true"]')).waitFor();
      await shoot(page, `buying-test-invalid-${theme}`);

      if (theme === 'dark') {
        // The typed questions are a draft: back asks before leaving them.
        await page.getByRole('button', { name: 'Назад' }).click();
        await page.getByRole('alertdialog', { name: 'Вийти з форми?' }).getByRole('button', { name: 'Вийти' }).click();
        await openTask(page, AUTO_TASK);
        await page.getByLabel('ПІБ студента').fill('Коваль О.');
        await page.getByRole('button', { name: 'Відправити' }).click();
        await page.getByRole('heading', { name: 'Готово!' }).waitFor();
        await waitForIdle(page);
        await shoot(page, 'buying-result-dark');
        // Back from the result goes to the tasks tab, not to the paid form.
        await page.getByRole('button', { name: 'Назад' }).click();
        await expect.poll(() => new URL(page.url()).pathname).toBe('/');
      }
    });
  }

  it('an admin takes a task for free: 0 грн to pay with the reason, and "Без оплати" on the result', async () => {
    for (const theme of ['light', 'dark'] as Theme[]) {
      const page = await env.open({ persona: PERSONA.admin, theme, path: `/list-task/${subjectId}` });
      await openTask(page, AUTO_TASK);
      await page.getByText(/завдання видається без оплати/).waitFor();
      expect(await page.getByText('До сплати').locator('..').textContent()).toMatch(uah(0));
      expect(await page.getByText(/Недостатньо коштів/).count()).toBe(0);
      await page.getByLabel('ПІБ студента').fill('Адміністраторка І.');
      await waitForIdle(page);
      await expectLaidOut(page, [AUTO_TASK, 'До сплати']);
      await shoot(page, `buying-free-take-${theme}`);
      if (theme === 'dark') {
        await page.getByRole('button', { name: 'Відправити' }).click();
        await page.getByRole('heading', { name: 'Готово!' }).waitFor();
        expect(await page.getByText('Списано').locator('..').textContent()).toContain('Без оплати');
        await expectLaidOut(page, ['Завдання видано без оплати, файл уже готовий.']);
        await waitForIdle(page);
        await shoot(page, 'buying-free-take-result-dark');
      }
    }
  });

  it('a balance short of the price is said before the tap, with a top-up right there', async () => {
    const admin = await env.apiAs(PERSONA.admin);
    const balance = await balanceOf(env);
    for (const task of (await findTasks(env, TEST_TASK)).tasks) {
      await admin.patch(`/api/v1/tasks/${task.id}`, { price: Math.ceil(balance) + 1000, visible: task.visible });
    }
    for (const theme of ['light', 'dark'] as Theme[]) {
      const page = await env.open({ persona: PERSONA.student, theme, path: `/list-task/${subjectId}` });
      await openTask(page, TEST_TASK);
      await page.getByRole('status').getByText(/Недостатньо коштів: бракує/).waitFor();
      expect(await page.getByRole('button', { name: 'Відправити' }).isDisabled()).toBe(true);
      await waitForIdle(page);
      await shoot(page, `buying-short-${theme}`);
      if (theme === 'dark') {
        await page.getByRole('button', { name: 'Поповнити' }).click();
        await expect.poll(() => new URL(page.url()).pathname).toBe('/wallet/deposit');
      }
    }
  });
});
