import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONA, expectLaidOut, shoot, startE2E, waitForIdle, type E2E, type Theme } from './helpers';
import { paths } from '../src/lib/paths';

describe('maintenance mode', () => {
  let env: E2E;
  beforeAll(async () => {
    env = await startE2E();
  });
  afterAll(async () => {
    await env?.stop();
  });

  it("an admin takes the app down from the panel: the student sees the admin's message until it is switched off", async () => {
    const student = await env.open({ persona: PERSONA.student, path: '/' });
    await student.getByRole('heading', { name: 'Оберіть свій курс' }).waitFor();

    const admin = await env.open({ persona: PERSONA.admin, path: paths.admin.maintenance });
    await admin.getByRole('switch', { name: 'Технічне обслуговування' }).click();
    await admin.getByLabel('Повідомлення для студентів').fill('Оновлюємо оплату. Повернемося о 14:00.');
    await admin.getByRole('button', { name: 'Зберегти' }).click();
    await admin.getByText('Обслуговування ввімкнено: студенти бачать повідомлення').waitFor();

    // The student's next call is refused: the whole app becomes the maintenance screen.
    await student.getByRole('radio', { name: /^2/ }).click();
    await student.getByRole('checkbox').check();
    await student.getByRole('button', { name: 'Готово' }).click();
    await expect(student.getByTestId('maintenance-text').textContent()).resolves.toBe('Оновлюємо оплату. Повернемося о 14:00.');
    expect(await student.getByRole('navigation').count()).toBe(0);

    // Admins keep working: the panel still opens its lists.
    await admin.goto(new URL(paths.admin.withdrawals, admin.url()).toString());
    await admin.getByRole('heading', { name: 'Заявки на виведення' }).waitFor();

    const api = await env.apiAs(PERSONA.admin);
    await api.patch('/api/v1/maintenance/status', { enabled: false });
    await student.getByRole('button', { name: 'Перевірити знову' }).click();
    await student.getByTestId('maintenance-text').waitFor({ state: 'detached' });
  });

  for (const theme of ['light', 'dark'] as Theme[]) {
    it(`looks right in the ${theme} theme`, async () => {
      const api = await env.apiAs(PERSONA.admin);
      await api.patch('/api/v1/maintenance/status', { enabled: true, message: 'Профілактика до 03:00. Дякуємо за терпіння!' });
      try {
        const student = await env.open({ persona: PERSONA.student, path: '/', theme });
        await student.getByTestId('maintenance-text').waitFor();
        await waitForIdle(student);
        await expectLaidOut(student, ['Профілактика до 03:00. Дякуємо за терпіння!', 'Перевірити знову']);
        await shoot(student, `maintenance-student-${theme}`);
        const admin = await env.open({ persona: PERSONA.admin, path: paths.admin.maintenance, theme });
        await admin.getByRole('switch', { name: 'Технічне обслуговування', checked: true }).waitFor();
        await waitForIdle(admin);
        await expectLaidOut(admin, ['Технічне обслуговування']);
        await shoot(admin, `maintenance-admin-${theme}`);
      } finally {
        await api.patch('/api/v1/maintenance/status', { enabled: false });
      }
    });
  }
});
