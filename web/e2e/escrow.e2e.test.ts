/**
 * Issue 15, orders students can trust, in the browser against the real API: the student
 * accepts a delivery; asks for a revision and receives a second delivery; cancels an overdue
 * order and sees the refund in the wallet; the developer cancels with a reason; a regeneration
 * replaces the file; an admin decides a dispute.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import PizZip from 'pizzip';
import type { Locator, Page } from 'playwright-core';
import { formatUah, type HistoryItem } from '@zalik/contract';
import { PERSONA, startE2E, waitForIdle, type ApiAs, type E2E } from './helpers';
import { balanceOf, buy, deliver, findTask, orderOf, pdf } from './orders';

/** Money as text, whatever space the browser's locale groups thousands with. */
const norm = (s: string | null) => (s ?? '').replace(/\s/g, ' ');
const haptics = (page: Page) =>
  page.evaluate(() => (window.__tgEvents ?? []).filter((e) => e.name === 'web_app_trigger_haptic_feedback').map((e) => e.params));
const successHaptic = expect.objectContaining({ type: 'notification', notification_type: 'success' });

describe('escrow: what the student, the developer and an admin do with an order', () => {
  let env: E2E;
  let student: ApiAs;
  let dev: ApiAs;
  let admin: ApiAs;
  const history = () => env.open({ persona: PERSONA.student, path: '/settings/history-task' });
  const card = (page: Page, title: string, hasText?: string): Locator => {
    const cards = page.getByRole('article', { name: title });
    return hasText ? cards.filter({ hasText }) : cards.first();
  };

  beforeAll(async () => {
    env = await startE2E();
    [student, dev, admin] = await Promise.all([env.apiAs(PERSONA.student), env.apiAs(PERSONA.developer), env.apiAs(PERSONA.admin)]);
    await student.patch('/api/v1/users/me/course', { courseNumber: 1 });
    await admin.patch('/api/v1/wallets/deposit', { userTelegramId: PERSONA.student, amount: 3000 });
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('the student accepts a delivery and the money goes to the developer', async () => {
    const task = await findTask(student, 'Вища математика', 'Контрольна робота з лінійної алгебри');
    const order = await buy(env, student, task.id, ['Шевченко Т. Г.', 'КН-21', 'Власні вектори']);
    expect(order.deadlineAt).not.toBeNull();
    await deliver(env, dev, order.id, [pdf('власні-вектори.pdf')], 'Розв’язок з поясненнями.');
    const earnedBefore = await balanceOf(dev, PERSONA.developer, 'dev');

    const page = await history();
    const item = card(page, task.title, 'Розв’язок з поясненнями.');
    await item.getByText('Очікує перевірки').waitFor();
    expect(await item.getByTestId('order-state').textContent()).toMatch(/^Прийміть або попросіть доопрацювання до \d+ \S+, \d\d:\d\d, \d{4}$/);
    await item.getByRole('button', { name: 'Прийняти' }).click();
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.textContent()).toContain(`${formatUah(200)} буде передано розробнику`);
    await confirm.getByRole('button', { name: 'Прийняти' }).click();
    await page.getByRole('status').getByText('Роботу прийнято, кошти передано розробнику').waitFor();
    await item.getByText('Виконано').waitFor();
    expect(await item.getByRole('button', { name: 'Прийняти' }).count()).toBe(0);
    expect(await haptics(page)).toContainEqual(successHaptic);

    expect((await orderOf(student, order.id)).orderStatus).toBe('DONE');
    expect(await balanceOf(dev, PERSONA.developer, 'dev')).toBeGreaterThan(earnedBefore);
  });

  it('the student asks for a revision and receives a second delivery', async () => {
    const task = await findTask(student, 'Програмування', 'Практична робота: рекурсія');
    const order = await buy(env, student, task.id, ['Шевченко Т. Г.', 'КН-21', 'Ханойські вежі']);
    await deliver(env, dev, order.id, [pdf('версія-1.pdf')], 'Перша версія.');

    const page = await history();
    const item = card(page, task.title);
    await item.getByText('Очікує перевірки').waitFor();
    await item.getByRole('button', { name: 'Доопрацювати' }).click();
    const sheet = page.getByRole('dialog', { name: 'Доопрацювання' });
    await sheet.getByText('Залишилося доопрацювань: 2.').waitFor();
    await sheet.getByLabel('Що потрібно доопрацювати').fill('Додайте блок-схему алгоритму.');
    await sheet.getByRole('button', { name: 'Надіслати на доопрацювання' }).click();
    await page.getByRole('status').getByText('Запит на доопрацювання надіслано розробнику').waitFor();
    await item.getByText('В роботі').waitFor();
    await item.getByText('Додайте блок-схему алгоритму.').waitFor();
    expect(await item.getByTestId('order-state').textContent()).toMatch(/^(Виконати до|Строк виконання минув) /);

    // The developer sees what to change and sends the second version from the dev panel.
    const panel = await env.open({ persona: PERSONA.developer, path: '/settings/dev-panel' });
    const open = panel.getByRole('article', { name: `Замовлення: ${task.title}` });
    await open.getByText('Доопрацювання №1: що змінити').waitFor();
    await open.getByText('Додайте блок-схему алгоритму.').waitFor();
    await open.getByTestId('add-files').setInputFiles([pdf('версія-2.pdf')]);
    await open.getByText('версія-2.pdf').waitFor();
    await open.getByLabel('Повідомлення студенту').fill('Друга версія з блок-схемою.');
    await open.getByRole('button', { name: 'Відправити' }).click();
    await open.getByRole('status').getByText('Відповідь надіслано @student_demo').waitFor();

    await page.reload();
    const again = card(page, task.title);
    await again.getByText('Очікує перевірки').waitFor();
    await again.getByText('Друга версія з блок-схемою.').waitFor();
    await again.getByRole('button', { name: 'Скачати версія-2.pdf' }).waitFor();
    expect(await again.getByText('версія-1.pdf').count()).toBe(0);
    await again.getByRole('button', { name: 'Доопрацювати' }).click();
    await page.getByRole('dialog', { name: 'Доопрацювання' }).getByText('Залишилося доопрацювань: 1.').waitFor();
    const after = await orderOf(student, order.id);
    expect(after).toMatchObject({ orderStatus: 'DELIVERED', revisionsLeft: 1, message: 'Друга версія з блок-схемою.' });
    expect(after.files.map((f) => f.fileName)).toEqual(['версія-2.pdf']);
  });

  it('the student cancels an overdue order and sees the refund in the wallet', async () => {
    const task = await findTask(admin, 'Фізика', 'Контрольна робота: механіка');
    // The task's own deadline, about two seconds: the order is overdue almost at once.
    await admin.patch(`/api/v1/tasks/${task.id}`, { deadlineHours: 0.0006 });
    const before = await balanceOf(student, PERSONA.student);
    const order = await buy(env, student, task.id, ['Шевченко Т. Г.', 'КН-21', 'Закони Ньютона']);
    expect(await balanceOf(student, PERSONA.student)).toBe(before - task.price);
    await expect.poll(async () => (await orderOf(student, order.id)).overdue, { timeout: 15_000 }).toBe(true);

    const page = await history();
    const item = card(page, task.title);
    expect(await item.getByTestId('order-state').textContent()).toMatch(/^Строк виконання минув /);
    await item.getByRole('button', { name: 'Скасувати й повернути кошти' }).click();
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.textContent()).toContain(`${formatUah(task.price)} повернуться на ваш баланс`);
    await confirm.getByRole('button', { name: 'Повернути кошти' }).click();
    await page.getByRole('status').getByText(`Замовлення скасовано: ${formatUah(task.price)} повернуто на баланс`).waitFor();
    await item.getByText('Кошти повернуто').waitFor();
    await item.getByText(`Замовлення скасовано після строку виконання. ${formatUah(task.price)} повернуто на ваш баланс.`).waitFor();

    await page.getByRole('navigation').getByRole('link', { name: 'Гаманець' }).click();
    await expect.poll(async () => norm(await page.getByTestId('balance').textContent())).toBe(norm(formatUah(before)));
    const list = page.getByRole('list', { name: 'Транзакції' });
    await list.getByRole('listitem').filter({ hasText: `Повернення коштів: ${task.title}` }).getByText(`+${formatUah(task.price)}`).waitFor();
  });

  it('the developer cancels an order with a reason the student reads in the history', async () => {
    const task = await findTask(student, 'Англійська мова', 'Есе: My Future Profession');
    const before = await balanceOf(student, PERSONA.student);
    await buy(env, student, task.id, ['Шевченко Т. Г.', 'КН-21', 'Software engineer']);

    const panel = await env.open({ persona: PERSONA.developer, path: '/settings/dev-panel' });
    const open = panel.getByRole('article', { name: `Замовлення: ${task.title}` });
    await open.getByRole('button', { name: 'Скасувати замовлення' }).click();
    const sheet = panel.getByRole('dialog', { name: 'Скасувати замовлення' });
    await sheet.getByRole('button', { name: 'Скасувати замовлення' }).click();
    await sheet.getByRole('alert').waitFor();
    await sheet.getByLabel('Причина').fill('Тема поза моєю спеціалізацією.');
    await sheet.getByRole('button', { name: 'Скасувати замовлення' }).click();
    await panel.getByRole('alertdialog').getByRole('button', { name: 'Скасувати замовлення' }).click();
    await open.getByRole('status').getByText('Замовлення скасовано: кошти повернуто @student_demo').waitFor();
    expect(await haptics(panel)).toContainEqual(successHaptic);
    // The card stays where it was, saying so, while the developer is on the panel (defects2.e2e).
    expect(await open.count()).toBe(1);

    const page = await history();
    const item = card(page, task.title);
    await item.getByText('Кошти повернуто').waitFor();
    await item.getByText(`Розробник скасував замовлення. ${formatUah(task.price)} повернуто на ваш баланс.`).waitFor();
    await item.getByText('Тема поза моєю спеціалізацією.').waitFor();
    expect(await balanceOf(student, PERSONA.student)).toBe(before);
  });

  it('a regeneration replaces the file with one made from the corrected values', async () => {
    const task = await findTask(student, 'Вища математика', 'Розрахункова робота: інтеграли');
    const order = await buy(env, student, task.id, ['Шевченко Т. Г.', 'КН-21', '7']);
    const old = await orderOf(student, order.id);

    const page = await history();
    const item = card(page, task.title);
    await item.getByRole('button', { name: 'Згенерувати ще раз' }).click();
    const sheet = page.getByRole('dialog', { name: 'Згенерувати ще раз' });
    expect(await sheet.getByRole('textbox').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual(['Шевченко Т. Г.', 'КН-21', '7']);
    // Each value is labelled with the task's argument, as on the purchase's form.
    await sheet.getByLabel('Варіант').fill('8');
    await sheet.getByRole('button', { name: 'Згенерувати' }).click();
    await page.getByRole('status').getByText('Файл згенеровано заново').waitFor();
    await expect.poll(() => item.getByRole('button', { name: 'Згенерувати ще раз' }).count()).toBe(0);
    await waitForIdle(page);
    expect(await item.getByRole('button', { name: /^Скачати / }).count()).toBe(1);

    const now: HistoryItem = await orderOf(student, order.id);
    expect(now).toMatchObject({ orderStatus: 'DONE', allowedReprocess: false, arguments: ['Шевченко Т. Г.', 'КН-21', '8'] });
    expect(now.files).toHaveLength(1);
    expect(now.files[0]!.link).not.toBe(old.files[0]!.link);
    const file = Buffer.from(await (await fetch(now.files[0]!.link)).arrayBuffer());
    expect(new PizZip(file).file('word/document.xml')!.asText()).toContain('Варіант: 8');
  });

  it('an admin sees a dispute with its history and returns the money to the student', async () => {
    const task = await findTask(student, 'Програмування', 'Курсова робота: консольний застосунок');
    const before = await balanceOf(student, PERSONA.student);
    const order = await buy(env, student, task.id, ['Шевченко Т. Г.', 'КН-21', 'Калькулятор', 'Python']);
    await deliver(env, dev, order.id, [pdf('курсова.pdf')], 'Курсова готова.');
    await student.post(`/api/v1/histories/${order.id}/dispute`, { reason: 'Програма не запускається.' });

    const page = await env.open({ persona: PERSONA.admin, path: '/settings/admin-panel' });
    await page.getByRole('link', { name: /Спори/ }).click();
    const dispute = page.getByRole('article', { name: task.title });
    await dispute.getByText('Програма не запускається.').first().waitFor();
    await dispute.getByRole('button', { name: 'Скачати курсова.pdf' }).waitFor();
    const events = dispute.getByRole('list', { name: 'Історія замовлення' }).getByRole('listitem');
    expect((await events.allTextContents()).map((e) => e.split(' · ')[0])).toEqual(['Оплачено', 'Відповідь надіслано', 'Відкрито спір']);
    await dispute.getByRole('button', { name: 'Повернути студенту' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Повернути' }).click();
    await page.getByRole('status').getByText('Кошти повернуто студенту').waitFor();
    await expect.poll(() => dispute.count()).toBe(0);
    expect((await orderOf(student, order.id)).orderStatus).toBe('REFUNDED');
    expect(await balanceOf(student, PERSONA.student)).toBe(before);
  });
});
