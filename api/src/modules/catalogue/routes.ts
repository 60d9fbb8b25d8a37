import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app.js';

/** Subjects, teachers, arguments, tasks, news and FAQ under /api/v1. */
export const catalogueRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  void app;
  void deps;
};
