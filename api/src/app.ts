import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin, frameworkErrors } from './plugins/errors.js';
import { healthRoutes } from './plugins/health.js';
import { openapiPlugin } from './plugins/openapi.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { securityPlugin } from './plugins/security.js';
import { webPlugin } from './plugins/web.js';
import type { AppDeps } from './types/deps.js';
import { usersRoutes } from './modules/users/routes.js';
import { registerRoutes } from './http/route.js';
import { demoRoutes } from './modules/demo/routes.js';
import { demoPaymentRoutes } from './modules/demo/payments.routes.js';
import { catalogueRoutes, catalogueScope } from './modules/catalogue/routes.js';
import { walletsRoutes } from './modules/wallets/routes.js';
import { depositsRoutes } from './modules/deposits/routes.js';
import { bankRoutes } from './modules/deposits/bank-routes.js';
import { ordersRoutes, ordersScope } from './modules/orders/routes.js';
import { templateRoutes, templatesScope } from './modules/generators/routes.js';
import { filesRoutes } from './modules/files/routes.js';
import { acceptSupportForm } from './modules/supports/form.js';
import { acceptEmptyJson, invitesRoutes } from './modules/invites/routes.js';
import { discountsRoutes } from './modules/discounts/routes.js';
import { supportsRoutes } from './modules/supports/routes.js';
import { maintenanceRoutes } from './modules/maintenance/routes.js';
import { broadcastsRoutes } from './modules/broadcasts/routes.js';
import { acceptUploads } from './modules/files/multipart-doc.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { invalidateOnWrite } from './modules/catalogue/cache.js';

// AppDeps and createDeps moved to deps.ts (the one place things are wired); re-exported for existing importers.
export { createDeps, type AppDeps } from './deps.js';

export interface BuildOptions {
  logger?: boolean;
  serveWeb?: boolean;
}

export async function buildApp(deps: AppDeps, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: deps.config.logLevel },
    // One line per request (below) instead of Fastify's two ("incoming request", "request completed").
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    // `/api/v1/news` and `/api/v1/news/` are one call (existing clients use both).
    routerOptions: { ignoreTrailingSlash: true },
    // Only the configured number of proxy hops may name the client IP (rate limits key on it).
    trustProxy: (_address: string, hop: number) => hop < deps.config.trustProxyHops,
    ajv: undefined,
    // Router errors (bad percent-escapes, over-long ids) skip the error handler: answer them in Ukrainian too.
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.addHook('onResponse', async (request, reply) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // initData may also arrive as text/plain from older clients.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  await app.register(errorsPlugin);
  // Both watch routes as they are added, so they come before every route (docs included).
  await app.register(securityPlugin, { publicUrl: deps.config.publicUrl, production: deps.config.production });
  await app.register(rateLimitPlugin, { limits: deps.config.rateLimits, redisUrl: deps.config.redisUrl });
  await app.register(openapiPlugin);
  await app.register(authPlugin, { tokens: deps.tokens, users: deps.users, maintenance: deps.maintenance });

  deps.catalogue.start(deps.database, app.log);
  app.addHook('onClose', () => deps.catalogue.stop());

  await app.register(healthRoutes, { database: deps.database, blobs: deps.blobs, readiness: deps.readiness });

  await registerRoutes(app, usersRoutes(deps));
  await registerRoutes(app, catalogueRoutes(deps), (scope) => catalogueScope(scope, deps));
  await registerRoutes(app, walletsRoutes(deps));
  await registerRoutes(app, depositsRoutes(deps));
  await registerRoutes(app, bankRoutes(deps));
  await registerRoutes(app, ordersRoutes(deps), (scope) => ordersScope(scope, deps));
  await registerRoutes(app, templateRoutes(deps), (scope) => templatesScope(scope, deps));
  await registerRoutes(app, filesRoutes(deps));
  await registerRoutes(app, invitesRoutes(deps), acceptEmptyJson);
  // A discount changes the price lists the catalogue keeps.
  await registerRoutes(app, discountsRoutes(deps), (scope) => invalidateOnWrite(scope, deps.catalogue, ['discounts']));
  await registerRoutes(app, supportsRoutes(deps), acceptSupportForm);
  await registerRoutes(app, maintenanceRoutes(deps));
  await registerRoutes(app, broadcastsRoutes(deps), acceptUploads);
  await registerRoutes(app, dashboardRoutes(deps));
  if (deps.config.demo && !deps.config.production) {
    await registerRoutes(app, demoRoutes(app, deps));
    await registerRoutes(app, demoPaymentRoutes(deps));
  }

  if (opts.serveWeb !== false) await app.register(webPlugin, { root: deps.config.webDist, deps });
  return app;
}
