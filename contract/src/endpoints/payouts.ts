import { endpoint } from '../endpoint.js';
import type { TelegramIdParam } from '../users.js';
import type { Withdrawal } from '../wallet.js';
import type { IdempotencyHeaders } from '../orders.js';
import type {
  ConfirmWithdrawBody, FeedPage, FeedQuery, PaymentDetailsBody, PayoutRules, WalletEntry, WalletEntryList, WalletIdParam,
  WithdrawPostBody, WithdrawQueue, WithdrawQueueQuery,
} from '../payouts.js';

const tag = 'payouts';

export const walletEntries = endpoint<{ params: typeof TelegramIdParam; answer: typeof WalletEntryList }>({
  method: 'GET', path: '/api/v1/wallets/:telegramId', access: 'user', tag,
  summary: "A user's wallets with ids and masked payout details, as the newest client reads them (self or admin)",
});
export const payoutRules = endpoint<{ answer: typeof PayoutRules }>({
  method: 'GET', path: '/api/v1/wallets/payout-rules', access: 'user', tag,
  summary: 'The withdraw minimum, the fee, the crypto network and the timeout, to show before a request',
});
export const savePaymentDetails = endpoint<{ body: typeof PaymentDetailsBody; answer: typeof WalletEntry }>({
  method: 'PATCH', path: '/api/v1/wallets/payment_details', access: 'developer', tag, rateLimit: 'purchase',
  summary: "Saves the dev wallet's payout details: a Luhn-valid card or an address of the configured crypto network (stored encrypted)",
});
export const withdrawToDetails = endpoint<{ headers: typeof IdempotencyHeaders; body: typeof WithdrawPostBody; answer: typeof Withdrawal }>({
  method: 'POST', path: '/api/v1/transactions/withdraw', access: 'developer', tag, rateLimit: 'purchase', status: 201,
  summary: 'A developer asks to be paid out from the dev wallet to the saved details (minimum, 5 % fee, one open request at a time)',
});
export const withdrawQueue = endpoint<{ query: typeof WithdrawQueueQuery; answer: typeof WithdrawQueue }>({
  method: 'GET', path: '/api/v1/transactions/withdraw/processing', access: 'admin', tag,
  summary: 'Withdraw requests waiting for an admin, oldest first, with the full payout details',
});
export const confirmWithdraw = endpoint<{ body: typeof ConfirmWithdrawBody; answer: typeof Withdrawal }>({
  method: 'PATCH', path: '/api/v1/transactions/confirm-withdraw', access: 'admin', tag,
  summary: 'An admin marks a request SUCCESS (paid) or FAILED with a reason (the amount returns to the dev wallet)',
});
export const walletFeed = endpoint<{ params: typeof WalletIdParam; query: typeof FeedQuery; answer: typeof FeedPage }>({
  method: 'GET', path: '/api/v1/transactions/transaction/:walletId', access: 'user', tag,
  summary: "A page of one wallet's transactions in the newest client's types, newest first (its owner or an admin)",
});
