import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { LONG_PRESS_MS, MSG, type Subject, type Task, type Teacher } from '@zalik/contract';
import { PERSONA, expectLaidOut, shoot, startE2E, waitForIdle, type E2E, type Theme } from './helpers';

const THEMES: Theme[] = ['light', 'dark'];
/** Several pages per test, each starting the app: generous on a loaded 2-core machine. */
const SLOW = 240_000;

/** How tall the area is that takes a tap on the element, probed down its middle (hit areas drawn by ::after count). */
function tapHeight(target: Locator): Promise<number> {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    let hits = 0;
    for (let y = Math.floor(r.top) - 20; y <= Math.ceil(r.bottom) + 20; y += 1) {
      const at = document.elementFromPoint(x, y);
      if (at && el.contains(at)) hits += 1;
    }
    return hits;
  });
}

/** A colour as the browser computes it, for a CSS expression (a theme alias) drawn on a probe. */
function cssColor(page: Page, expr: string): Promise<string> {
  return page.evaluate((value) => {
    const probe = document.createElement('span');
    probe.style.color = value;
    document.body.append(probe);
    const c = getComputedStyle(probe).color;
    probe.remove();
    return c;
  }, expr);
}

/** A finger on a real touch screen: CDP touch events, held `holdMs`, then lifted where it was. */
async function longPress(page: Page, target: Locator, holdMs: number): Promise<void> {
  await target.waitFor();
  let box = await target.boundingBox();
  // An admin's subject card is swapped for its lazy admin version once that chunk arrives.
  for (let i = 0; !box && i < 20; i += 1) {
    await page.waitForTimeout(100);
    box = await target.boundingBox();
  }
  if (!box) {
    await expectLaidOut(page);
    await shoot(page, 'looks-long-press-missing');
    throw new Error('the press target is not on screen');
  }
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await page.waitForTimeout(holdMs);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await page.waitForTimeout(300); // whatever the release fires (a click) has landed
}

