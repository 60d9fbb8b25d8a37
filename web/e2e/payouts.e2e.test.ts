import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type WalletEntry, type Withdrawal } from '@zalik/contract';
import { PERSONA, startE2E, type E2E, themeShots } from './helpers';

const REASON = 'Номер картки не збігається з ім’ям отримувача';
/** A UAH amount as printed, whatever space groups its thousands. */
const uah = (text: string) => new RegExp(text.replace(/ /g, '\\s'));
/** Exactly this sum and nothing around it. */
const sum = (text: string) => new RegExp(`^${text.replace(/ /g, '\\s')}$`);

describe('payout desk: a developer saves a card, withdraws, and reads why it was rejected', () => {
  let env: E2E;
  /** The dev wallet's balance before the request that is then rejected. */
  let balanceBefore = 0;

  const shootBoth = themeShots(() => env);
  const devWallet = async () =>
    (await (await env.apiAs(PERSONA.developer)).get<WalletEntry[]>(`/api/v1/wallets/${PERSONA.developer}`)).find((w) => w.walletType === 'DEVELOPER')!;

  beforeAll(async () => {
    env = await startE2E();
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('an open request holds the next one until an admin pays it', async () => {
    const page = await env.open({ persona: PERSONA.developer, path: '/wallet/withdraw' });
    // The demo's developer has a request in progress and an earlier one rejected with its reason.
    await page.getByRole('note').getByText(uah('Заявка на 1 000 грн в обробці')).waitFor();
    await page.getByText('Причина: Картка заблокована банком. Збережіть іншу картку.').waitFor();
    expect(await page.getByRole('button', { name: 'Вивести' }).isDisabled()).toBe(true);
    await shootBoth('payouts-withdraw-open', PERSONA.developer, '/wallet/withdraw');

    const admin = await env.open({ persona: PERSONA.admin, path: '/settings/admin-panel/withdrawals' });
    const request = admin.getByRole('article', { name: uah('dev_demo на 1 000 грн') });
    await request.getByText('4242 4242 4242 4242').waitFor();
    await request.getByRole('button', { name: 'Виплачено' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Підтвердити' }).click();
    await request.waitFor({ state: 'detached' });
    await admin.getByText('Нових заявок на виведення немає').waitFor();
  });

  it('the developer saves a card, checked as it is typed', async () => {
    await shootBoth('payouts-details', PERSONA.developer, '/wallet/withdraw/details', async (p) => {
      await p.getByLabel('Номер картки').fill('4111 1111 1111 1112');
      await p.getByText(MSG.cardInvalid).waitFor();
    });
    const page = await env.open({ persona: PERSONA.developer, path: '/wallet/withdraw' });
    await page.getByRole('link', { name: /Змінити/ }).click();
    await page.waitForURL(/\/wallet\/withdraw\/details$/);
    const field = page.getByLabel('Номер картки');
    await field.fill('4111111111111112');
    await page.getByText(MSG.cardInvalid).waitFor();
    expect(await page.getByRole('button', { name: 'Зберегти дані для виплат' }).isDisabled()).toBe(true);
    await field.fill('4111111111111111');
    expect(await field.inputValue()).toBe('4111 1111 1111 1111');
    await page.getByRole('button', { name: 'Зберегти дані для виплат' }).click();
    await page.waitForURL(/\/wallet\/withdraw$/);
    await page.getByRole('link', { name: /•••• 1111/ }).waitFor();
    expect(await devWallet()).toMatchObject({ paymentDetails: '•••• 1111', paymentDetailsType: 'BANK_CARD' });
  });

  it('withdraws with the minimum and the fee shown before confirming', async () => {
    // The confirmation in both themes, left unanswered (nothing is sent).
    await shootBoth('payouts-withdraw-confirm', PERSONA.developer, '/wallet/withdraw', async (p) => {
      await p.getByLabel('Сума, грн').fill('1000');
      await p.getByTestId('fee-preview').getByText(sum('950 грн')).waitFor();
      await p.getByRole('button', { name: 'Вивести' }).click();
      await p.getByRole('alertdialog').getByText(sum('950 грн')).waitFor();
    });
    await shootBoth('payouts-withdraw-form', PERSONA.developer, '/wallet/withdraw', async (p) => {
      await p.getByLabel('Сума, грн').fill('1000');
    });
    const before = await devWallet();
    expect(before.pending).toBe(0);
    balanceBefore = before.balance;
    const page = await env.open({ persona: PERSONA.developer, path: '/wallet/withdraw' });
    await page.getByText(/Мінімум 1\s000 грн/).waitFor();
    await page.getByLabel('Сума, грн').fill('999');
    await page.getByRole('button', { name: 'Вивести' }).click();
    await page.getByRole('alert').getByText(MSG.withdrawBelowMin(1000)).waitFor();
    await page.getByLabel('Сума, грн').fill('1000');
    await page.getByTestId('fee-preview').getByText(sum('50 грн')).waitFor();
    await page.getByRole('button', { name: 'Вивести' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(sum('950 грн')).waitFor();
    await dialog.getByText(/картку ••••\s1111/).waitFor();
    await dialog.getByRole('button', { name: 'Вивести' }).click();
    await page.getByRole('status').getByText(uah('Заявку на виведення 1 000 грн створено')).waitFor();
    await page.getByRole('list', { name: 'Мої заявки' }).getByRole('listitem').first().getByText('Очікує виплати').waitFor();
    expect((await devWallet()).balance).toBe(before.balance - 1000);

  });

  it('an admin rejects it with a reason, and the developer sees the reason and the money back', async () => {
    await shootBoth('payouts-admin-reject', PERSONA.admin, '/settings/admin-panel/withdrawals', async (p) => {
      await p.getByRole('article', { name: uah('dev_demo на 1 000 грн') }).getByRole('button', { name: 'Відхилити' }).click();
      await p.getByRole('dialog', { name: 'Відхилити заявку' }).getByLabel('Причина').fill(REASON);
    });
    const admin = await env.open({ persona: PERSONA.admin, path: '/settings/admin-panel/withdrawals' });
    const request = admin.getByRole('article', { name: uah('dev_demo на 1 000 грн') });
    await request.getByText('4111 1111 1111 1111').waitFor();
    await request.getByRole('button', { name: 'Відхилити' }).click();
    const sheet = admin.getByRole('dialog', { name: 'Відхилити заявку' });
    await sheet.getByRole('button', { name: 'Відхилити заявку' }).click();
    await sheet.getByText(MSG.withdrawRejectReason).waitFor();
    await sheet.getByLabel('Причина').fill(REASON);
    await sheet.getByRole('button', { name: 'Відхилити заявку' }).click();
    await request.waitFor({ state: 'detached' });

    const page = await env.open({ persona: PERSONA.developer, path: '/wallet/withdraw' });
    const row = page.getByRole('list', { name: 'Мої заявки' }).getByRole('listitem').first();
    await row.getByText('Відхилено').waitFor();
    await row.getByText(`Причина: ${REASON}`).waitFor();
    expect(await page.getByRole('button', { name: 'Вивести' }).isDisabled()).toBe(false);
    const mine = await (await env.apiAs(PERSONA.developer)).get<Withdrawal[]>('/api/v1/wallets/withdrawals/my');
    expect(mine[0]).toMatchObject({ status: 'REJECTED', reason: REASON, amount: 1000 });
    expect(await devWallet()).toMatchObject({ pending: 0, balance: balanceBefore });
    await shootBoth('payouts-rejected', PERSONA.developer, '/wallet/withdraw');
  });
});
