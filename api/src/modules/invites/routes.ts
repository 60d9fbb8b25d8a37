import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, Invite, InviteProgress } from '@zalik/contract';
import type { AppDeps } from '../../types/deps.js';
import { currentUser } from '../../plugins/auth.js';
import { createInvitesService } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

/** /api/v1/invites: the caller's invited friends and the referral bonus. */
export const invitesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const invites = createInvitesService(deps.db, deps.config);
  // The claim has no body, yet some HTTP clients still send `Content-Type: application/json`
  // with nothing after it; in this scope that is an empty body, not a JSON error.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch (e) {
      done(e as Error, undefined);
    }
  });

  app.get(
    '/',
    {
      schema: {
        tags: ['invites'],
        summary: "Friends who signed in through the caller's link, with what each paid for tasks (UAH, refunds excluded)",
        response: { 200: z.array(Invite), ...errors },
      },
    },
    (request) => invites.list(currentUser(request).telegramId),
  );

  app.get(
    '/isAvailableClaim',
    {
      schema: {
        tags: ['invites'],
        summary: 'A bare boolean: enough friends qualified and the bonus is not claimed yet',
        response: { 200: z.boolean(), ...errors },
      },
    },
    (request) => invites.isAvailableClaim(currentUser(request).telegramId),
  );

  app.get(
    '/link',
    {
      schema: {
        tags: ['invites'],
        summary: "The caller's invite link and progress towards the bonus",
        response: { 200: InviteProgress, ...errors },
      },
    },
    (request) => invites.progress(currentUser(request).telegramId),
  );

  app.put(
    '/deposit-amount',
    {
      schema: {
        tags: ['invites'],
        summary: 'Claims the referral bonus into the general wallet (once)',
        response: { 200: InviteProgress, ...errors },
      },
    },
    (request) => invites.claim(currentUser(request).telegramId),
  );
};
