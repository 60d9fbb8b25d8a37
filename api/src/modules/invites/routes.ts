import type { FastifyInstance } from 'fastify';
import { Flag, InviteList, InviteProgress, endpoints as ep } from '@zalik/contract';
import { claimInviteBonus, invitedFriends, inviteProgress, isClaimAvailable, type InvitesDeps } from './service.js';
import { route, type Route } from '../../http/route.js';
import { sendJsonArray } from '../../http/json-stream.js';
import { currentUser } from '../../http/auth.js';

/** The caller's invited friends and the referral bonus. */
export const invitesRoutes = (deps: InvitesDeps): Route[] => [
  route(ep.invitedFriends, { answer: InviteList }, (request, reply) => sendJsonArray(reply, invitedFriends(deps.db, currentUser(request).telegramId))),
  route(ep.canClaimInviteBonus, { answer: Flag }, (request) => isClaimAvailable(deps, currentUser(request).telegramId)),
  route(ep.inviteLink, { answer: InviteProgress }, (request) => inviteProgress(deps, currentUser(request).telegramId)),
  route(ep.claimInviteBonus, { answer: InviteProgress }, (request) => claimInviteBonus(deps, currentUser(request).telegramId)),
];

/**
 * The claim has no body, yet some HTTP clients still send `Content-Type: application/json`
 * with nothing after it; in this scope that is an empty body, not a JSON error.
 */
export function acceptEmptyJson(scope: FastifyInstance): void {
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch (e) {
      done(e as Error, undefined);
    }
  });
}
