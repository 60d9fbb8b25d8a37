/**
 * Issue 5, manual orders: the student buys a manual task, the developer (persona switch)
 * sees it in the dev panel and delivers two files with a message, and the student's history
 * shows the delivery waiting for acceptance with both files and the message. Screenshots of
 * the dev panel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { MSG, ORDER_PAGE_SIZE, PAGE_MAX_LIMIT, type HistoryItem, type DeveloperOrder, type InProgressOrder } from '@zalik/contract';
import { expectLaidOut, PERSONA, shoot, startE2E, studentOnFirstCourse, type E2E, type Theme, waitForIdle } from './helpers';
import { SCREENSHOTS_DIR } from './paths';
import { buy, deliver, findTask, pdf } from './orders';

/** The dev panel's page of open orders (web/src/screens/dev-panel/api.ts, QUEUE_PAGE_SIZE). */
const QUEUE_PAGE = ORDER_PAGE_SIZE;
/** The completed tab's page (COMPLETED_PAGE_SIZE there). */
const COMPLETED_PAGE = ORDER_PAGE_SIZE;

const SUBJECT = 'Вища математика';
const MANUAL_TASK = 'Контрольна робота з лінійної алгебри';
const TOPIC = 'Власні вектори матриці 3×3';

/** The developer's open orders of the task, oldest first (the demo data may hold an earlier one). */
const orders = (page: Page) => page.getByRole('article', { name: `Замовлення: ${MANUAL_TASK}` });

async function chooseFiles(card: Locator): Promise<void> {
  await card.getByTestId('add-files').setInputFiles([
    { name: 'розв’язок.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% Розв’язок\n%%EOF\n') },
    { name: 'обчислення.py', mimeType: 'text/plain', buffer: Buffer.from('print("λ = 2")\n') },
  ]);
  await card.getByText('обчислення.py').waitFor();
}

