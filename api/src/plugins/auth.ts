import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG, type Access, ID_PATTERN } from '@zalik/contract';
import { HttpError, forbidden, unauthorized } from '../lib/errors.js';
import type { TokenService } from '../lib/jwt.js';
import type { UsersService } from '../modules/users/index.js';
import { assertNotInMaintenance, type MaintenanceService } from '../modules/maintenance/index.js';
import type { AuthUser } from '../types/auth.js';

export type { Access };

export type { AuthUser };

function bearer(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return m?.[1]?.trim() || null;
}

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { tokens: TokenService; users: UsersService; maintenance: MaintenanceService }) => {
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      const url = request.routeOptions.url;
      // Only the product API is guarded by default; docs, health and the web app are open.
      const access = request.routeOptions.config.access ?? (url?.startsWith('/api/v1/') ? 'user' : 'public');
      if (access === 'public') return;
      const token = bearer(request);
      if (!token) throw unauthorized(MSG.tokenMissing);
      const claims = await opts.tokens.verify(token);
      if (claims === 'expired') {
        throw new HttpError(401, MSG.tokenExpired, { error: MSG.tokenExpired });
      }
      if (claims === 'invalid') throw unauthorized(MSG.tokenInvalid);
      // A signed token whose subject is no Telegram ID names nobody: the same 401 as an unknown user.
      if (!ID_PATTERN.test(claims.sub) || !Number.isSafeInteger(Number(claims.sub))) throw unauthorized(MSG.tokenInvalid);
      const user = await opts.users.loadAuthUser(Number(claims.sub));
      if (!user) throw unauthorized(MSG.tokenInvalid);
      if (user.banned && !request.routeOptions.config.allowBanned) throw forbidden(MSG.banned);
      // Maintenance: admins keep working; everyone else is told why. Checked when a request
      // starts, so a purchase already past this point finishes whole.
      await assertNotInMaintenance(opts.maintenance, user.isAdmin);
      request.user = user;
      if (access === 'admin' && !user.isAdmin) throw forbidden();
      if (access === 'developer' && !user.isDeveloper) throw forbidden(MSG.forbidden);
    });
  },
  { name: 'auth' },
);
