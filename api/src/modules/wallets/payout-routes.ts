import {
  ConfirmWithdrawBody,
  FeedPage,
  FeedQuery,
  IdempotencyHeaders,
  PaymentDetailsBody,
  PayoutRules,
  TelegramIdParam,
  WalletEntry,
  WalletEntryList,
  WalletIdParam,
  WithdrawPostBody,
  WithdrawQueue,
  WithdrawQueueQuery,
  Withdrawal,
  endpoints as ep,
  uahToKopecks,
} from '@zalik/contract';
import type { CoreDeps } from '../../types/deps.js';
import { route, type Route } from '../../http/route.js';
import { assertSelfOrAdmin, currentUser } from '../../http/auth.js';
import { ownDevWallet, payoutRules, saveDetails, savedDetails, walletEntries } from './details.js';
import { withdrawQueue } from './desk.js';
import { walletFeed } from './feed.js';
import { createPageKeys } from '../../lib/page-keys.js';
import type { TransferKey } from './queries.js';
import { requestWithdrawal, resolveWithdrawal } from './withdrawals.js';

/** The payout desk: saved details, the newest client's wallet calls, and the admins' queue. */
export const payoutRoutes = ({ db, config, jobs, pageEnds }: CoreDeps): Route[] => {
  const payoutEnv = { jobs, payouts: config.payouts };
  const feedPages = createPageKeys<TransferKey>('feed', pageEnds);
  return [
    route(ep.walletEntries, { params: TelegramIdParam, answer: WalletEntryList }, (request) => {
      assertSelfOrAdmin(request, request.params.telegramId);
      return walletEntries(db, Number(request.params.telegramId));
    }),

    route(ep.payoutRules, { answer: PayoutRules }, () => payoutRules(config.payouts)),

    route(ep.savePaymentDetails, { body: PaymentDetailsBody, answer: WalletEntry }, (request) =>
      saveDetails(db, config.payouts, {
        userId: currentUser(request).telegramId,
        walletId: Number(request.body.walletId),
        type: request.body.paymentDetailsType,
        value: request.body.paymentDetails,
      }),
    ),

    route(ep.withdrawToDetails, { headers: IdempotencyHeaders, body: WithdrawPostBody, answer: Withdrawal }, (request) => {
      const me = currentUser(request);
      return db.transaction(async (tx) => {
        await ownDevWallet(tx, Number(request.body.encodedWalletId), me.telegramId);
        return requestWithdrawal(tx, payoutEnv, {
          userId: me.telegramId,
          details: await savedDetails(tx, config.payouts, me.telegramId),
          amountKop: uahToKopecks(request.body.amount),
          clientKey: request.headers['idempotency-key'],
        });
      });
    }),

    route(ep.withdrawQueue, { query: WithdrawQueueQuery, answer: WithdrawQueue }, (request) =>
      withdrawQueue(db, config.payouts.detailsKey, request.query.page, request.query.limit),
    ),

    route(ep.confirmWithdraw, { body: ConfirmWithdrawBody, answer: Withdrawal }, async (request) => {
      const { transactionId, status, reason } = request.body;
      const how = { status: status === 'SUCCESS' ? ('PAID' as const) : ('REJECTED' as const), adminId: currentUser(request).telegramId, reason };
      return (await db.transaction((tx) => resolveWithdrawal(tx, payoutEnv, Number(transactionId), how)))!;
    }),

    route(ep.walletFeed, { params: WalletIdParam, query: FeedQuery, answer: FeedPage }, (request) =>
      walletFeed(db, currentUser(request), Number(request.params.walletId), request.query.page, request.query.limit, feedPages),
    ),
  ];
};
