import type { BankPayment, DepositProvider, DepositStatus } from '@zalik/contract';

export const DEPOSIT_STATUS_LABEL: Record<DepositStatus, string> = {
  PENDING: 'Очікує оплати',
  PAID: 'Оплачено',
  EXPIRED: 'Минув час',
  REFUNDED: 'Повернуто',
};

export const PROVIDER_LABEL: Record<DepositProvider, string> = {
  TELEGRAM_STARS: 'Telegram Stars',
  MONOBANK: 'Картка (Monobank)',
};

export const BANK_STATUS_LABEL: Record<BankPayment['status'], string> = {
  UNMATCHED: 'Без коду',
  MATCHED: 'За кодом',
  CREDITED: 'Зараховано вручну',
};

/** Why an unmatched payment cannot be credited by code (the API's `hold`). */
export const BANK_HOLD_LABEL: Record<NonNullable<BankPayment['hold']>, string> = {
  QUARANTINED: 'Не вдалося прочитати',
  FOREIGN_CURRENCY: 'Не в гривнях',
  SEVERAL_CODES: 'Кілька кодів',
};

/** A payment whose amount is not hryvnias, or not known: credited by hand with a top-up, not from here. */
export const creditableByHand = (p: BankPayment) => p.status === 'UNMATCHED' && p.hold !== 'QUARANTINED' && p.hold !== 'FOREIGN_CURRENCY';

/** '@username', or the Telegram ID when the user has no username. */
export const whoOf = (u: { telegramId: string; username: string }) => (u.username ? `@${u.username}` : `ID ${u.telegramId}`);
