import type { FastifyRequest } from 'fastify';
import type { Access, RateLimitName } from '@zalik/contract';
import { forbidden, unauthorized } from '../lib/errors.js';
import type { AuthUser } from '../types/auth.js';

// What a route reads of the signed-in user, below the modules; plugins/auth.ts fills it in.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** From the endpoint table: who may call the route (see @zalik/contract's Access). */
    access?: Access;
    /** From the endpoint table: the rate limit the route counts against. */
    limit?: RateLimitName;
    /**
     * From the endpoint table: a harmless read a banned user may still make: clients ask for it before they look at the
     * token's ban claim, and would wait for ever on a 403 instead of showing the blocked screen.
     */
    allowBanned?: boolean;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** The signed-in user of a route whose access is not `public`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** Self or an admin: for routes under `/user/{telegramId}`. */
export function assertSelfOrAdmin(request: FastifyRequest, telegramId: string | number): AuthUser {
  const user = currentUser(request);
  if (!user.isAdmin && String(user.telegramId) !== String(telegramId)) throw forbidden();
  return user;
}
