/**
 * Issue 24, the conversation of an order: the demo student and the demo developer, each in a
 * browser of their own, chat live in the demo's open order (the demo seeded its first lines):
 * a message with a file reaches the developer without a reload, the answer comes back, the read
 * marks turn ✓✓, a contact is masked after the warning; the history card and the settings menu
 * show the unread badge. Screenshots of the thread in both themes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CONTACT_MASK, MSG, type HistoryItem } from '@zalik/contract';
import { PERSONA, expectLaidOut, shoot, startE2E, type E2E, type Theme } from './helpers';
import { pdf } from './orders';

/**
 * A thread keeps its live stream open, so the network never goes idle (waitForIdle's test):
 * settled here means no skeleton or spinner, fonts loaded, two frames painted.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]') && document.fonts.status === 'loaded', null, { timeout: 15_000 });
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

const bubble = (page: Page, text: string) => page.getByTestId('thread-message').filter({ hasText: text });

describe('the thread of an order', () => {
  let env: E2E;
  let orderId: string;
  // Every order's card has one (auto-generated ones too): this order's.
  const threadButton = (page: Page) => page.locator(`[data-testid="thread-button"][href$="/chat/${orderId}"]`);

  beforeAll(async () => {
    env = await startE2E();
    const student = await env.apiAs(PERSONA.student);
    await student.patch('/api/v1/users/me/course', { courseNumber: 1 });
    const history = await student.get<HistoryItem[]>(`/api/v1/histories/user/${PERSONA.student}`);
    // The demo's open manual order with the developer, where the seed wrote a conversation.
    orderId = history.find((h) => !h.autoGenerate && h.status === 'IN_PROGRESS' && h.unread > 0)!.id;
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('shows what is unread on the order card and in the settings menu, and opens the thread from there', async () => {
    const page = await env.open({ persona: PERSONA.student, path: '/settings' });
    const history = page.getByRole('link', { name: /Історія завдань/ });
    await expect.poll(() => history.getByRole('status').getAttribute('aria-label')).toBe('2 нові повідомлення');
    await history.click();
    const button = threadButton(page);
    await expect.poll(() => button.textContent()).toBe('Переписка2');
    await button.click();
    await page.getByRole('heading', { name: 'Переписка', level: 1 }).waitFor();
    await bubble(page, 'таблиці нумерувати').waitFor();
    // Read once shown: the card's badge is gone on the way back.
    await page.goBack();
    await expect.poll(() => threadButton(page).textContent()).toBe('Переписка');
    await page.close();
  });

  it('carries a message with a file to the developer live, the answer back, and the read marks', async () => {
    const path = `/settings/chat/${orderId}`;
    const student = await env.open({ persona: PERSONA.student, path });
    const developer = await env.open({ persona: PERSONA.developer, path });
    await settle(student);
    await settle(developer);

    await student.getByRole('textbox', { name: 'Повідомлення' }).fill('Додаю приклад оформлення таблиць, так, по розділах.');
    await student.getByTestId('thread-files').setInputFiles(pdf('Приклад таблиць.pdf'));
    await student.getByRole('list', { name: 'Файли до повідомлення' }).getByText('Приклад таблиць.pdf').waitFor();
    await student.getByRole('button', { name: 'Надіслати' }).click();
    await bubble(student, 'Додаю приклад оформлення').getByRole('img', { name: /надіслано|прочитано/ }).waitFor();

    // The developer's open screen gets it without a reload, with the file to download.
    const arrived = bubble(developer, 'Додаю приклад оформлення');
    await arrived.waitFor({ timeout: 15_000 });
    await arrived.getByRole('button', { name: 'Скачати Приклад таблиць.pdf' }).waitFor();
    // Seen on the developer's screen: the student's bubble turns ✓✓.
    await bubble(student, 'Додаю приклад оформлення').getByRole('img', { name: 'прочитано' }).waitFor({ timeout: 15_000 });

    await developer.getByRole('textbox', { name: 'Повідомлення' }).fill('Дякую, так і зроблю. Чернетка — до середи.');
    await developer.getByRole('button', { name: 'Надіслати' }).click();
    await bubble(student, 'Чернетка — до середи').waitFor({ timeout: 15_000 });

    // A contact: the warning before sending, the mask after.
    const box = student.getByRole('textbox', { name: 'Повідомлення' });
    await box.fill('Якщо що, пишіть у телеграм @olena_kn21');
    await student.getByText(MSG.threadContactsWarning).first().waitFor();
    await student.getByRole('button', { name: 'Надіслати' }).click();
    await bubble(developer, CONTACT_MASK).last().waitFor({ timeout: 15_000 });
    expect(await bubble(developer, '@olena_kn21').count()).toBe(0);
    // Haptics on send: a light impact on the tap, success once the server took it.
    const haptics = await student.evaluate(() => (window.__tgEvents ?? []).filter((e) => e.name === 'web_app_trigger_haptic_feedback').map((e) => e.params));
    expect(haptics).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'impact', impact_style: 'light' }), expect.objectContaining({ type: 'notification', notification_type: 'success' })]));
    // Left open, these screens would read every later line at once (as a reader would).
    await student.close();
    await developer.close();
  });

  it('opens the thread from the bot notice’s button (startapp=thread_<id>)', async () => {
    const page = await env.open({ persona: PERSONA.developer, path: `/?startapp=thread_${orderId}` });
    await page.getByRole('heading', { name: 'Переписка', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/settings/chat/${orderId}`);
    await bubble(page, 'таблиці нумерувати').waitFor();
    await page.close();
  });

  for (const theme of ['light', 'dark'] as Theme[]) {
    it(`looks like a Telegram chat (${theme})`, async () => {
      // A new line from the developer: the student's card shows it unread.
      const dev = await env.apiAs(PERSONA.developer);
      const form = new FormData();
      form.append('text', theme === 'light' ? 'Так, і висновки теж.' : 'Чернетку розділу 1 надіслав файлом.');
      const res = await fetch(new URL(`/api/v1/histories/${orderId}/messages`, env.server.url), { method: 'POST', headers: { authorization: `Bearer ${dev.token}` }, body: form });
      expect(res.status).toBe(201);
      const history = await env.open({ persona: PERSONA.student, theme, platform: 'ios', path: '/settings/history-task' });
      await expect.poll(() => threadButton(history).textContent()).toBe('Переписка1');
      await settle(history);
      await expectLaidOut(history, ['Історія завдань', 'Переписка']);
      await shoot(history, `thread-history-${theme}`);
      await history.close();

      const page = await env.open({ persona: PERSONA.student, theme, platform: 'ios', path: `/settings/chat/${orderId}` });
      await settle(page);
      await page.getByRole('textbox', { name: 'Повідомлення' }).fill('Дякую! А висновки теж за методичкою?');
      await settle(page);
      await expectLaidOut(page, ['Сьогодні', MSG.threadContactsWarning]);
      await shoot(page, `thread-${theme}`);
      // The beginning of the thread: the title, yesterday's lines, the seeded file.
      await page.evaluate(() => window.scrollTo(0, 0));
      await settle(page);
      await expectLaidOut(page, ['Переписка', 'Вчора', 'Методичка.pdf']);
      await shoot(page, `thread-top-${theme}`);
      await page.close();
      const panel = await env.open({ persona: PERSONA.developer, theme, platform: 'ios', path: '/settings/dev-panel' });
      await panel.getByTestId('thread-button').first().waitFor();
      await settle(panel);
      await expectLaidOut(panel, ['Панель розробника', 'Переписка']);
      await shoot(panel, `thread-dev-panel-${theme}`);
    });
  }
});
