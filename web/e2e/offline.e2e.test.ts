/**
 * Issue 13, item 8: offline is said once, by the app's bar with 'Спробувати ще раз' (not by a
 * banner, the balance card and the list each), and an action that needs the network stays
 * inactive until the connection is back: nothing typed is lost, and the purchase happens once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG, type InProgressOrder } from '@zalik/contract';
import { expectLaidOut, PERSONA, shoot, startE2E, studentOnFirstCourse, type E2E, type Theme, waitForIdle } from './helpers';

const SUBJECT = 'Вища математика';
const MANUAL_TASK = 'Контрольна робота з лінійної алгебри';
const TOPIC = 'Власні вектори матриці 3×3';
/** Reads of the wallet screen; the rest of the app stays reachable. */
const WALLET_READS = ['**/api/v1/wallets/**', '**/api/v1/transactions/**'];

const offlineBar = (page: Page) => page.getByTestId('offline');

async function fillManualTask(page: Page): Promise<void> {
  await page.getByRole('article', { name: MANUAL_TASK }).first().getByRole('button', { name: 'Придбати' }).click();
  await page.getByRole('heading', { name: MANUAL_TASK, level: 1 }).waitFor();
  await page.getByLabel('ПІБ студента').fill('Шевченко Т. Г.');
  await page.getByLabel('Група').fill('КН-21');
  await page.getByLabel('Тема', { exact: true }).fill(TOPIC);
}

