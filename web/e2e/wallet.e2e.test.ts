import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatUah, type Subject, type Task, type Teacher, type Transaction, type Wallet, type Withdrawal } from '@zalik/contract';
import { PERSONA, startE2E, waitForIdle, type E2E, themeShots } from './helpers';

/** A UAH amount as the app prints it (sign optional), whatever space the locale groups thousands with. */
const uah = (n: number, sign = '') => new RegExp(`^${sign.replace('+', '\\+')}${formatUah(n).replace(/\s/g, '\\s')}$`);
const generalOf = async (env: E2E, who: string) =>
  (await (await env.apiAs(who)).get<Wallet[]>(`/api/v1/wallets/user/${who}`)).find((w) => w.kind === 'general')!.balance;

describe('wallet: balances, transactions, top-up and withdraw', () => {
  let env: E2E;

  const shootBoth = themeShots(() => env);

  beforeAll(async () => {
    env = await startE2E();
    await (await env.apiAs(PERSONA.student)).patch('/api/v1/users/me/course', { courseNumber: 1 });
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('a student sees the seeded balance and the top-up in the transactions', async () => {
    // The demo seed tops the student up by 1500 грн, then buys with it.
    const balance = await generalOf(env, PERSONA.student);
    const seeded = await (await env.apiAs(PERSONA.student)).get<Transaction[]>(`/api/v1/transactions/history/user/${PERSONA.student}?page=0&limit=50`);
    expect(seeded.some((t) => t.transactionType === 'DEPOSIT' && t.amount === 1500)).toBe(true);

    const page = await env.open({ persona: PERSONA.student, path: '/wallet' });
    await expect.poll(() => page.getByTestId('balance').textContent()).toMatch(uah(balance));
    const list = page.getByRole('list', { name: 'Транзакції' });
    await list.getByRole('listitem').first().waitFor();
    // Rows newest first; the seeded top-up may sit on a later page: scroll until it shows.
    const topUp = list.getByRole('listitem').filter({ hasText: 'Поповнення' }).filter({ hasText: new RegExp(uah(1500, '+').source.slice(1, -1)) });
    for (let i = 0; i < 5 && (await topUp.count()) === 0; i++) {
      await page.getByRole('button', { name: 'Показати ще' }).click();
      await waitForIdle(page);
    }
    await topUp.first().waitFor();
    // Purchases are money out.
    const purchase = seeded.find((t) => t.transactionType === 'PURCHASE');
    if (purchase) await list.getByRole('listitem').filter({ hasText: purchase.initials }).first().getByText(uah(purchase.amount, '\u2212')).waitFor();
    expect(await page.getByRole('tab').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Вивести' }).count()).toBe(0);

    // The top-up sheet over the wallet (its flows: topup.e2e.test.ts); closing it returns to the wallet.
    await page.getByRole('button', { name: 'Поповнити' }).click();
    const sheet = page.getByRole('dialog', { name: 'Поповнення гаманця' });
    await sheet.getByRole('radio', { name: /Банківська картка/ }).waitFor();
    await sheet.getByRole('button', { name: 'Закрити' }).click();
    await sheet.waitFor({ state: 'detached' });
    await page.waitForURL(/\/wallet$/);

    await shootBoth('wallet-student', PERSONA.student, '/wallet');
    await shootBoth('wallet-deposit', PERSONA.student, '/wallet/deposit');
  });

  it('a developer sees the open withdraw request, which holds the next one (payouts.e2e.test.ts has the flow)', async () => {
    const dev = await env.apiAs(PERSONA.developer);
    const before = (await dev.get<Wallet[]>(`/api/v1/wallets/user/${PERSONA.developer}`)).find((w) => w.kind === 'dev')!;
    expect(before.pending).toBe(1000);
    await shootBoth('wallet-developer', PERSONA.developer, '/wallet?wallet=dev');

    const page = await env.open({ persona: PERSONA.developer, path: '/wallet' });
    await page.getByRole('tab', { name: 'Гаманець розробника' }).click();
    await page.getByRole('button', { name: 'Вивести' }).click();
    await page.getByRole('note').getByText(/Заявка на 1\s000\sгрн в обробці/).waitFor();
    // More than the dev wallet holds: said at once.
    await page.getByLabel('Сума, грн').fill(String(before.balance + 500));
    await page.getByRole('alert').getByText('Недостатньо коштів', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Вивести' }).isDisabled()).toBe(true);
    const mine = page.getByRole('list', { name: 'Мої заявки' }).getByRole('listitem');
    await mine.filter({ hasText: /^1\s000\sгрн/ }).getByText('Очікує виплати').first().waitFor();

    await shootBoth('wallet-withdraw', PERSONA.developer, '/wallet/withdraw', async (p) => {
      await p.getByLabel('Сума, грн').fill('1200');
    });
  });

  it('an admin tops up the student and marks the withdrawal paid', async () => {
    const before = await generalOf(env, PERSONA.student);
    const page = await env.open({ persona: PERSONA.admin, path: `/settings/admin-panel/profile/wallet?telegramId=${PERSONA.student}` });
    await page.getByLabel(/Поповнити загальний гаманець/).fill('300');
    await page.getByRole('button', { name: 'Поповнити · 300 грн', exact: true }).click();
    // Sent only once the admin has seen the amount (money-states.e2e.test.ts has the details).
    await page.getByRole('alertdialog', { name: 'Підтвердіть поповнення' }).getByRole('button', { name: 'Поповнити' }).click();
    await page.getByRole('status').getByText(/Зараховано 300\sгрн/).waitFor();
    await page.getByText(uah(before + 300)).first().waitFor();
    await shootBoth('wallet-admin-user', PERSONA.admin, `/settings/admin-panel/profile/wallet?telegramId=${PERSONA.student}`);

    await shootBoth('wallet-admin-withdrawals', PERSONA.admin, '/settings/admin-panel/withdrawals');
    await page.goto(new URL('/settings/admin-panel/withdrawals', env.server.url).toString());
    const request = page.getByRole('article', { name: /dev_demo на 1\s000\sгрн/ });
    await request.getByText('4242 4242 4242 4242').waitFor();
    await request.getByRole('button', { name: 'Виплачено' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Підтвердити' }).click();
    await request.waitFor({ state: 'detached' });

    const mine = await (await env.apiAs(PERSONA.developer)).get<Withdrawal[]>('/api/v1/wallets/withdrawals/my');
    expect(mine.find((w) => w.amount === 1000)?.status).toBe('PAID');

    const student = await env.open({ persona: PERSONA.student, path: '/wallet' });
    await expect.poll(() => student.getByTestId('balance').textContent()).toMatch(uah(before + 300));
    const top = student.getByRole('list', { name: 'Транзакції' }).getByRole('listitem').first();
    await top.getByText(uah(300, '+')).waitFor();
    await top.getByText('Поповнення').waitFor();
  });

  it('the student then buys a task: the balance drops by its price and the purchase tops the history', async () => {
    const api = await env.apiAs(PERSONA.student);
    const before = await generalOf(env, PERSONA.student);
    const [subject] = await api.get<Subject[]>('/api/v1/subjects/course-number/1');
    const teachers = await api.get<Teacher[]>(`/api/v1/teachers/subject/${subject!.id}`);
    const tasks = (await Promise.all(teachers.map((t) => api.get<Task[]>(`/api/v1/tasks/teacher/${t.id}`)))).flat();
    // A manual task: the money goes to escrow at once, whatever the developer does later.
    const task = tasks.find((t) => t.type === 'REGULAR' && !t.autoGenerate && t.discount === 0 && t.price <= before)!;

    const page = await env.open({ persona: PERSONA.student, path: `/list-task/${subject!.id}/buying-task?taskId=${task.id}&teacherId=${task.teacherId}` });
    await page.getByRole('heading', { name: task.title, level: 1 }).waitFor();
    for (const field of await page.getByRole('textbox').all()) await field.fill('Шевченко Т. Г.');
    await page.getByRole('button', { name: 'Відправити' }).click();
    await page.waitForURL(/buying-result$/);

    await page.goto(new URL('/wallet', env.server.url).toString());
    await expect.poll(() => page.getByTestId('balance').textContent()).toMatch(uah(before - task.price));
    const top = page.getByRole('list', { name: 'Транзакції' }).getByRole('listitem').first();
    await top.getByText(uah(task.price, '−')).waitFor();
    await top.getByText(`Покупка: ${task.title}`).waitFor();
  });
});
