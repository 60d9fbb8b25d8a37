import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Broadcast } from '@zalik/contract';
import { paths } from '../src/lib/paths';
import { PERSONA, expectLaidOut, shoot, startE2E, waitForIdle, type E2E, type Theme } from './helpers';

describe('broadcasts', () => {
  let env: E2E;
  beforeAll(async () => {
    env = await startE2E();
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('an admin writes to everyone with a file, confirms the count, and watches it go out', async () => {
    const api = await env.apiAs(PERSONA.admin);
    const { recipients } = await api.get<{ recipients: number }>('/api/v1/notifications/recipients?courseNumber=all');
    expect(recipients).toBeGreaterThan(0);

    const page = await env.open({ persona: PERSONA.admin, path: paths.admin.root });
    await page.getByRole('link', { name: /Розсилки/ }).click();
    await page.getByRole('button', { name: 'Нова розсилка' }).click();
    // The count arrives after the form: wait for it, then read it.
    await page.getByTestId('broadcast-recipients').filter({ hasText: 'Отримають' }).waitFor();
    await expect(page.getByTestId('broadcast-recipients').textContent()).resolves.toContain(`Отримають ${recipients} `);
    await page.getByLabel('Повідомлення').fill('Сесія переноситься на тиждень. Деталі в розкладі.');
    await page.getByTestId('broadcast-files').setInputFiles([{ name: 'розклад.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') }]);
    await page.getByRole('button', { name: 'Надіслати' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.textContent()).resolves.toContain(`${recipients} `);
    await dialog.getByRole('button', { name: 'Надіслати' }).click();

    // The progress page follows the outbox until nothing is left.
    await page.getByTestId('broadcast-left').filter({ hasText: /^0$/ }).waitFor();
    await expect(page.getByTestId('broadcast-sent').textContent()).resolves.toBe(String(recipients));
    const [latest] = await api.get<Broadcast[]>('/api/v1/notifications/broadcasts');
    expect(latest).toMatchObject({ message: 'Сесія переноситься на тиждень. Деталі в розкладі.', sent: recipients, left: 0, files: [{ fileName: 'розклад.pdf' }] });
  });

  for (const theme of ['light', 'dark'] as Theme[]) {
    it(`looks right in the ${theme} theme`, async () => {
      const page = await env.open({ persona: PERSONA.admin, path: paths.admin.newBroadcast, theme });
      await page.getByTestId('broadcast-recipients').filter({ hasText: 'Отримають' }).waitFor();
      await page.getByLabel('Повідомлення').fill('Нагадування: до кінця семестру два тижні.');
      await waitForIdle(page);
      await expectLaidOut(page, ['Нова розсилка', /^Отримають /]);
      expect(await page.getByLabel('Повідомлення').inputValue()).toBe('Нагадування: до кінця семестру два тижні.');
      await shoot(page, `broadcast-new-${theme}`);
      await page.goto(new URL(paths.admin.broadcasts, page.url()).toString());
      await page.getByRole('heading', { name: 'Розсилки' }).waitFor();
      await waitForIdle(page);
      await expectLaidOut(page, ['Розсилки', /Сесія переноситься/]);
      await shoot(page, `broadcast-list-${theme}`);
      await page.getByRole('link').filter({ hasText: 'Сесія' }).first().click();
      await page.getByTestId('broadcast-left').waitFor();
      await waitForIdle(page);
      await expectLaidOut(page, ['Розсилка', 'Надіслано', /Сесія переноситься/]);
      expect(await page.getByTestId('broadcast-left').textContent()).toBe('0');
      await shoot(page, `broadcast-progress-${theme}`);
    });
  }
});
