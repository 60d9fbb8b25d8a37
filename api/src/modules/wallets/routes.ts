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
import type { AppDeps } from '../../types/deps.js';
import { route, type Route } from '../../http/route.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { assertSelfOrAdmin, currentUser } from '../../plugins/auth.js';
import { history } from './history.js';
import { deposit, walletsOf } from './service.js';
import { listWithdrawals, requestWithdrawal, resolveWithdrawal } from './withdrawals.js';

/** Wallets, transactions, top-ups and withdrawals. */
export const walletsRoutes = ({ db, config }: AppDeps): Route[] => {

  return [
    route(ep.walletsOfUser, { params: TelegramIdParam, answer: WalletList }, (request) => {
      assertSelfOrAdmin(request, request.params.telegramId);
      return walletsOf(db, Number(request.params.telegramId));
    }),

    route(ep.transactionsOfUser, { params: TelegramIdParam, query: TransactionQuery, answer: TransactionList }, (request) => {
      assertSelfOrAdmin(request, request.params.telegramId);
      return history(db, Number(request.params.telegramId), request.query);
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
      const key = request.headers['idempotency-key'];
      return db.transaction((tx) =>
        requestWithdrawal(tx, {
          userId: me.telegramId,
          card: request.body.cardNumber,
          amountKop: uahToKopecks(request.body.amount),
          clientKey: key,
          adminIds: config.adminTelegramIds,
        }),
      );
    }),

    route(ep.myWithdrawals, { query: WithdrawalQuery, answer: WithdrawalList }, (request) =>
      listWithdrawals(db, { ...request.query, userId: currentUser(request).telegramId }),
    ),

    route(ep.withdrawals, { query: WithdrawalQuery, answer: WithdrawalList }, (request) => listWithdrawals(db, request.query)),

    route(ep.resolveWithdrawal, { params: IdParam, body: WithdrawalResolveBody, answer: Withdrawal }, (request) =>
      db.transaction((tx) => resolveWithdrawal(tx, Number(request.params.id), request.body.status, currentUser(request).telegramId)),
    ),
  ];
};
