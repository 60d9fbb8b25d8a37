import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app.js';

/** Wallets, transactions, top-ups and withdrawals under /api/v1. */
export const walletsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  void app;
  void deps;
};
