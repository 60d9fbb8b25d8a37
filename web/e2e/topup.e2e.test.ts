/**
 * Top-ups in the demo, end to end against the API's local fakes (api/src/modules/demo/payments.ts):
 * Stars through the emulated payment sheet (the fake Bot API sends the bot pre_checkout_query and
 * successful_payment), the card through the emulated bank jar (the statement reader finds the
 * transfer by its code). The wallet shows what the server credited; nothing is taken from the
 * client's word. Screenshots of every state of the sheet, light and dark, go to web/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { MSG, formatUah, type DepositRequest, type Wallet } from '@zalik/contract';
import { PERSONA, shoot, startE2E, waitForIdle, type E2E, themeShots } from './helpers';

/** A UAH amount as the app prints it (sign optional), whatever space the locale groups thousands with. */
const uah = (n: number, sign = '') => new RegExp(`${sign.replace('+', '\\+')}${formatUah(n).replace(/\s/g, '\\s')}`);
/** The demo reads its fake jar every 2 s (the real bank: once a minute); generous for a loaded machine. */
const BANK_READ_MS = 30_000;

describe('top-up: Stars and card in the demo', () => {
  let env: E2E;
  const balance = async () =>
    (await (await env.apiAs(PERSONA.student)).get<Wallet[]>(`/api/v1/wallets/user/${PERSONA.student}`)).find((w) => w.kind === 'general')!.balance;
  const sheetOf = (page: Page) => page.getByRole('dialog', { name: 'Поповнення гаманця' });

  const shootBoth = themeShots(() => env);

  const requestId = (page: Page) => new URL(page.url()).searchParams.get('request')!;

  beforeAll(async () => {
    env = await startE2E();
    await (await env.apiAs(PERSONA.student)).patch('/api/v1/users/me/course', { courseNumber: 1 });
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('the demo student tops up 250 грн with Stars and 100 грн by card, and the wallet shows both', async () => {
    const start = await balance();
    const page = await env.open({ persona: PERSONA.student, path: '/wallet' });
    await expect.poll(() => page.getByTestId('balance').textContent()).toMatch(uah(start));

    // Stars: the price with its fee before paying, then Telegram's sheet (emulated), then the server's PAID.
    await page.getByRole('button', { name: 'Поповнити' }).click();
    const sheet = sheetOf(page);
    await sheet.getByRole('radio', { name: uah(250) }).click();
    const stars = sheet.getByRole('radio', { name: /Telegram Stars/ });
    await stars.click();
    await stars.getByText('550 ⭐ (з комісією 10 %)').waitFor();
    await sheet.getByRole('button', { name: 'Оплатити' }).click();
    const invoice = page.getByRole('dialog', { name: /Оплата в Telegram/ });
    const payStars = invoice.getByRole('button', { name: 'Оплатити 550 ⭐' });
    // The sheet asks the fake Bot API for the invoice first; on a loaded machine that has taken
    // over 30 s once. Should it never come, say what the sheet showed instead.
    await payStars.waitFor({ timeout: 60_000 }).catch(async (err: Error) => {
      throw new Error(`${err.message}\nthe invoice sheet showed: ${(await invoice.textContent().catch(() => null)) ?? '(no sheet)'}`);
    });
    await waitForIdle(page);
    await shoot(page, 'topup-demo-invoice-light');
    await payStars.click();
    await sheet.getByText('Гаманець поповнено').waitFor({ timeout: 30_000 });
    await expect.poll(() => sheet.getByTestId('topup-balance').textContent()).toMatch(uah(start + 250));
    const starsId = requestId(page);
    const events = await page.evaluate(() => (window.__tgEvents ?? []).map((e) => e.name));
    expect(events).toContain('web_app_open_invoice');
    expect(events).toContain('web_app_trigger_haptic_feedback');
    await sheet.getByRole('button', { name: 'Готово' }).click();
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('balance').textContent()).toMatch(uah(start + 250));

    // Card: the code to keep in the comment, the bank's jar page (emulated), then the statement read.
    await page.getByRole('button', { name: 'Поповнити' }).click();
    await sheet.getByRole('radio', { name: uah(100) }).click();
    await sheet.getByRole('radio', { name: /Банківська картка/ }).click();
    await sheet.getByRole('button', { name: 'Оплатити' }).click();
    const code = (await sheet.getByTestId('deposit-code').textContent())!;
    expect(code).toMatch(/^ZLK-[A-Z2-9]{5}$/);
    const cardId = requestId(page);
    await sheet.getByText('Чекаємо на платіж').waitFor();
    await sheet.getByRole('button', { name: 'Перейти до оплати' }).click();
    const bank = page.getByRole('dialog', { name: /Банка Monobank/ });
    expect(await bank.getByLabel('Коментар до платежу').inputValue()).toBe(code);
    expect(await bank.getByLabel('Сума, грн').inputValue()).toBe('100');
    await waitForIdle(page);
    await shoot(page, 'topup-demo-bank-light');
    await bank.getByRole('button', { name: 'Надіслати переказ' }).click();
    await bank.waitFor({ state: 'detached' });
    await sheet.getByText('Гаманець поповнено').waitFor({ timeout: BANK_READ_MS });
    await expect.poll(() => sheet.getByTestId('topup-balance').textContent()).toMatch(uah(start + 350));
    await sheet.getByRole('button', { name: 'Закрити' }).click();

    // The wallet: both top-ups on top of the history, and the balance.
    await expect.poll(() => page.getByTestId('balance').textContent()).toMatch(uah(start + 350));
    const rows = page.getByRole('list', { name: 'Транзакції' }).getByRole('listitem');
    await expectRow(rows.nth(0), 100);
    await expectRow(rows.nth(1), 250);
    expect(await balance()).toBe(start + 350);
    const mine = await (await env.apiAs(PERSONA.student)).get<DepositRequest[]>('/api/v1/transactions/request/deposit/my');
    expect(mine.filter((r) => r.status === 'PAID').map((r) => [r.provider, r.credited])).toEqual([
      ['MONOBANK', 100],
      ['TELEGRAM_STARS', 250],
    ]);

    // Every state of the sheet, in both themes.
    await shootBoth('topup-amounts', PERSONA.student, '/wallet/deposit', ['Поповнення гаманця', 'Сума', 'Спосіб оплати', /Telegram Stars/]);
    await shootBoth('topup-other-amount', PERSONA.student, '/wallet/deposit', ['Поповнення гаманця', 'Інша сума, грн'], async (p) => {
      await sheetOf(p).getByRole('radio', { name: 'Інша' }).click();
      await sheetOf(p).getByLabel('Інша сума, грн').fill('99');
      await sheetOf(p).getByRole('button', { name: 'Оплатити' }).click();
    });
    await shootBoth('topup-success', PERSONA.student, `/wallet/deposit?request=${starsId}`, ['Гаманець поповнено']);
    const pending = await (await env.apiAs(PERSONA.student)).post<DepositRequest>('/api/v1/transactions/request/deposit', { amount: 250, provider: 'MONOBANK' });
    await shootBoth('topup-card-pending', PERSONA.student, `/wallet/deposit?request=${pending.id}`, ['Чекаємо на платіж', /ZLK-/]);
    expect(cardId).not.toBe(pending.id);
  }, 180_000);

  it('an admin sees the top-ups and credits a transfer that carried no code', async () => {
    // A transfer with a comment but no code: it waits for an admin. The comment is this attempt's
    // own, so a retried test finds its transfer, not the first attempt's.
    const comment = `за курсову, Олена ${Date.now() % 100_000}`;
    const res = await fetch(new URL('/api/dev/monobank/pay', env.server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 300, comment }),
    });
    expect(res.status).toBe(200);
    const start = await balance();

    await shootBoth('admin-deposits', PERSONA.admin, '/settings/admin-panel/deposits', ['Поповнення', 'Оплачені', '@student_demo']);
    const page = await env.open({ persona: PERSONA.admin, path: '/settings/admin-panel/bank-payments' });
    const item = page.getByRole('article', { name: /Платіж 300/ }).filter({ hasText: comment });
    // The next statement read (every 2 s in the demo) records it.
    for (let i = 0; i < 30 && (await item.count()) === 0; i++) {
      await page.waitForTimeout(1000);
      await page.reload();
    }
    await item.getByText(`«${comment}»`).waitFor();
    await shootBoth('admin-bank-payments', PERSONA.admin, '/settings/admin-panel/bank-payments', ['Платежі на банку', `«${comment}»`]);
    await item.getByLabel('Telegram ID користувача').fill(PERSONA.student);
    await item.getByRole('button', { name: 'Зарахувати' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Зарахувати' }).click();
    await page.getByRole('status').getByText(MSG.bankPaymentCredited).waitFor();
    await item.waitFor({ state: 'detached' });
    expect(await balance()).toBe(start + 300);

    const deposits = await env.open({ persona: PERSONA.admin, path: '/settings/admin-panel/deposits?status=PAID&provider=TELEGRAM_STARS' });
    await deposits.getByRole('article', { name: /@student_demo на 250\sгрн/ }).getByRole('button', { name: 'Повернути зірки' }).waitFor();
  }, 120_000);

  it('the privacy policy is one tap from the settings', async () => {
    const page = await env.open({ persona: PERSONA.student, path: '/settings' });
    await page.getByRole('link', { name: 'Політика конфіденційності' }).click();
    await page.getByRole('heading', { name: 'Політика конфіденційності', level: 1 }).waitFor();
    await page.getByText(/Оплату зірками обробляє Telegram, а переказ на банку — Monobank/).waitFor();
    await shootBoth('settings-privacy', PERSONA.student, '/settings/privacy', ['Політика конфіденційності', /Оплату зірками обробляє Telegram/]);
  });
});

/** A 'Поповнення' row of `amount` money in. */
async function expectRow(row: Locator, amount: number) {
  await row.getByText('Поповнення').waitFor();
  await row.getByText(uah(amount, '+')).waitFor();
}
