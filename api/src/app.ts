import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin, frameworkErrors } from './plugins/errors.js';
import { healthRoutes } from './plugins/health.js';
import { metricsPlugin } from './plugins/metrics.js';
import { overloadPlugin } from './plugins/overload.js';
import { openapiPlugin } from './plugins/openapi.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { securityPlugin } from './plugins/security.js';
import { webPlugin } from './plugins/web.js';
import type { AppDeps } from './deps.js';
import { requestIdOf, runForRequest } from './lib/request-context.js';
import { usersRoutes } from './modules/users/routes.js';
import { registerRoutes } from './http/route.js';
import { demoRoutes } from './modules/demo/routes.js';
import { demoPaymentRoutes } from './modules/demo/payments.routes.js';
import { catalogueRoutes, catalogueScope } from './modules/catalogue/routes.js';
import { walletsRoutes } from './modules/wallets/routes.js';
import { payoutRoutes } from './modules/wallets/payout-routes.js';
import { ratesRoutes } from './modules/rates/routes.js';
import { depositsRoutes } from './modules/deposits/routes.js';
import { bankRoutes } from './modules/deposits/bank-routes.js';
import { ordersRoutes, ordersScope } from './modules/orders/routes.js';
import { identifierRoutes, templateRoutes, templatesScope } from './modules/generators/routes.js';
import { filesRoutes } from './modules/files/routes.js';
import { acceptSupportForm } from './modules/supports/form.js';
import { acceptEmptyJson, invitesRoutes } from './modules/invites/routes.js';
import { sharesRoutes } from './modules/shares/index.js';
import { discountsRoutes } from './modules/discounts/routes.js';
import { supportsRoutes } from './modules/supports/routes.js';
import { maintenanceRoutes } from './modules/maintenance/routes.js';
import { broadcastsRoutes } from './modules/broadcasts/routes.js';
import { explanationRoutes } from './modules/explanations/routes.js';
import { acceptUploads } from './http/multipart-doc.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { auditRoutes } from './modules/audit/routes.js';
import { reviewsRoutes, reviewsScope } from './modules/reviews/routes.js';
import { threadRoutes } from './modules/threads/routes.js';
import { invalidateOnWrite } from './db/catalogue-cache.js';

// AppDeps and createDeps moved to deps.ts (the one place things are wired); re-exported for existing importers.
export { createDeps, type AppDeps } from './deps.js';

/** Human-readable log lines for a terminal (pino-pretty runs in a worker thread of pino's transport). */
const PRETTY = { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } };

export interface BuildOptions {
  logger?: boolean;
  serveWeb?: boolean;
}

export async function buildApp(deps: AppDeps, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: deps.config.logLevel, ...(deps.config.logFormat === 'pretty' ? { transport: PRETTY } : {}) },
    // One line per request (below) instead of Fastify's two ("incoming request", "request completed").
    logController: new LogController({ disableRequestLogging: true }),
    // One id per request across instances and proxies: X-Request-Id when a proxy set one.
    genReqId: requestIdOf,
    bodyLimit: 1024 * 1024,
    // `/api/v1/news` and `/api/v1/news/` are one call (existing clients use both).
    routerOptions: { ignoreTrailingSlash: true },
    // Only the configured number of proxy hops may name the client IP (rate limits key on it).
    trustProxy: (_address: string, hop: number) => hop < deps.config.trustProxyHops,
    ajv: undefined,
    // Router errors (bad percent-escapes, over-long ids) skip the error handler: answer them in Ukrainian too.
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  // Jobs scheduled and messages queued while a request is handled record its id (lib/request-context.ts).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    runForRequest(request.id, done, request.ip);
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // initData may also arrive as text/plain from older clients.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  await app.register(errorsPlugin);
  app.decorate('unpagedListMax', deps.config.unpagedListMax);
  // First, so a request shed under load costs nothing further and every answer is counted.
  await app.register(overloadPlugin, { config: deps.config.overload });
  await app.register(metricsPlugin, { config: deps.config.metrics, database: deps.database });
  // Both watch routes as they are added, so they come before every route (docs included).
  await app.register(securityPlugin, { publicUrl: deps.config.publicUrl, production: deps.config.production });
  await app.register(rateLimitPlugin, { limits: deps.config.rateLimits, redis: deps.redis });
  await app.register(openapiPlugin);
  await app.register(authPlugin, { tokens: deps.tokens, users: deps.users, maintenance: deps.maintenance });

  deps.catalogue.start(deps.database, app.log);
  app.addHook('onClose', () => deps.catalogue.stop());
  // Open thread streams would hold the server open: they end before it closes (clients reconnect elsewhere).
  deps.threadHub.start(deps.database, app.log);
  app.addHook('preClose', async () => deps.threadHub.endAll());
  app.addHook('onClose', () => deps.threadHub.stop());

  await app.register(healthRoutes, { database: deps.database, blobs: deps.blobs, readiness: deps.readiness });

  await registerRoutes(app, usersRoutes(deps));
  await registerRoutes(app, catalogueRoutes(deps), (scope) => catalogueScope(scope, deps));
  await registerRoutes(app, walletsRoutes(deps));
  await registerRoutes(app, payoutRoutes(deps));
  await registerRoutes(app, ratesRoutes(deps));
  await registerRoutes(app, depositsRoutes(deps));
  await registerRoutes(app, bankRoutes(deps));
  await registerRoutes(app, ordersRoutes(deps), (scope) => ordersScope(scope, deps));
  await registerRoutes(app, [...templateRoutes(deps), ...identifierRoutes(deps)], (scope) => templatesScope(scope, deps));
  await registerRoutes(app, filesRoutes(deps));
  await registerRoutes(app, invitesRoutes(deps), acceptEmptyJson);
  await registerRoutes(app, sharesRoutes(deps), acceptEmptyJson);
  // A discount changes the price lists the catalogue keeps.
  await registerRoutes(app, discountsRoutes(deps), (scope) => invalidateOnWrite(scope, deps.catalogue, ['discounts']));
  await registerRoutes(app, supportsRoutes(deps), acceptSupportForm);
  await registerRoutes(app, maintenanceRoutes(deps));
  await registerRoutes(app, broadcastsRoutes(deps), acceptUploads);
  await registerRoutes(app, dashboardRoutes(deps));
  await registerRoutes(app, auditRoutes(deps));
  await registerRoutes(app, reviewsRoutes(deps), (scope) => reviewsScope(scope, deps));
  await registerRoutes(app, explanationRoutes(deps), acceptUploads);
  await registerRoutes(app, threadRoutes(deps), acceptUploads);
  if (deps.config.demo && !deps.config.production) {
    await registerRoutes(app, demoRoutes(app, deps));
    await registerRoutes(app, demoPaymentRoutes(deps));
  }

  if (opts.serveWeb !== false) await app.register(webPlugin, { root: deps.config.webDist, deps });
  return app;
}
