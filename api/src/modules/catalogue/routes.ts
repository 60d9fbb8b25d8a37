import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../types/deps.js';
import { argumentsRoutes } from './arguments.js';
import { invalidateOnWrite } from './cache.js';
import { developersRoutes } from './developers.js';
import { faqRoutes } from './faq.js';
import { newsRoutes } from './news.js';
import { subjectsRoutes } from './subjects.js';
import { teachersRoutes } from './teachers.js';
import { tasksRoutes } from './tasks/routes.js';

/**
 * Subjects, teachers, arguments, tasks, news and FAQ under /api/v1. Reads are for any
 * signed-in user; writes are admin-only (route config). Deleting archives (deleted_at), so
 * purchases keep reading what they bought.
 */
export const catalogueRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  invalidateOnWrite(app, deps.catalogue);
  await app.register(subjectsRoutes, { ...deps, prefix: '/subjects' });
  await app.register(teachersRoutes, { ...deps, prefix: '/teachers' });
  await app.register(argumentsRoutes, { ...deps, prefix: '/arguments' });
  await app.register(tasksRoutes, { ...deps, prefix: '/tasks' });
  await app.register(newsRoutes, { ...deps, prefix: '/news' });
  await app.register(faqRoutes, { ...deps, prefix: '/faq' });
  // The creator filter's call lives under /users but answers from the catalogue.
  await app.register(developersRoutes, { ...deps, prefix: '/users' });
};
