import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app.js';

/** Purchases (POST /tasks/process), histories, developer deliveries and file downloads under /api/v1. */
export const ordersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  void app;
  void deps;
};
