/**
 * Issue 29's money states and confirmations in the demo, end to end: the card top-up's waiting
 * step (after the bank page was opened the sheet no longer offers to pay again, and the wallet
 * lists the waiting top-up with its code in one piece, reopenable), an admin's top-up that names
 * its amount before anything is sent, the buying button that names what it spends, and the held
 * price explained on the result screen and the order card. Screenshots, light and dark, go to
 * web/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG, formatUah, purchasePrice, type DepositRequest } from '@zalik/contract';
import { PERSONA, shoot, startE2E, waitForIdle, type ApiAs, type E2E, themeShots } from './helpers';
import { balanceOf, buy, deliver, findTask, pdf } from './orders';

/** The demo reads its fake jar every 2 s (the real bank: once a minute); generous for a loaded machine. */
const BANK_READ_MS = 30_000;
/** formatUah's no-break spaces, as any whitespace. */
const uah = (n: number) => formatUah(n).replace(/\s/g, '\\s');
const values = ['Шевченко Т. Г.', 'КН-21', 'Рекурсивні алгоритми'];

describe('money states and confirmations', () => {
  let env: E2E;
  let student: ApiAs;
  let dev: ApiAs;
  let admin: ApiAs;
  const shootBoth = themeShots(() => env);
  const sheetOf = (page: Page) => page.getByRole('dialog', { name: 'Поповнення гаманця' });
  const pendingList = (page: Page) => page.getByRole('list', { name: MSG.depositPendingTitle });

  /** On the sheet of a card request: to the bank page (emulated) and back without paying. */
  const openBankAndLeave = async (page: Page) => {
    const sheet = sheetOf(page);
    await sheet.getByRole('button', { name: 'Перейти до оплати' }).click();
    const bank = page.getByRole('dialog', { name: /Банка Monobank/ });
    await bank.waitFor();
    await bank.getByRole('button', { name: 'Закрити' }).click();
    await bank.waitFor({ state: 'detached' });
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

  it('card top-up: after the bank page the sheet waits instead of offering to pay twice; the wallet keeps the top-up, reopenable', async () => {
    const start = await balanceOf(student, PERSONA.student);
    const page = await env.open({ persona: PERSONA.student, path: '/wallet' });
    await page.getByRole('button', { name: 'Поповнити' }).click();
    const sheet = sheetOf(page);
    await sheet.getByRole('radio', { name: new RegExp(uah(100)) }).click();
    await sheet.getByRole('radio', { name: /Банківська картка/ }).click();
    await sheet.getByRole('button', { name: 'Оплатити' }).click();
    const code = (await sheet.getByTestId('deposit-code').textContent())!;
    expect(code).toMatch(/^ZLK-[A-Z2-9]{5}$/);

    await openBankAndLeave(page);
    // The waiting step: the code and the amount stay, the main button waits, the bank is a secondary tap.
    expect(await sheet.getByRole('button', { name: 'Перейти до оплати' }).count()).toBe(0);
    expect(await sheet.getByRole('button', { name: MSG.depositWaiting }).isDisabled()).toBe(true);
    await sheet.getByText(MSG.depositBankDelay).waitFor();
    expect(await sheet.getByTestId('deposit-code').textContent()).toBe(code);
    await waitForIdle(page);
    await shoot(page, 'money-topup-waiting-light');

    // Closed unpaid: the wallet lists it with its code on one line and its status.
    await sheet.getByRole('button', { name: 'Закрити' }).click();
    await sheet.waitFor({ state: 'detached' });
    const row = pendingList(page).getByRole('listitem').filter({ hasText: code });
    await row.getByText(MSG.depositPendingStatus).waitFor();
    expect(await row.getByText(code).evaluate((el) => el.getClientRects().length)).toBe(1);
    await waitForIdle(page);
    await shoot(page, 'money-wallet-pending-light');

    // Reopened from the wallet: still the wait; the bank page again, paid this time.
    await row.getByRole('link').click();
    await sheet.getByRole('button', { name: MSG.depositWaiting }).waitFor();
    await sheet.getByRole('button', { name: MSG.depositOpenBankAgain }).click();
    const bank = page.getByRole('dialog', { name: /Банка Monobank/ });
    expect(await bank.getByLabel('Коментар до платежу').inputValue()).toBe(code);
    await bank.getByRole('button', { name: 'Надіслати переказ' }).click();
    await sheet.getByText('Гаманець поповнено').waitFor({ timeout: BANK_READ_MS });
    await sheet.getByRole('button', { name: 'Готово' }).click();
    await sheet.waitFor({ state: 'detached' });
    await pendingList(page).waitFor({ state: 'detached' });
    expect(await balanceOf(student, PERSONA.student)).toBe(start + 100);
    await page.close();

    // Both themes: a fresh request's waiting step, and the wallet listing it.
    const waiting = await student.post<DepositRequest>('/api/v1/transactions/request/deposit', { amount: 250, provider: 'MONOBANK' });
    await shootBoth('money-topup-waiting', PERSONA.student, `/wallet/deposit?request=${waiting.id}`, [MSG.depositWaiting, waiting.comment!], openBankAndLeave);
    await shootBoth('money-wallet-pending', PERSONA.student, '/wallet', [MSG.depositPendingTitle, waiting.comment!, MSG.depositPendingStatus]);
  }, 180_000);

  it("an admin's top-up names the amount and is sent only once confirmed", async () => {
    const start = await balanceOf(student, PERSONA.student);
    const path = `/settings/admin-panel/profile/wallet?telegramId=${PERSONA.student}`;
    const ask = async (page: Page) => {
      await page.getByLabel(/Поповнити загальний гаманець/).fill('300');
      await page.getByRole('button', { name: 'Поповнити · 300 грн', exact: true }).click();
      await page.getByRole('alertdialog', { name: 'Підтвердіть поповнення' }).waitFor();
    };
    await shootBoth('money-admin-topup-confirm', PERSONA.admin, path, ['Підтвердіть поповнення'], ask);

    const page = await env.open({ persona: PERSONA.admin, path });
    await ask(page);
    const dialog = page.getByRole('alertdialog');
    expect((await dialog.textContent())!.replace(/\s/g, ' ')).toContain(MSG.adminTopUpConfirm(formatUah(300), PERSONA.student).replace(/\s/g, ' '));
    await dialog.getByRole('button', { name: 'Скасувати' }).click();
    expect(await balanceOf(student, PERSONA.student)).toBe(start);
    await page.getByRole('button', { name: 'Поповнити · 300 грн', exact: true }).click();
    await dialog.getByRole('button', { name: 'Поповнити' }).click();
    await page.getByRole('status').getByText(/Зараховано/).waitFor();
    expect(await balanceOf(student, PERSONA.student)).toBe(start + 300);
  }, 120_000);

  it('the buying button names what it spends; the result and the order card say the price is held until acceptance', async () => {
    const task = await findTask(admin, 'Вища математика', 'Контрольна робота з лінійної алгебри');
    const path = `/list-task/${task.teacher.subject.id}/buying-task?taskId=${task.id}&teacherId=${task.teacherId}`;
    const price = purchasePrice({ telegramId: PERSONA.student, isAdmin: false }, { price: task.price, discount: task.discount, developerId: task.developer.telegramId });
    const label = MSG.sendFor(formatUah(price));
    await shootBoth('money-buying-button', PERSONA.student, path, ['Контрольна робота з лінійної алгебри', label]);

    // Bought in each theme: the button's amount is what the server then charged, held until her acceptance.
    await shootBoth('money-result-held', PERSONA.student, path, ['Замовлення прийнято', MSG.heldLabel], async (page) => {
      await page.getByLabel('ПІБ студента').fill(values[0]!);
      await page.getByLabel('Група').fill(values[1]!);
      await page.getByLabel('Тема', { exact: true }).fill('Власні вектори');
      await page.getByRole('button', { name: label }).click();
      await page.getByRole('heading', { name: 'Замовлення прийнято' }).waitFor();
      const held = (await page.getByTestId('result-held').textContent())!;
      expect(held).toMatch(new RegExp(`^${uah(price)} утримуються до вашого прийняття відповіді \\(розробник здає її до .+\\)\\. Якщо замовлення скасують`));
    });

    // A delivered order: held until the window ends, then the developer's by itself.
    const course = await buy(env, student, (await findTask(admin, 'Програмування', 'Практична робота: рекурсія')).id, values);
    await deliver(env, dev, course.id, [pdf('рекурсія.pdf')], 'Готово.');
    const history = '/settings/history-task';
    await shootBoth('money-history-held', PERSONA.student, history, [/утримуються до кінця цього строку: тоді сума сама перейде розробнику/, /утримуються до вашого прийняття/]);
  }, 180_000);
});
