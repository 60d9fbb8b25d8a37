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

/** '@username', or the Telegram ID when the user has no username. */
export const whoOf = (u: { telegramId: string; username: string }) => (u.username ? `@${u.username}` : `ID ${u.telegramId}`);
