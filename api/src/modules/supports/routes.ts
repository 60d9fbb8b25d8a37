import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app.js';

/** /api/v1/supports */
export const supportsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  void app;
  void deps;
};