describe('looks: what a new user trips over', () => {
  let env: E2E;
  let maths: Subject;

  beforeAll(async () => {
    env = await startE2E();
    for (const persona of [PERSONA.developer, PERSONA.admin]) {
      await (await env.apiAs(persona)).patch('/api/v1/users/me/course', { courseNumber: 1 });
    }
    const admin = await env.apiAs(PERSONA.admin);
    maths = (await admin.get<Subject[]>('/api/v1/subjects/course-number/1')).find((s) => s.name === 'Вища математика')!;
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('onboarding: the hint under the terms box goes away once it is ticked', async () => {
    const page = await env.open({ persona: PERSONA.student, path: '/' });
    const hint = page.getByText('Без згоди з умовами користування продовжити не вийде.');
    await hint.waitFor();
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Готово' }).waitFor();
    expect(await hint.count()).toBe(0);
  }, SLOW);

  it('the delete confirmation names the subject and the task it deletes', async () => {
    const page = await env.open({ persona: PERSONA.admin, path: '/' });
    await waitForIdle(page);
    await page.getByRole('link', { name: /Вища математика/ }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Видалити' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.textContent()).resolves.toContain('Видалити предмет «Вища математика»?');
    expect(await dialog.textContent()).toContain(MSG.confirmText);
    await dialog.getByRole('button', { name: 'Скасувати' }).click();

    await page.goto(new URL(`/list-task/${maths.id}`, env.server.url).toString());
    const card = page.getByRole('article', { name: 'Розрахункова робота: інтеграли' }).first();
    await card.click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Видалити' }).click();
    await expect(dialog.textContent()).resolves.toContain('Видалити завдання «Розрахункова робота: інтеграли»?');
    await dialog.getByRole('button', { name: 'Скасувати' }).click();

    for (const theme of THEMES) {
      const shot = await env.open({ persona: PERSONA.admin, theme, path: '/' });
      await waitForIdle(shot);
      await shot.getByRole('link', { name: /Вища математика/ }).click({ button: 'right' });
      await shot.getByRole('menuitem', { name: 'Видалити' }).click();
      await shot.getByRole('alertdialog').waitFor();
      await expectLaidOut(shot);
      await shoot(shot, `looks-delete-subject-${theme}`);
    }
  }, SLOW);

  it('a long press on a touch screen opens the menu, and lifting the finger does not close it', async () => {
    const page = await env.open({ persona: PERSONA.admin, path: '/', touch: true });
    await waitForIdle(page);
    await page.getByRole('link', { name: /Вища математика/ }).waitFor();
    await longPress(page, page.getByRole('link', { name: /Вища математика/ }), LONG_PRESS_MS + 300);
    expect(await page.getByRole('menu').count()).toBe(1);
    await page.getByRole('menuitem', { name: 'Редагувати' }).tap();
    await page.waitForURL(/\/edit-subject/);
    expect(await page.getByRole('textbox').first().inputValue()).toBe('Вища математика');
  }, SLOW);

  it('discounts are good news, hidden tasks are dimmed for admins', async () => {
    for (const theme of THEMES) {
      const page = await env.open({ persona: PERSONA.admin, theme, path: `/list-task/${maths.id}` });
      await waitForIdle(page);
      const card = page.getByRole('article').filter({ has: page.locator('s') }).first();
      const now = card.getByText('120 грн', { exact: true });
      const nowColor = await now.evaluate((el) => getComputedStyle(el).color);
      expect(nowColor).not.toBe(await cssColor(page, 'var(--destructive)'));
      expect([await cssColor(page, 'var(--success)'), await cssColor(page, 'var(--link)')]).toContain(nowColor);
      expect(await card.locator('s').evaluate((el) => getComputedStyle(el).color)).toBe(await cssColor(page, 'var(--hint)'));

      const hidden = page.getByRole('article', { name: 'Індивідуальне завдання: ряди' }).first();
      const shown = page.getByRole('article').filter({ has: page.getByRole('img', { name: 'Видиме студентам' }) }).first();
      // Set back by a grey title on the page colour, not by opacity (which would fail the contrast).
      const titleColor = (l: Locator) => l.getByRole('heading').evaluate((el) => getComputedStyle(el).color);
      const background = (l: Locator) => l.evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(await titleColor(hidden)).toBe(await cssColor(page, 'var(--hint)'));
      expect(await titleColor(shown)).toBe(await cssColor(page, 'var(--text)'));
      expect(await background(hidden)).not.toBe(await background(shown));
      await hidden.scrollIntoViewIfNeeded();
      await expectLaidOut(page);
      await shoot(page, `looks-task-list-admin-${theme}`);
      await card.scrollIntoViewIfNeeded();
      await expectLaidOut(page);
      await shoot(page, `looks-task-list-discount-${theme}`);
    }
  }, SLOW);

  it("'Придбати' and the tabs take taps over 44 px; navigation labels are at least 12 px", async () => {
    const page = await env.open({ persona: PERSONA.developer, path: `/list-task/${maths.id}` });
    await waitForIdle(page);
    const buy = page.getByRole('button', { name: 'Придбати' }).first();
    expect(await tapHeight(buy)).toBeGreaterThanOrEqual(44);
    // The hit area grows, not the button: the card stays as compact as before.
    expect((await buy.boundingBox())!.height).toBeLessThan(40);
    const nav = page.getByRole('navigation', { name: 'Головне меню' });
    for (const label of await nav.getByRole('link').all()) {
      expect(await tapHeight(label)).toBeGreaterThanOrEqual(44);
      expect(await label.locator('span').evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(12);
    }
    // A red banner (the pickers are radio groups now and raise none): support's empty message.
    await page.goto(new URL('/settings/support', page.url()).toString());
    await page.getByRole('button', { name: 'Відправити' }).click();
    expect(await tapHeight(page.getByRole('alert').getByRole('button', { name: 'Закрити' }))).toBeGreaterThanOrEqual(44);
    // The course tabs look 36 px tall and take taps over 44.
    const home = await env.open({ persona: PERSONA.developer, path: '/' });
    await waitForIdle(home);
    const courses = await home.getByRole('tab').all();
    expect(courses).toHaveLength(4);
    for (const tab of courses) expect(await tapHeight(tab)).toBeGreaterThanOrEqual(44);
  }, SLOW);

  it('a red banner pushes the screen down instead of covering its title', async () => {
    for (const theme of THEMES) {
      const page = await env.open({ persona: PERSONA.developer, theme, path: '/settings/support' });
      await page.getByRole('button', { name: 'Відправити' }).waitFor();
      await waitForIdle(page);
      // An empty message: refused in the red banner.
      await page.getByRole('button', { name: 'Відправити' }).click();
      // The page takes the banner's measured height as its top padding once the banner is laid out.
      const overlap = async () => {
        const banner = (await page.getByRole('alert').boundingBox())!;
        const title = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
        return banner.y + banner.height - title.y;
      };
      await expect.poll(overlap, { timeout: 5_000 }).toBeLessThanOrEqual(0);
      await expectLaidOut(page);
      await shoot(page, `looks-banner-${theme}`);
    }
  }, SLOW);

  it('a toast is opaque: the heading under it does not show through', async () => {
    for (const theme of THEMES) {
      const page = await env.open({ persona: PERSONA.developer, theme, path: '/invitation/invite' });
      await waitForIdle(page);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
      await page.getByRole('button', { name: 'Копіювати' }).click();
      const toast = page.getByRole('status');
      await expect(toast.textContent()).resolves.toBe(MSG.copyOk);
      // Computed colours carry an alpha ('/ 0.88', 'rgba(...)') only when they are see-through.
      const bg = await toast.evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(bg).not.toMatch(/\/\s*0?\.\d|rgba/);
      await expectLaidOut(page);
      await shoot(page, `looks-toast-${theme}`);
    }
  }, SLOW);

  it('a tap anywhere on a switch row toggles it', async () => {
    const page = await env.open({ persona: PERSONA.developer, path: `/list-task/${maths.id}/choose-price` });
    const sw = page.getByRole('switch', { name: 'Не дешевше за обрану ціну' });
    await sw.waitFor();
    expect(await sw.getAttribute('aria-checked')).toBe('false');
    await page.getByText(/^Завдання до \d+ грн включно$/).click();
    expect(await sw.getAttribute('aria-checked')).toBe('true');
    for (const theme of THEMES) {
      const shot = await env.open({ persona: PERSONA.developer, theme, path: `/list-task/${maths.id}/choose-price` });
      await waitForIdle(shot);
      await expectLaidOut(shot);
      await shoot(shot, `looks-choose-price-${theme}`);
    }

    const admin = await env.apiAs(PERSONA.admin);
    const teachers = await admin.get<Teacher[]>(`/api/v1/teachers/subject/${maths.id}`);
    const tasks = (await Promise.all(teachers.map((t) => admin.get<Task[]>(`/api/v1/tasks/teacher/${t.id}`)))).flat();
    const task = tasks.find((t) => t.visible)!;
    const edit = await env.open({ persona: PERSONA.admin, path: `/list-task/edit-task/${maths.id}?taskId=${task.id}` });
    const visible = edit.getByRole('switch', { name: 'Видимість для студентів' });
    await visible.waitFor();
    await edit.getByText('Видиме', { exact: true }).click();
    expect(await visible.getAttribute('aria-checked')).toBe('false');
    await edit.getByText('Приховане', { exact: true }).waitFor();
    for (const theme of THEMES) {
      const shot = await env.open({ persona: PERSONA.admin, theme, path: `/list-task/edit-task/${maths.id}?taskId=${task.id}` });
      await shot.getByRole('switch', { name: 'Видимість для студентів' }).waitFor();
      await waitForIdle(shot);
      await shot.getByRole('switch', { name: 'Видимість для студентів' }).scrollIntoViewIfNeeded();
      await expectLaidOut(shot);
      await shoot(shot, `looks-edit-task-${theme}`);
    }
  }, SLOW);

  it('our screens say "Гаманець розробника" and "Панель розробника"; transaction rows carry initials', async () => {
    await (await env.apiAs(PERSONA.admin)).patch('/api/v1/wallets/deposit', { userTelegramId: PERSONA.developer, amount: 300 });
    for (const theme of THEMES) {
      const settings = await env.open({ persona: PERSONA.developer, theme, path: '/settings' });
      await settings.getByRole('link', { name: 'Панель розробника' }).waitFor();
      await waitForIdle(settings);
      expect(await settings.locator('main').textContent()).not.toMatch(/Dev/);
      await expectLaidOut(settings);
      await shoot(settings, `looks-settings-developer-${theme}`);

      const wallet = await env.open({ persona: PERSONA.developer, theme, path: '/wallet' });
      await waitForIdle(wallet);
      const row = wallet.getByRole('listitem').filter({ hasText: 'Поповнення' }).first();
      await expect(row.getByTestId('tx-avatar').textContent()).resolves.toBe('З');
      await expectLaidOut(wallet);
      await shoot(wallet, `looks-wallet-general-${theme}`);
      await wallet.getByRole('tab', { name: 'Гаманець розробника' }).click();
      await waitForIdle(wallet);
      expect(await wallet.locator('main').textContent()).not.toMatch(/Dev/);
      await expectLaidOut(wallet);
      await shoot(wallet, `looks-wallet-dev-${theme}`);
    }
  }, SLOW);
});
