import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app.js';
import { registerRoutes } from '../../http/route.js';
import { argumentsRoutes } from './arguments.js';
import { invalidateOnWrite } from './cache.js';
import { developersRoutes } from './developers.js';
import { faqRoutes } from './faq.js';
import { newsRoutes } from './news.js';
import { subjectsRoutes } from './subjects.js';
import { teachersRoutes } from './teachers.js';
import { tasksRoutes } from './tasks/routes.js';

/**
 * Subjects, teachers, arguments, tasks, news and FAQ, and the creator filter's call (under
 * /users, answered from the catalogue). Reads are for any
 * signed-in user; writes are admin-only (route config). Deleting archives (deleted_at), so
 * purchases keep reading what they bought.
 */
export const catalogueRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  invalidateOnWrite(app, deps.catalogue);
  await app.register(subjectsRoutes, { ...deps, prefix: '/api/v1/subjects' });
  await app.register(teachersRoutes, { ...deps, prefix: '/api/v1/teachers' });
  await app.register(argumentsRoutes, { ...deps, prefix: '/api/v1/arguments' });
  await app.register(tasksRoutes, { ...deps, prefix: '/api/v1/tasks' });
  await registerRoutes(app, [...newsRoutes(deps), ...faqRoutes(deps), ...developersRoutes(deps)]);
};
