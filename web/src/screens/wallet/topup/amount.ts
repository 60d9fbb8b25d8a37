import { MSG, isUahAmount } from '@zalik/contract';
import { parseUah } from '../format';

export type AmountCheck = { ok: true; amount: number } | { ok: false; message: string };

/**
 * Another amount as the API checks it (DepositRequestBody), with its messages: a number of
 * hryvnias with two decimals at most, then the minimum, then the per-request maximum.
 */
export function checkDepositAmount(text: string, min: number, max: number): AmountCheck {
  const amount = parseUah(text);
  if (amount === null || !isUahAmount(amount)) return { ok: false, message: MSG.amountInvalid };
  if (amount < min) return { ok: false, message: MSG.depositTooSmall(min) };
  if (amount > max) return { ok: false, message: MSG.amountTooLarge(max) };
  return { ok: true, amount };
}
