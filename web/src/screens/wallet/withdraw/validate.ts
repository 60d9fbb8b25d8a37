import { MAX_WITHDRAW_UAH, MSG, isUahAmount, uahToKopecks, withdrawSplit } from '@zalik/contract';
import { parseUah } from '../format';

export type WithdrawCheck = { ok: true; amount: number } | { ok: false; message: string };

export interface WithdrawState {
  /** The server's minimum (payout rules), when known. */
  minAmount?: number;
  /** The dev wallet's balance, when known. */
  balance?: number;
  hasDetails: boolean;
  /** A request of this developer is still being handled. */
  open: boolean;
}

/**
 * The withdraw form's checks before anything is sent, in the order a user fixes them: where to
 * pay, no request already open, an amount (the spec's message when empty or zero), a real one,
 * at least the minimum, something left after the fee, not more than the wallet holds. The
 * server checks the same again.
 */
export function checkWithdraw(amountText: string, s: WithdrawState): WithdrawCheck {
  if (!s.hasDetails) return { ok: false, message: MSG.payoutDetailsMissing };
  if (s.open) return { ok: false, message: MSG.withdrawOpenExists };
  const amount = parseUah(amountText);
  if (amount === null || amount === 0) return { ok: false, message: MSG.withdrawEmpty };
  if (!isUahAmount(amount)) return { ok: false, message: MSG.amountInvalid };
  if (s.minAmount !== undefined && amount < s.minAmount) return { ok: false, message: MSG.withdrawBelowMin(s.minAmount) };
  if (amount > MAX_WITHDRAW_UAH) return { ok: false, message: MSG.amountTooLarge(MAX_WITHDRAW_UAH) };
  if (withdrawSplit(uahToKopecks(amount)).payoutKop <= 0) return { ok: false, message: MSG.withdrawTooSmall };
  if (s.balance !== undefined && amount > s.balance) return { ok: false, message: MSG.withdrawInsufficient };
  return { ok: true, amount };
}
