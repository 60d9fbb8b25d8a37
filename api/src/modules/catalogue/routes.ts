import type { FastifyInstance } from 'fastify';
import type { CoreDeps } from '../../types/deps.js';
import type { Route } from '../../http/route.js';
import { argumentsRoutes } from './arguments.js';
import { invalidateOnWrite } from '../../db/catalogue-cache.js';
import { developersRoutes } from './developers.js';
import { faqRoutes } from './faq.js';
import { newsRoutes } from './news.js';
import { subjectsRoutes } from './subjects.js';
import { teachersRoutes } from './teachers.js';
import { tasksRoutes } from './tasks/routes.js';
import { searchRoutes } from './search.js';

/**
 * Subjects, teachers, arguments, tasks, news and FAQ, the student's search across them, and the
 * creator filter's call (under /users, answered from the catalogue). Reads are for any signed-in user; writes are
 * admin-only (the endpoint table). Deleting archives (deleted_at), so purchases keep reading
 * what they bought.
 */
export const catalogueRoutes = (deps: CoreDeps): Route[] => [
  ...subjectsRoutes(deps),
  ...teachersRoutes(deps),
  ...argumentsRoutes(deps),
  ...tasksRoutes(deps),
  ...newsRoutes(deps),
  ...faqRoutes(deps),
  ...developersRoutes(deps),
  ...searchRoutes(deps),
];

/** Every write route of the catalogue drops this instance's cached reads. */
export function catalogueScope(scope: FastifyInstance, deps: CoreDeps): void {
  invalidateOnWrite(scope, deps.catalogue);
}
