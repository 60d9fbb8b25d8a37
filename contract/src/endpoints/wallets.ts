import { endpoint } from '../endpoint.js';
import type { IdParam } from '../common.js';
import type { TelegramIdParam } from '../users.js';
import type {
  DepositBody, JarAnswer, TransactionList, TransactionQuery, WalletList, WithdrawBody, Withdrawal, WithdrawalList, WithdrawalQuery,
  WithdrawalResolveBody,
} from '../wallet.js';
import type { IdempotencyHeaders } from '../orders.js';

const tag = 'wallets';

export const walletsOfUser = endpoint<{ params: typeof TelegramIdParam; answer: typeof WalletList }>({
  method: 'GET', path: '/api/v1/wallets/user/:telegramId', access: 'user', tag, summary: "A user's wallets (self or admin)",
});
export const transactionsOfUser = endpoint<{ params: typeof TelegramIdParam; query: typeof TransactionQuery; answer: typeof TransactionList }>({
  method: 'GET', path: '/api/v1/transactions/history/user/:telegramId', access: 'user', tag,
  summary: "A page of a user's transactions, newest first (self or admin)",
});
export const depositByAdmin = endpoint<{ headers: typeof IdempotencyHeaders; body: typeof DepositBody; answer: typeof WalletList }>({
  method: 'PATCH', path: '/api/v1/wallets/deposit', access: 'admin', tag,
  summary: "Admin top-up of a user's general wallet; answers the user's wallets. Send an `Idempotency-Key` header per top-up",
});
export const jar = endpoint<{ answer: typeof JarAnswer }>({
  method: 'GET', path: '/api/v1/wallets/jar', access: 'user', tag, summary: 'The bank jar for card top-ups',
});
export const withdraw = endpoint<{ headers: typeof IdempotencyHeaders; body: typeof WithdrawBody; answer: typeof Withdrawal }>({
  method: 'PATCH', path: '/api/v1/wallets/withdraw', access: 'user', tag,
  summary: 'A developer asks to be paid out from the dev wallet (5 % fee); answers the pending request',
});
export const myWithdrawals = endpoint<{ query: typeof WithdrawalQuery; answer: typeof WithdrawalList }>({
  method: 'GET', path: '/api/v1/wallets/withdrawals/my', access: 'user', tag, summary: "The caller's own withdraw requests, newest first (card masked)",
});
export const withdrawals = endpoint<{ query: typeof WithdrawalQuery; answer: typeof WithdrawalList }>({
  method: 'GET', path: '/api/v1/wallets/withdrawals', access: 'admin', tag,
  summary: 'Withdraw requests for admins, newest first (full card number while pending)',
});
export const resolveWithdrawal = endpoint<{ params: typeof IdParam; body: typeof WithdrawalResolveBody; answer: typeof Withdrawal }>({
  method: 'PATCH', path: '/api/v1/wallets/withdrawals/:id', access: 'admin', tag,
  summary: 'An admin marks a pending withdraw request PAID (after paying the card) or REJECTED (money returns)',
});
