import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  DepositBody,
  ErrorBody,
  IdParam,
  IdempotencyKey,
  JarAnswer,
  MIN_TOPUP_UAH,
  MSG,
  TelegramIdParam,
  Transaction,
  TransactionQuery,
  Wallet,
  WithdrawBody,
  Withdrawal,
  WithdrawalQuery,
  WithdrawalResolveBody,
  isValidCard,
  uahToKopecks,
} from '@zalik/contract';
import type { AppDeps } from '../../types/deps.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { assertSelfOrAdmin, currentUser } from '../../plugins/auth.js';
import { history } from './history.js';
import { deposit, walletsOf } from './service.js';
import { listWithdrawals, requestWithdrawal, resolveWithdrawal } from './withdrawals.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** The optional `Idempotency-Key` header of a money call, validated. */
function clientKey(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const parsed = IdempotencyKey.safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) throw badRequest(MSG.idempotencyKeyInvalid);
  return parsed.data;
}

/** Wallets, transactions, top-ups and withdrawals under /api/v1. */
export const walletsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {

  app.get(
    '/wallets/user/:telegramId',
    { schema: { tags: ['wallets'], summary: "A user's wallets (self or admin)", params: TelegramIdParam, response: { 200: z.array(Wallet), ...errors } } },
    (request) => {
      assertSelfOrAdmin(request, request.params.telegramId);
      return walletsOf(db, Number(request.params.telegramId));
    },
  );

  app.get(
    '/transactions/history/user/:telegramId',
    {
      schema: {
        tags: ['wallets'],
        summary: "A page of a user's transactions, newest first (self or admin)",
        params: TelegramIdParam,
        querystring: TransactionQuery,
        response: { 200: z.array(Transaction), ...errors },
      },
    },
    (request) => {
      assertSelfOrAdmin(request, request.params.telegramId);
      return history(db, Number(request.params.telegramId), request.query);
    },
  );

  app.patch(
    '/wallets/deposit',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['wallets'],
        summary: "Admin top-up of a user's general wallet; answers the user's wallets",
        body: DepositBody,
        response: { 200: z.array(Wallet), ...errors },
      },
    },
    (request) =>
      deposit(db, {
        adminId: currentUser(request).telegramId,
        userId: Number(request.body.userTelegramId),
        amountKop: uahToKopecks(request.body.amount),
        clientKey: clientKey(request),
      }),
  );

  app.get(
    '/wallets/jar',
    { schema: { tags: ['wallets'], summary: 'The bank jar for card top-ups', response: { 200: JarAnswer, ...errors } } },
    () => ({ link: config.jarUrl, minAmount: MIN_TOPUP_UAH }),
  );

  app.patch(
    '/wallets/withdraw',
    {
      schema: {
        tags: ['wallets'],
        summary: 'A developer asks to be paid out from the dev wallet (5 % fee); answers the pending request',
        body: WithdrawBody,
        response: { 200: Withdrawal, ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      if (!me.isDeveloper) throw forbidden(MSG.notDeveloper);
      if (!isValidCard(request.body.cardNumber)) throw badRequest(MSG.cardInvalid);
      const key = clientKey(request);
      return db.transaction((tx) =>
        requestWithdrawal(tx, {
          userId: me.telegramId,
          card: request.body.cardNumber,
          amountKop: uahToKopecks(request.body.amount),
          clientKey: key,
          adminIds: config.adminTelegramIds,
        }),
      );
    },
  );

  app.get(
    '/wallets/withdrawals/my',
    {
      schema: {
        tags: ['wallets'],
        summary: "The caller's own withdraw requests, newest first (card masked)",
        querystring: WithdrawalQuery,
        response: { 200: z.array(Withdrawal), ...errors },
      },
    },
    (request) => listWithdrawals(db, { ...request.query, userId: currentUser(request).telegramId }),
  );

  app.get(
    '/wallets/withdrawals',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['wallets'],
        summary: 'Withdraw requests for admins, newest first (full card number while pending)',
        querystring: WithdrawalQuery,
        response: { 200: z.array(Withdrawal), ...errors },
      },
    },
    (request) => listWithdrawals(db, request.query),
  );

  app.patch(
    '/wallets/withdrawals/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['wallets'],
        summary: 'An admin marks a pending withdraw request PAID (after paying the card) or REJECTED (money returns)',
        params: IdParam,
        body: WithdrawalResolveBody,
        response: { 200: Withdrawal, ...errors },
      },
    },
    (request) =>
      db.transaction((tx) => resolveWithdrawal(tx, Number(request.params.id), request.body.status, currentUser(request).telegramId)),
  );
};
