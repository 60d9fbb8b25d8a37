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
 * /users, answered from the catalogue). Reads are for any signed-in user; writes are
 * admin-only (the endpoint table). Deleting archives (deleted_at), so purchases keep reading
 * what they bought.
 */
export const catalogueRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // Before the routes: an onRoute hook only sees routes registered after it (child scopes
  // inherit it), and every write route here must drop this instance's cached reads.
  invalidateOnWrite(app, deps.catalogue);
  await registerRoutes(app, [
    ...subjectsRoutes(deps),
    ...teachersRoutes(deps),
    ...argumentsRoutes(deps),
    ...tasksRoutes(deps),
    ...newsRoutes(deps),
    ...faqRoutes(deps),
    ...developersRoutes(deps),
  ]);
};
