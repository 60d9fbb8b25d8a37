import { endpoint } from '../endpoint.js';
import type { IdParam, Ok } from '../common.js';
import type {
  BankPaymentCreditBody, BankPaymentList, BankPaymentParam, BankPaymentQuery, DemoInvoice, DemoInvoiceParam, DemoJarPayBody, DemoPayAnswer,
  DepositOptions, DepositRequest, DepositRequestBody, DepositRequestList, DepositRequestQuery, MonobankWebhookBody,
} from '../deposits.js';
import type { WalletList } from '../wallet.js';

const tag = 'deposits';

export const depositOptions = endpoint<{ answer: typeof DepositOptions }>({
  method: 'GET', path: '/api/v1/transactions/request/deposit/options', access: 'user', tag,
  summary: 'What the top-up sheet offers: limits, presets, and each provider with its Stars price settings',
});
export const createDepositRequest = endpoint<{ body: typeof DepositRequestBody; answer: typeof DepositRequest }>({
  method: 'POST', path: '/api/v1/transactions/request/deposit', access: 'user', tag, rateLimit: 'purchase',
  summary: 'A top-up to pay with Telegram Stars (an invoice link) or through the bank jar (a link and a code for the comment)',
});
export const depositRequest = endpoint<{ params: typeof IdParam; answer: typeof DepositRequest }>({
  method: 'GET', path: '/api/v1/transactions/request/deposit/:id', access: 'user', tag,
  summary: "A deposit request's status: PENDING, PAID, EXPIRED or REFUNDED (its owner or an admin)",
});
export const myDepositRequests = endpoint<{ query: typeof DepositRequestQuery; answer: typeof DepositRequestList }>({
  method: 'GET', path: '/api/v1/transactions/request/deposit/my', access: 'user', tag,
  summary: "The caller's own deposit requests, newest first",
});
export const depositRequests = endpoint<{ query: typeof DepositRequestQuery; answer: typeof DepositRequestList }>({
  method: 'GET', path: '/api/v1/transactions/request/deposit', access: 'admin', tag,
  summary: 'Deposit requests for admins, newest first, by status and provider',
});
export const refundDepositRequest = endpoint<{ params: typeof IdParam; answer: typeof DepositRequest }>({
  method: 'POST', path: '/api/v1/transactions/request/deposit/:id/refund', access: 'admin', tag,
  summary: 'Refunds a paid Stars top-up whose amount is still in the wallet (Telegram returns the Stars)',
});
export const bankPayments = endpoint<{ query: typeof BankPaymentQuery; answer: typeof BankPaymentList }>({
  method: 'GET', path: '/api/v1/transactions/bank-payments', access: 'admin', tag,
  summary: "Items of the jar's bank statement, newest first; UNMATCHED ones name no deposit request",
});
export const creditBankPayment = endpoint<{ params: typeof BankPaymentParam; body: typeof BankPaymentCreditBody; answer: typeof WalletList }>({
  method: 'POST', path: '/api/v1/transactions/bank-payments/:id/credit', access: 'admin', tag,
  summary: "Credits an unmatched bank payment to a user's general wallet, once; answers the user's wallets",
});

export const monobankWebhookCheck = endpoint<{ answer: typeof Ok }>({
  method: 'GET', path: '/api/v1/transactions/monobank/webhook', access: 'public', tag,
  summary: "Answers the bank's check of the webhook URL (made when the webhook is set)",
});
export const monobankWebhook = endpoint<{ body: typeof MonobankWebhookBody; answer: typeof Ok }>({
  method: 'POST', path: '/api/v1/transactions/monobank/webhook', access: 'public', tag,
  summary: "The bank's notice of a jar statement item: unsigned, so it only brings the next statement read forward; nothing is credited from it",
});

// Demo mode only (no BOT_TOKEN, not production): the local fakes' stand-ins for Telegram and the bank.
export const demoStarsInvoice = endpoint<{ params: typeof DemoInvoiceParam; answer: typeof DemoInvoice }>({
  method: 'GET', path: '/api/dev/stars/invoice/:slug', access: 'public', demoOnly: true, tag: 'demo',
  summary: "What the emulated payment sheet shows for a Stars invoice link's slug",
});
export const demoStarsPay = endpoint<{ params: typeof DemoInvoiceParam; answer: typeof DemoPayAnswer }>({
  method: 'POST', path: '/api/dev/stars/invoice/:slug/pay', access: 'public', demoOnly: true, tag: 'demo',
  summary: "Pays a Stars invoice as Telegram would: the fake Bot API sends the bot pre_checkout_query, then successful_payment",
});
export const demoJarPay = endpoint<{ body: typeof DemoJarPayBody; answer: typeof DemoPayAnswer }>({
  method: 'POST', path: '/api/dev/monobank/pay', access: 'public', demoOnly: true, tag: 'demo',
  summary: "Adds an incoming transfer with this comment to the fake bank jar; the statement reader credits it at its next read",
});