describe('a manual order from purchase to delivery', () => {
  let env: E2E;
  let subjectId: string;

  beforeAll(async () => {
    env = await startE2E();
    subjectId = await studentOnFirstCourse(env, SUBJECT);
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('the developer delivers two files with a message, and the student sees the delivery to accept', async () => {
    // The student buys the manual task.
    const page = await env.open({ persona: PERSONA.student, path: `/list-task/${subjectId}` });
    await page.getByRole('article', { name: MANUAL_TASK }).first().getByRole('button', { name: 'Придбати' }).click();
    await page.getByLabel('ПІБ студента').fill('Шевченко Т. Г.');
    await page.getByLabel('Група').fill('КН-21');
    await page.getByLabel('Тема', { exact: true }).fill(TOPIC);
    await page.getByRole('button', { name: 'Відправити' }).click();
    await page.getByRole('heading', { name: 'Замовлення прийнято' }).waitFor();
    await page.getByText(MSG.orderAccepted).waitFor();
    await waitForIdle(page);
    await shoot(page, 'buying-result-manual-light');

    // Switch to the developer persona: the order waits in the dev panel.
    await page.getByLabel('Демо-користувач').selectOption(PERSONA.developer);
    await expect.poll(() => page.getByLabel('Демо-користувач').inputValue()).toBe(PERSONA.developer);
    await page.getByRole('navigation').getByRole('link', { name: 'Налаштування' }).click();
    await page.getByRole('link', { name: 'Панель розробника' }).click();
    const card = orders(page).last();
    await card.waitFor();
    const before = await orders(page).count();
    // The task is listed once per teacher; the card names the teacher of the one bought.
    expect(await card.textContent()).toMatch(/Викладач(Петренко О\. В\.|Коваленко Н\. С\.)/);
    for (const text of ['@student_demo', PERSONA.student, MANUAL_TASK]) {
      expect(await card.getByText(text, { exact: true }).count(), text).toBeGreaterThan(0);
    }
    // The card is titled with its task; each answer shows under its field's name.
    expect(await card.getByRole('heading', { name: MANUAL_TASK }).count()).toBe(1);
    await card.getByRole('button', { name: 'Показати (3)' }).click();
    const answers = card.getByRole('group', { name: 'Відповіді студента' });
    expect(await answers.getByRole('term').allTextContents()).toEqual(['ПІБ студента', 'Група', 'Тема']);
    expect(await answers.getByRole('definition').allTextContents()).toEqual(['Шевченко Т. Г.', 'КН-21', TOPIC]);

    await chooseFiles(card);
    await card.getByLabel('Повідомлення студенту').fill('Розв’язок у PDF, код обчислень — у .py.');
    await card.getByRole('button', { name: 'Відправити' }).click();
    // The delivery's 'done': where the answer went, with the success haptic.
    await card.getByRole('status').getByText('Відповідь надіслано @student_demo').waitFor();
    const haptics = await page.evaluate(() => (window.__tgEvents ?? []).filter((e) => e.name === 'web_app_trigger_haptic_feedback').map((e) => e.params));
    expect(haptics).toContainEqual(expect.objectContaining({ type: 'notification', notification_type: 'success' }));
    await shoot(page, 'dev-panel-delivered-light');
    // The card stays where it was, saying so, while the developer is on the panel
    // (defects2.e2e.test.ts); opened again, the panel no longer lists the order.
    expect(await orders(page).count()).toBe(before);
    await page.reload();
    await expect.poll(() => orders(page).count(), { timeout: 20_000 }).toBe(before - 1);

    const dev = await env.apiAs(PERSONA.developer);
    const open = await dev.get<InProgressOrder[]>('/api/v1/histories/developer/in-progress');
    expect(open.some((o) => o.arguments.includes(TOPIC))).toBe(false);

    // Back as the student: the delivery waits for acceptance, with both files and the message.
    const student = await env.open({ persona: PERSONA.student, path: '/settings/history-task' });
    const item = student.getByRole('article', { name: MANUAL_TASK }).filter({ hasText: 'розв’язок.pdf' });
    await item.waitFor();
    expect(await item.getByText('Очікує перевірки').count()).toBe(1);
    expect(await item.getByRole('button', { name: 'Прийняти' }).count()).toBe(1);
    expect(await item.getByText('Розв’язок у PDF, код обчислень — у .py.').count()).toBe(1);
    expect(await item.getByRole('button', { name: /^Скачати / }).count()).toBe(2);
    const history = await (await env.apiAs(PERSONA.student)).get<HistoryItem[]>(`/api/v1/histories/user/${PERSONA.student}`);
    const done = history.find((h) => h.files.some((f) => f.fileName === 'розв’язок.pdf'))!;
    expect(done).toMatchObject({ orderStatus: 'DELIVERED', taskTitle: MANUAL_TASK });
    expect(done.files.map((f) => f.fileName)).toEqual(['розв’язок.pdf', 'обчислення.py']);
  });

  for (const theme of ['light', 'dark'] as Theme[]) {
    it(`screenshot of the dev panel with an order and chosen files (${theme})`, async () => {
      const page = await env.open({ persona: PERSONA.student, theme, path: `/list-task/${subjectId}` });
      await page.getByRole('article', { name: MANUAL_TASK }).first().getByRole('button', { name: 'Придбати' }).click();
      await page.getByLabel('ПІБ студента').fill('Коваль О.');
      await page.getByLabel('Група').fill('КН-22');
      await page.getByLabel('Тема', { exact: true }).fill(TOPIC);
      await page.getByRole('button', { name: 'Відправити' }).click();
      await page.getByRole('heading', { name: 'Замовлення прийнято' }).waitFor();

      const dev = await env.open({ persona: PERSONA.developer, theme, path: '/settings/dev-panel' });
      const card = orders(dev).last();
      await card.waitFor();
      await waitForIdle(dev);
      await expectLaidOut(dev, ['Панель розробника', MANUAL_TASK]);
      await shoot(dev, `dev-panel-${theme}`);
      await card.getByRole('button', { name: /Показати/ }).click();
      await chooseFiles(card);
      await card.getByLabel('Повідомлення студенту').fill('Готово.');
      await waitForIdle(dev);
      await expectLaidOut(dev, [TOPIC, 'розв’язок.pdf', 'обчислення.py']);
      await card.screenshot({ path: path.join(SCREENSHOTS_DIR, `dev-panel-order-${theme}.png`) });
      await card.getByRole('button', { name: /розв’язок\.pdf/ }).click();
      await dev.getByRole('dialog', { name: 'розв’язок.pdf' }).waitFor();
      await waitForIdle(dev);
      await expectLaidOut(dev, ['розв’язок.pdf', 'Скасувати']);
      await shoot(dev, `dev-panel-file-popup-${theme}`);

      // Delivered: the card says where the answer went. The queue's refresh is held back so the
      // picture does not race the moment the card leaves.
      await dev.getByRole('dialog', { name: 'розв’язок.pdf' }).getByRole('button', { name: 'Скасувати', exact: true }).click();
      let release = () => {};
      const held = new Promise<void>((r) => (release = r));
      const queue = (url: URL) => url.pathname === '/api/v1/histories/developer/in-progress';
      await dev.route(queue, async (route) => {
        await held;
        await route.continue().catch(() => undefined);
      });
      await card.getByRole('button', { name: 'Відправити' }).click();
      await card.getByRole('status').getByText('Відповідь надіслано @student_demo').waitFor();
      await card.scrollIntoViewIfNeeded();
      await dev.waitForTimeout(300);
      await expectLaidOut(dev, ['Відповідь надіслано @student_demo']);
      await shoot(dev, `dev-panel-delivered-${theme}`);
      release();
      await dev.unroute(queue);
    });
  }

  it('a long queue comes twenty at a time, the rest as the developer scrolls to its end, light and dark', async () => {
    const student = await env.apiAs(PERSONA.student);
    const developer = await env.apiAs(PERSONA.developer);
    const task = await findTask(student, SUBJECT, MANUAL_TASK);
    const queued = async () => (await developer.get<InProgressOrder[]>('/api/v1/histories/developer/in-progress')).length;
    const wanted = QUEUE_PAGE + 3;
    const missing = wanted - (await queued());
    await (await env.apiAs(PERSONA.admin)).patch('/api/v1/wallets/deposit', { userTelegramId: PERSONA.student, amount: task.price * missing });
    for (let i = 0; i < missing; i++) await buy(env, student, task.id, ['Мельник А.', 'КН-23', `${TOPIC}, варіант ${i + 1}`]);
    expect(await queued()).toBe(wanted);

    for (const theme of ['light', 'dark'] as Theme[]) {
      const page = await env.open({ persona: PERSONA.developer, theme, path: '/settings/dev-panel' });
      const more = page.getByRole('button', { name: 'Показати ще' });
      await more.waitFor();
      expect(await page.getByRole('article').count()).toBe(QUEUE_PAGE);
      // The next page comes as the list's foot scrolls into view (ui/LoadMore), no tap needed.
      await more.scrollIntoViewIfNeeded();
      await expect.poll(() => page.getByRole('article').count()).toBe(wanted);
      expect(await more.count()).toBe(0);
      await page.getByRole('article').last().scrollIntoViewIfNeeded();
      await waitForIdle(page);
      await shoot(page, `dev-panel-more-${theme}`);
      await page.close();
    }
  });

  it('the completed tab comes a page at a time too, the rest as the developer scrolls to its end, light and dark', async () => {
    const developer = await env.apiAs(PERSONA.developer);
    // The long queue of the test above, delivered: the completed tab then holds more than a page.
    for (const o of await developer.get<InProgressOrder[]>('/api/v1/histories/developer/in-progress')) {
      await deliver(env, developer, o.id, [pdf('розв’язок.pdf')]);
    }
    let completed = 0;
    for (let n = 0, found = PAGE_MAX_LIMIT; found === PAGE_MAX_LIMIT; n++) {
      found = (await developer.get<DeveloperOrder[]>(`/api/v1/histories/developer/completed?page=${n}&limit=${PAGE_MAX_LIMIT}`)).length;
      completed += found;
    }
    expect(completed).toBeGreaterThan(COMPLETED_PAGE);

    for (const theme of ['light', 'dark'] as Theme[]) {
      const page = await env.open({ persona: PERSONA.developer, theme, path: '/settings/dev-panel' });
      await page.getByRole('tab', { name: 'Виконані' }).click();
      const rows = page.getByRole('list', { name: 'Виконані замовлення' }).getByRole('listitem');
      const more = page.getByRole('button', { name: 'Показати ще' });
      await more.waitFor();
      expect(await rows.count()).toBe(COMPLETED_PAGE);
      await more.scrollIntoViewIfNeeded();
      await expect.poll(() => rows.count()).toBe(completed);
      expect(await more.count()).toBe(0);
      await rows.last().scrollIntoViewIfNeeded();
      await waitForIdle(page);
      await shoot(page, `dev-panel-completed-more-${theme}`);
      await page.close();
    }
  });

  it("a next page that fails is asked for once, with its error, and again only with 'Показати ще'", async () => {
    const page = await env.open({ persona: PERSONA.developer, path: '/settings/dev-panel' });
    const second = (url: URL) => url.pathname === '/api/v1/histories/developer/completed' && url.searchParams.get('page') === '1';
    let asked = 0;
    await page.route(second, async (route) => {
      asked++;
      await route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ message: MSG.badRequest }) });
    });
    await page.getByRole('tab', { name: 'Виконані' }).click();
    const rows = page.getByRole('list', { name: 'Виконані замовлення' }).getByRole('listitem');
    const more = page.getByRole('button', { name: 'Показати ще' });
    await more.scrollIntoViewIfNeeded();
    await page.getByRole('alert').filter({ hasText: MSG.badRequest }).waitFor();
    // The page already shown stays, and the foot stays in view: seen again, it must not ask again by itself.
    await page.waitForTimeout(1500);
    expect(asked).toBe(1);
    expect(await rows.count()).toBe(COMPLETED_PAGE);
    await shoot(page, 'dev-panel-completed-page-failed-light');
    await page.unroute(second);
    await more.click();
    await expect.poll(() => rows.count()).toBeGreaterThan(COMPLETED_PAGE);
    await page.close();
  });
});
