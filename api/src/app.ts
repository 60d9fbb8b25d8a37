import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { createTokenService, type TokenService } from './lib/jwt.js';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin, frameworkErrors } from './plugins/errors.js';
import { healthRoutes } from './plugins/health.js';
import { openapiPlugin } from './plugins/openapi.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { securityPlugin } from './plugins/security.js';
import { webPlugin } from './plugins/web.js';
import { createUsersService, type UsersService } from './modules/users/service.js';
import { usersRoutes } from './modules/users/routes.js';
import { registerRoutes } from './http/route.js';
import { demoRoutes } from './modules/demo/routes.js';
import { catalogueRoutes } from './modules/catalogue/routes.js';
import { walletsRoutes } from './modules/wallets/routes.js';
import { ordersRoutes } from './modules/orders/routes.js';
import { acceptEmptyJson, invitesRoutes } from './modules/invites/routes.js';
import { discountsRoutes } from './modules/discounts/routes.js';
import { supportsRoutes } from './modules/supports/routes.js';
import { CatalogueCache, invalidateOnWrite } from './modules/catalogue/cache.js';
import { LocalBlobStore, type BlobStore } from './ports/blob-store.js';
import { GeneratorRegistry } from './ports/generator.js';
import path from 'node:path';

/** Everything a route plugin may use; built once per app so tests can build many apps. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  tokens: TokenService;
  users: UsersService;
  /** Where uploaded templates and answer files live. */
  blobs: BlobStore;
  /** Auto-generated tasks: task.identifier -> Generator. */
  generators: GeneratorRegistry;
  /** The catalogue's hot reads in memory, dropped by the database's change feed. */
  catalogue: CatalogueCache;
}

export function createDeps(config: Config, database: Database): AppDeps {
  const db = database.db;
  const tokens = createTokenService(config.jwtSecret, config.jwtTtl);
  const users = createUsersService(db, config.adminTelegramIds);
  const blobs = new LocalBlobStore(path.join(config.dataDir, 'blobs'));
  const generators = new GeneratorRegistry();
  const catalogue = new CatalogueCache({ enabled: config.catalogueCache });
  return { config, database, db, tokens, users, blobs, generators, catalogue };
}

export interface BuildOptions {
  logger?: boolean;
  serveWeb?: boolean;
}

export async function buildApp(deps: AppDeps, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: deps.config.logLevel },
    // One line per request (below) instead of Fastify's two ("incoming request", "request completed").
    disableRequestLogging: true,
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
  await app.register(authPlugin, { tokens: deps.tokens, users: deps.users });

  deps.catalogue.start(deps.database, app.log);
  app.addHook('onClose', () => deps.catalogue.stop());

  await app.register(healthRoutes, { database: deps.database });

  await registerRoutes(app, usersRoutes(deps));
  await app.register(catalogueRoutes, deps);
  await registerRoutes(app, walletsRoutes(deps));
  await app.register(ordersRoutes, { prefix: '/api/v1', ...deps });
  await registerRoutes(app, invitesRoutes(deps), acceptEmptyJson);
  // A discount changes the price lists the catalogue keeps.
  await registerRoutes(app, discountsRoutes(deps), (scope) => invalidateOnWrite(scope, deps.catalogue, ['discounts']));
  await app.register(supportsRoutes, { prefix: '/api/v1/supports', ...deps });
  if (deps.config.demo && !deps.config.production) {
    await registerRoutes(app, demoRoutes(app, deps));
  }

  if (opts.serveWeb !== false) await app.register(webPlugin, { root: deps.config.webDist });
  return app;
}
