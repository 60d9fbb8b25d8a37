import {
  MAX_WITHDRAW_UAH,
  MSG,
  isUahAmount,
  isValidCard,
  normalizeCard,
  uahToKopecks,
  withdrawSplit,
} from '@zalik/contract';
import { parseUah } from '../format';

export type WithdrawCheck = { ok: true; cardNumber: string; amount: number } | { ok: false; message: string };

/**
 * The withdraw form's checks before anything is sent, in the order a user fixes them: both
 * fields filled and non-zero (the spec's message), a real amount, a card that passes Luhn,
 * something left after the fee, and not more than the dev wallet holds (when known).
 */
export function checkWithdraw(card: string, amountText: string, balance?: number): WithdrawCheck {
  const cardNumber = normalizeCard(card);
  const amount = parseUah(amountText);
  if (cardNumber === '' || amount === null || amount === 0) return { ok: false, message: MSG.withdrawEmpty };
  if (!isUahAmount(amount)) return { ok: false, message: MSG.amountInvalid };
  if (!isValidCard(cardNumber)) return { ok: false, message: MSG.cardInvalid };
  if (amount > MAX_WITHDRAW_UAH) return { ok: false, message: MSG.amountTooLarge(MAX_WITHDRAW_UAH) };
  if (withdrawSplit(uahToKopecks(amount)).payoutKop <= 0) return { ok: false, message: MSG.withdrawTooSmall };
  if (balance !== undefined && amount > balance) return { ok: false, message: MSG.withdrawInsufficient };
  return { ok: true, cardNumber, amount };
}
