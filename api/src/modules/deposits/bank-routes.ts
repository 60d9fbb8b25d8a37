import {
  BankPaymentCreditBody, BankPaymentList, BankPaymentParam, BankPaymentQuery, MonobankWebhookBody, Ok, WalletList, endpoints as ep,
} from '@zalik/contract';
import type { CoreDeps } from '../../types/deps.js';
import { route, type Route } from '../../http/route.js';
import { currentUser } from '../../http/auth.js';
import { listBankPayments } from './bank.queries.js';
import { creditBankPayment, toBankPayment } from './bank-payments.js';
import { bringReadForward } from './monobank.js';

/** A statement item notice is well under 2 KB; anything much larger is not the bank. */
const WEBHOOK_BODY_LIMIT = 16 * 1024;

/** The jar's bank payments for admins, and the bank's webhook (docs/LEDGER.md "Monobank jar"). */
export const bankRoutes = (deps: CoreDeps): Route[] => {
  const { db, config } = deps;
  return [
    route(ep.bankPayments, { query: BankPaymentQuery, answer: BankPaymentList }, async (request) =>
      (await listBankPayments(db, request.query)).map(toBankPayment),
    ),

    route(ep.creditBankPayment, { params: BankPaymentParam, body: BankPaymentCreditBody, answer: WalletList }, (request) =>
      creditBankPayment(db, { id: request.params.id, userId: Number(request.body.userTelegramId), adminId: currentUser(request).telegramId }),
    ),

    // The bank checks the URL with a GET when the webhook is set.
    route(ep.monobankWebhookCheck, { answer: Ok }, () => ({ ok: true as const })),

    route(
      ep.monobankWebhook,
      { body: MonobankWebhookBody, answer: Ok },
      async (request) => {
        // Unsigned: it only brings the next statement read forward, and only when it names our jar
        // (the bank also reports the owner's other accounts). Nothing is credited from it.
        if (request.body.data?.account === config.deposits.monobank.jarAccount) await bringReadForward(deps);
        return { ok: true as const };
      },
      { bodyLimit: WEBHOOK_BODY_LIMIT },
    ),
  ];
};
