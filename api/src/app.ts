import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { createTokenService, type TokenService } from './lib/jwt.js';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin } from './plugins/errors.js';
import { openapiPlugin } from './plugins/openapi.js';
import { webPlugin } from './plugins/web.js';
import { createUsersService, type UsersService } from './modules/users/service.js';
import { usersRoutes } from './modules/users/routes.js';
import { demoRoutes } from './modules/demo/routes.js';

/** Everything a route plugin may use; built once per app so tests can build many apps. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  tokens: TokenService;
  users: UsersService;
}

export function createDeps(config: Config, database: Database): AppDeps {
  const db = database.db;
  const tokens = createTokenService(config.jwtSecret, config.jwtTtl);
  const users = createUsersService(db, config.adminTelegramIds);
  return { config, database, db, tokens, users };
}

export interface BuildOptions {
  logger?: boolean;
  serveWeb?: boolean;
}

export async function buildApp(deps: AppDeps, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: deps.config.logLevel },
    bodyLimit: 1024 * 1024,
    // Behind Telegram's and a load balancer's proxies the client IP is in X-Forwarded-For.
    trustProxy: true,
    ajv: undefined,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // initData may also arrive as text/plain from older clients.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  await app.register(errorsPlugin);
  await app.register(openapiPlugin);
  await app.register(authPlugin, { tokens: deps.tokens, users: deps.users });

  app.get('/healthz', { config: { access: 'public' }, schema: { hide: true } }, async () => ({ status: 'ok' }));

  await app.register(usersRoutes, { prefix: '/api/v1/users', ...deps });
  if (deps.config.demo && !deps.config.production) {
    await app.register(demoRoutes, { prefix: '/api/dev', ...deps });
  }

  if (opts.serveWeb !== false) await app.register(webPlugin, { root: deps.config.webDist });
  return app;
}
