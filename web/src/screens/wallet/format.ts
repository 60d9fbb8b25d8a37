import { formatUah, type Transaction, type WithdrawalStatus } from '@zalik/contract';

/** DEPOSIT is money in; every other type is money out (spec section 3). */
export const isIncoming = (t: Pick<Transaction, 'transactionType'>) => t.transactionType === 'DEPOSIT';

/** '+1 500 грн' for money in, '−120 грн' (a real minus sign) for money out. */
export function signedAmount(t: Pick<Transaction, 'transactionType' | 'amount'>): string {
  return `${isIncoming(t) ? '+' : '\u2212'}${formatUah(Math.abs(t.amount))}`;
}

/**
 * What a user typed in an amount field, in UAH: a comma works as the decimal point, spaces
 * are ignored. null for an empty field, NaN for anything that is not a number.
 */
export function parseUah(input: string): number | null {
  const t = input.replace(/\s+/g, '').replace(',', '.');
  if (t === '') return null;
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : NaN;
}

/** '4111111111111111' -> '4111 1111 1111 1111' (easier to read out while paying by hand). */
export function groupCard(card: string): string {
  return card.replace(/\s+/g, '').replace(/(\d{4})(?=\d)/g, '$1 ');
}

export const WITHDRAWAL_STATUS_LABEL: Record<WithdrawalStatus, string> = {
  PENDING: 'Очікує виплати',
  PAID: 'Виплачено',
  REJECTED: 'Відхилено',
};

/** A masked card ('•••• 1111') never splits across lines: its space becomes a no-break one. */
export function keepCardTogether(text: string): string {
  return text.replace(/(•+) (\d{4})/g, '$1\u00a0$2');
}

/** Who stands behind a row's money when no task does: the app itself (top-ups, bonuses, payouts). */
export const SYSTEM_PARTY = 'Залік';

/**
 * The name behind a transaction row's avatar (the spec's initials): the task a purchase, sale or
 * refund was for ('Покупка: Лабораторна робота 1' -> 'Лабораторна робота 1'), else the system.
 * The wire carries only the row's label, so this is read from it.
 */
export function counterpartOf(label: string): string {
  const m = /^(?:Покупка|Продаж|Повернення коштів): (.+)$/.exec(label);
  return m && !m[1]!.startsWith('виведення') ? m[1]! : SYSTEM_PARTY;
}