describe('offline: said once, with a retry; actions wait for the connection', () => {
  let env: E2E;
  let subjectId: string;
  /** The orders with this topic waiting in the developer's queue. */
  const ordersOfTopic = async () =>
    (await (await env.apiAs(PERSONA.developer)).get<InProgressOrder[]>('/api/v1/histories/developer/in-progress')).filter((o) =>
      o.arguments.includes(TOPIC),
    ).length;

  beforeAll(async () => {
    env = await startE2E();
    subjectId = await studentOnFirstCourse(env, SUBJECT);
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('the connection lost on a filled form: one bar, the purchase inactive, then bought once when it is back', async () => {
    const before = await ordersOfTopic();
    const page = await env.open({ persona: PERSONA.student, path: `/list-task/${subjectId}` });
    await fillManualTask(page);
    await waitForIdle(page);

    await page.context().setOffline(true);
    const send = page.getByRole('button', { name: 'Відправити' });
    await expect.poll(() => send.isDisabled(), { message: 'the purchase stays active offline' }).toBe(true);
    await offlineBar(page).getByText(MSG.networkError).waitFor();
    await offlineBar(page).getByRole('button', { name: 'Спробувати ще раз' }).waitFor();
    // The bar pushes the screen down: the task's title stays in sight.
    const overlap = async () => {
      const bar = (await offlineBar(page).boundingBox())!;
      return bar.y + bar.height - (await page.getByRole('heading', { level: 1 }).boundingBox())!.y;
    };
    await expect.poll(overlap, { timeout: 5_000 }).toBeLessThanOrEqual(0);
    // Enter in a field does not send it either.
    await page.getByLabel('Тема', { exact: true }).press('Enter');
    expect(await page.getByText(MSG.networkError).count()).toBe(1);

    await page.context().setOffline(false);
    await offlineBar(page).waitFor({ state: 'detached' });
    await expect.poll(() => send.isDisabled()).toBe(false);
    // Nothing typed was lost.
    expect(await page.getByLabel('Тема', { exact: true }).inputValue()).toBe(TOPIC);
    expect(await ordersOfTopic()).toBe(before);
    await send.click();
    await page.getByRole('heading', { name: 'Замовлення прийнято' }).waitFor();
    expect(await ordersOfTopic()).toBe(before + 1);
  });

  it('the server out of reach: the wallet says so once, its top-up waits, and the retry brings it back', async () => {
    const page = await env.open({ persona: PERSONA.student, path: '/' });
    await waitForIdle(page);
    const attempts = new Map<string, number>();
    for (const url of WALLET_READS) {
      await page.route(url, (route) => {
        attempts.set(url, (attempts.get(url) ?? 0) + 1);
        return route.abort('internetdisconnected');
      });
    }
    await page.getByRole('navigation', { name: 'Головне меню' }).getByRole('link', { name: 'Гаманець' }).click();

    await page.getByText(MSG.networkError).first().waitFor({ timeout: 20_000 });
    // Every read that went out has given up (a first try and two retries) and shown what it shows.
    await expect.poll(() => [...attempts.values()].every((n) => n >= 3) && attempts.size > 0, { timeout: 20_000 }).toBe(true);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    // The bar alone says it: not a banner, the balance card or the list as well.
    expect(await page.getByText(MSG.networkError).count(), 'times the offline message is on screen').toBe(1);
    await offlineBar(page).getByText(MSG.networkError).waitFor();
    expect(await page.getByRole('button', { name: 'Поповнити' }).isDisabled()).toBe(true);

    for (const url of WALLET_READS) await page.unroute(url);
    await offlineBar(page).getByRole('button', { name: 'Спробувати ще раз' }).click();
    await offlineBar(page).waitFor({ state: 'detached' });
    await page.getByTestId('balance').waitFor();
    await page.getByRole('list', { name: 'Транзакції' }).getByRole('listitem').first().waitFor();
    expect(await page.getByRole('button', { name: 'Поповнити' }).isDisabled()).toBe(false);
  });

  it('a red banner raised while the bar shows sits under it, and both push the screen down', async () => {
    const page = await env.open({ persona: PERSONA.admin, path: '/' });
    await waitForIdle(page);
    // Reads do not reach the server; a save still does (and is refused: the name is taken).
    await page.route('**/api/v1/**', (route) => (route.request().method() === 'GET' ? route.abort('internetdisconnected') : route.continue()));
    await page.getByRole('navigation', { name: 'Головне меню' }).getByRole('link', { name: 'Гаманець' }).click();
    await offlineBar(page).waitFor({ timeout: 20_000 });
    await page.getByRole('navigation', { name: 'Головне меню' }).getByRole('link', { name: 'Завдання' }).click();
    await page.getByRole('button', { name: '+ Додати предмет' }).click();
    await page.getByLabel('Назва предмета').fill(SUBJECT);
    await page.getByRole('button', { name: 'Додати предмет' }).click();
    const banner = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Закрити' }) });
    await banner.waitFor();

    // Measured well inside the banner's own few seconds on screen.
    const box = async (l: ReturnType<Page['locator']>) => (await l.boundingBox({ timeout: 1_000 }))!;
    const gaps = async () => {
      const [bar, red, title] = [await box(offlineBar(page)), await box(banner), await box(page.getByRole('heading', { level: 1 }))];
      return Math.min(red.y - (bar.y + bar.height), title.y - (red.y + red.height));
    };
    await expect.poll(gaps, { timeout: 2_000 }).toBeGreaterThanOrEqual(0);
    await shoot(page, 'offline-with-banner-light');
  });

  it('a screen whose code never arrived opens offline inside the app: tab bar, back button, one retry', async () => {
    // Its chunk never arrives (as if the phone went offline before the prefetch fetched it).
    const chunk = '**/assets/SupportScreen-*.js';
    const page = await env.open({ persona: PERSONA.student, path: '/settings', unreachable: [chunk] });
    const support = page.getByRole('link', { name: 'Зв’язатися з підтримкою' });
    await support.waitFor();
    await page.context().setOffline(true);
    await support.click();
    await page.getByText(MSG.screenOffline).waitFor();
    // Still the app: the tab bar, and exactly one retry (the offline bar's).
    expect(await page.getByRole('navigation').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Спробувати ще раз' }).count()).toBe(1);
    expect(await page.getByText(MSG.appLoadFailed).count()).toBe(0);
    await expectLaidOut(page, [MSG.screenOffline]);
    await shoot(page, 'offline-screen-not-loaded');

    // Back online: one retry, on the screen, and it opens the screen.
    await page.context().unroute(chunk);
    await page.context().setOffline(false);
    const retry = page.getByRole('button', { name: 'Спробувати ще раз' });
    await expect.poll(() => retry.count()).toBe(1);
    await retry.click();
    await page.getByRole('heading', { name: 'Підтримка' }).waitFor();
  });

  for (const theme of ['light', 'dark'] as Theme[]) {
    it(`screenshots of the offline bar (${theme})`, async () => {
      const wallet = await env.open({ persona: PERSONA.student, theme, path: '/wallet' });
      await waitForIdle(wallet);
      await wallet.context().setOffline(true);
      await offlineBar(wallet).waitFor();
      await wallet.waitForTimeout(300);
      await expectLaidOut(wallet, [MSG.networkError, 'Спробувати ще раз', 'Гаманець']);
      await shoot(wallet, `offline-wallet-${theme}`);

      const form = await env.open({ persona: PERSONA.student, theme, path: `/list-task/${subjectId}` });
      await fillManualTask(form);
      await waitForIdle(form);
      await form.context().setOffline(true);
      await offlineBar(form).waitFor();
      await form.waitForTimeout(300);
      await expectLaidOut(form, [MSG.networkError, MANUAL_TASK]);
      expect(await form.getByRole('button', { name: 'Відправити' }).isDisabled(), 'the purchase waits for the connection').toBe(true);
      await shoot(form, `offline-buying-${theme}`);
    });
  }
});
