/**
 * Issue 15's screens at 390x844, light and dark, into web/screenshots: the student's history
 * with orders in every state and its sheets, the dev panel's deadlines, cancel and completed
 * tab, the admin's disputes and a user's history with 'Замінити файли', and the deadline on the
 * buying and result screens of a manual task. Each shot also checks what the screen must show
 * and that it fits the phone's width (expectLaidOut).
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PERSONA, startE2E, type ApiAs, type E2E, themeShots } from './helpers';
import { buy, deliver, findTask, pdf } from './orders';

describe('escrow screens', () => {
  let env: E2E;
  let student: ApiAs;
  let dev: ApiAs;
  let admin: ApiAs;

  const shootBoth = themeShots(() => env);

  beforeAll(async () => {
    env = await startE2E();
    [student, dev, admin] = await Promise.all([env.apiAs(PERSONA.student), env.apiAs(PERSONA.developer), env.apiAs(PERSONA.admin)]);
    await student.patch('/api/v1/users/me/course', { courseNumber: 1 });
    await admin.patch('/api/v1/wallets/deposit', { userTelegramId: PERSONA.student, amount: 3000 });
    const task = (subject: string, title: string) => findTask(admin, subject, title);
    const values = ['Шевченко Т. Г.', 'КН-21', 'Рекурсивні алгоритми'];

    // Oldest first, so the history opens on the delivery to accept.
    const accepted = await buy(env, student, (await task('Програмування', 'Практична робота: рекурсія')).id, values);
    await deliver(env, dev, accepted.id, [pdf('рекурсія.pdf')], 'Готово.');
    await student.post(`/api/v1/histories/${accepted.id}/accept`);

    const essay = await buy(env, student, (await task('Англійська мова', 'Есе: My Future Profession')).id, values);
    await dev.patch('/api/v1/histories/developer/cancel', { id: essay.id, reason: 'Тема поза моєю спеціалізацією.' });

    const course = await buy(env, student, (await task('Програмування', 'Курсова робота: консольний застосунок')).id, [...values, 'Python']);
    await deliver(env, dev, course.id, [pdf('курсова.pdf'), pdf('main.pdf')], 'Курсова з кодом у додатку.');
    await student.post(`/api/v1/histories/${course.id}/dispute`, { reason: 'Програма не запускається: бракує модуля menu.' });

    await buy(env, student, (await task('Вища математика', 'Розрахункова робота: інтеграли')).id, ['Шевченко Т. Г.', 'КН-21', '7']);

    const mechanics = await task('Фізика', 'Контрольна робота: механіка');
    await admin.patch(`/api/v1/tasks/${mechanics.id}`, { deadlineHours: 0.0006 });
    await buy(env, student, mechanics.id, values);

    const algebra = await buy(env, student, (await task('Вища математика', 'Контрольна робота з лінійної алгебри')).id, values);
    await deliver(env, dev, algebra.id, [pdf('розв’язок.pdf')], 'Розв’язок з поясненнями до кожного кроку.');
  });
  afterAll(async () => {
    await env?.stop();
  });

  const history = '/settings/history-task';
  const first = (page: Page) => page.getByRole('article').first();

  it("the student's history: orders in every state", async () => {
    await shootBoth('escrow-history', PERSONA.student, history, ['Історія завдань', 'Контрольна робота з лінійної алгебри']);
    await shootBoth('escrow-history-more', PERSONA.student, history, ['Курсова робота: консольний застосунок'], async (page) => {
      // Its top just under the demo's header bar.
      await page.getByRole('article', { name: 'Курсова робота: консольний застосунок' }).evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 56));
    });
  });

  it("the history's confirmation and sheets", async () => {
    await shootBoth('escrow-history-accept', PERSONA.student, history, ['Прийняти роботу?'], async (page) => {
      await first(page).getByRole('button', { name: 'Прийняти' }).click();
    });
    await shootBoth('escrow-history-revision', PERSONA.student, history, ['Доопрацювання', 'Що потрібно доопрацювати'], async (page) => {
      await first(page).getByRole('button', { name: 'Доопрацювати' }).click();
      await page.getByLabel('Що потрібно доопрацювати').fill('У кроці 3 інший визначник: перевірте, будь ласка.');
    });
    await shootBoth('escrow-history-dispute', PERSONA.student, history, ['Відкрити спір'], async (page) => {
      await first(page).getByRole('button', { name: 'Відкрити спір' }).click();
    });
    await shootBoth('escrow-history-reprocess', PERSONA.student, history, ['Згенерувати ще раз', 'Згенерувати'], async (page) => {
      await page.getByRole('button', { name: 'Згенерувати ще раз' }).first().click();
    });
  });

  it('the dev panel: deadlines, the cancel and the completed orders', async () => {
    const panel = '/settings/dev-panel';
    await shootBoth('escrow-dev-panel', PERSONA.developer, panel, ['Панель розробника'], async (page) => {
      await page.getByTestId('order-deadline').last().evaluate((el) => el.scrollIntoView({ block: 'center' }));
    });
    await shootBoth('escrow-dev-panel-cancel', PERSONA.developer, panel, ['Скасувати замовлення', /отримає назад усю оплату/], async (page) => {
      await page.getByRole('button', { name: 'Скасувати замовлення' }).first().click();
      await page.getByLabel('Причина').fill('Не встигаю через хворобу.');
    });
    await shootBoth('escrow-dev-panel-completed', PERSONA.developer, `${panel}?tab=done`, ['Панель розробника', 'Практична робота: рекурсія']);
  });

  it("admins: the disputes and a user's history", async () => {
    await shootBoth('escrow-admin-panel', PERSONA.admin, '/settings/admin-panel', ['Адмін-панель']);
    await shootBoth('escrow-admin-disputes', PERSONA.admin, '/settings/admin-panel/disputes', ['Спори', 'Курсова робота: консольний застосунок']);
    await shootBoth('escrow-admin-disputes-end', PERSONA.admin, '/settings/admin-panel/disputes', ['Виплатити розробнику'], async (page) => {
      await page.getByRole('button', { name: 'Виплатити розробнику' }).evaluate((el) => el.scrollIntoView({ block: 'end' }));
    });
    const userHistory = `/settings/admin-panel/profile/history-task?telegramId=${PERSONA.student}`;
    await shootBoth('escrow-admin-history', PERSONA.admin, userHistory, ['Історія завдань', `Telegram ID ${PERSONA.student}`]);
    await shootBoth('escrow-admin-replace-files', PERSONA.admin, userHistory, ['Замінити файли', 'розв’язок-виправлений.pdf'], async (page) => {
      await first(page).getByRole('button', { name: 'Замінити файли' }).click();
      await page.getByTestId('replace-files').setInputFiles([pdf('розв’язок-виправлений.pdf')]);
      await page.getByText('розв’язок-виправлений.pdf').waitFor();
    });
  });

  it("a manual task's deadline on the buying and result screens", async () => {
    const task = await findTask(admin, 'Вища математика', 'Контрольна робота з лінійної алгебри');
    const path = `/list-task/${task.teacher.subject.id}/buying-task?taskId=${task.id}&teacherId=${task.teacherId}`;
    await shootBoth('escrow-buying-manual', PERSONA.student, path, ['Контрольна робота з лінійної алгебри', 'Відправити']);
    await shootBoth('escrow-result-manual', PERSONA.student, path, ['Замовлення прийнято'], async (page) => {
      await page.getByLabel('ПІБ студента').fill('Шевченко Т. Г.');
      await page.getByLabel('Група').fill('КН-21');
      await page.getByLabel('Тема', { exact: true }).fill('Власні вектори');
      await page.getByRole('button', { name: 'Відправити' }).click();
      await page.getByRole('heading', { name: 'Замовлення прийнято' }).waitFor();
    });
  });
});
