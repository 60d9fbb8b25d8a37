import {
  DepositBody,
  IdParam,
  IdempotencyHeaders,
  JarAnswer,
  MIN_TOPUP_UAH,
  MSG,
  TelegramIdParam,
  TransactionList,
  TransactionQuery,
  WalletList,
  WithdrawBody,
  Withdrawal,
  WithdrawalList,
  WithdrawalQuery,
  WithdrawalResolveBody,
  isValidCard,
  endpoints as ep,
  uahToKopecks,
} from '@zalik/contract';
import type { CoreDeps } from '../../types/deps.js';
import { route, type Route } from '../../http/route.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { assertSelfOrAdmin, currentUser } from '../../http/auth.js';
import { history } from './history.js';
import { createPageKeys } from '../../lib/page-keys.js';
import type { TransferKey } from './queries.js';
import { deposit, walletsOf } from './service.js';
import { listWithdrawals, requestWithdrawal, resolveWithdrawal } from './withdrawals.js';
import { sealedDetails } from './details.js';
import { insertDetailsIfNone } from './payouts.queries.js';

/** Wallets, transactions, top-ups and withdrawals. */
export const walletsRoutes = ({ db, config, jobs, pageEnds }: CoreDeps): Route[] => {
  const payoutEnv = { jobs, payouts: config.payouts };
  const transactionPages = createPageKeys<TransferKey>('transactions', pageEnds);

  return [
    route(ep.walletsOfUser, { params: TelegramIdParam, answer: WalletList }, (request) => {
      assertSelfOrAdmin(request, request.params.telegramId);
      return walletsOf(db, Number(request.params.telegramId));
    }),

    route(ep.transactionsOfUser, { params: TelegramIdParam, query: TransactionQuery, answer: TransactionList }, (request) => {
      assertSelfOrAdmin(request, request.params.telegramId);
      return history(db, Number(request.params.telegramId), request.query, transactionPages);
    }),

    route(ep.depositByAdmin, { headers: IdempotencyHeaders, body: DepositBody, answer: WalletList }, (request) =>
      deposit(db, {
        adminId: currentUser(request).telegramId,
        userId: Number(request.body.userTelegramId),
        amountKop: uahToKopecks(request.body.amount),
        clientKey: request.headers['idempotency-key'],
      }),
    ),

    route(ep.jar, { answer: JarAnswer }, () => ({ link: config.jarUrl, minAmount: MIN_TOPUP_UAH })),

    route(ep.withdraw, { headers: IdempotencyHeaders, body: WithdrawBody, answer: Withdrawal }, async (request) => {
      const me = currentUser(request);
      if (!me.isDeveloper) throw forbidden(MSG.notDeveloper);
      if (!isValidCard(request.body.cardNumber)) throw badRequest(MSG.cardInvalid);
      const card = request.body.cardNumber;
      return db.transaction(async (tx) => {
        // Older clients type the card each time: it becomes the saved details when there are none.
        await insertDetailsIfNone(tx, me.telegramId, sealedDetails(config.payouts, 'BANK_CARD', card));
        return requestWithdrawal(tx, payoutEnv, {
          userId: me.telegramId,
          details: { type: 'CARD', value: card },
          amountKop: uahToKopecks(request.body.amount),
          clientKey: request.headers['idempotency-key'],
        });
      });
    }),

    route(ep.myWithdrawals, { query: WithdrawalQuery, answer: WithdrawalList }, (request) =>
      listWithdrawals(db, config.payouts.detailsKey, { ...request.query, userId: currentUser(request).telegramId }),
    ),

    route(ep.withdrawals, { query: WithdrawalQuery, answer: WithdrawalList }, (request) => listWithdrawals(db, config.payouts.detailsKey, request.query)),

    route(ep.resolveWithdrawal, { params: IdParam, body: WithdrawalResolveBody, answer: Withdrawal }, async (request) =>
      (await db.transaction((tx) =>
        resolveWithdrawal(tx, payoutEnv, Number(request.params.id), { status: request.body.status, adminId: currentUser(request).telegramId }),
      ))!,
    ),
  ];
};
