import { z } from 'zod';
import {
  BROADCAST_MAX_FILES, BROADCAST_MAX_FILE_BYTES, BROADCAST_MESSAGE_MAX, Broadcast, BroadcastAudienceQuery, BroadcastList, BroadcastRecipients,
  IdParam, MSG, endpoints as ep,
} from '@zalik/contract';
import type { CoreDeps } from '../../types/deps.js';
import { route, type Route } from '../../http/route.js';
import { notFound } from '../../lib/errors.js';
import { currentUser } from '../../http/auth.js';
import { binaryFile } from '../../http/multipart-doc.js';
import { broadcastById, countAudience, recentBroadcasts } from './queries.js';
import { courseOf, sendBroadcast, toBroadcast } from './service.js';

/** The page of broadcasts the admin screen lists. */
const RECENT = 50;

/** Admins' broadcasts (`/api/v1/notifications/...`); sending is the outbox's (docs/BOT.md "Broadcasts"). */
export const broadcastsRoutes = ({ db, blobs }: CoreDeps): Route[] => [
  route(ep.broadcastRecipients, { query: BroadcastAudienceQuery, answer: BroadcastRecipients }, (request) =>
    countAudience(db, courseOf(request.query.courseNumber)),
  ),
  route(
    ep.sendBroadcast,
    { body: 'multipart', answer: Broadcast },
    (request) => sendBroadcast({ db, blobs }, request, currentUser(request).telegramId),
    {
      bodyLimit: (BROADCAST_MAX_FILES + 1) * BROADCAST_MAX_FILE_BYTES + 64 * 1024,
      multipartDoc: z.object({
        courseNumber: z.string().describe('1-4, or all'),
        message: z.string().max(BROADCAST_MESSAGE_MAX),
        files: z.array(binaryFile('A file sent after the text')).optional(),
      }),
    },
  ),
  route(ep.broadcasts, { answer: BroadcastList }, async () => (await recentBroadcasts(db, RECENT)).map(toBroadcast)),
  route(ep.broadcast, { params: IdParam, answer: Broadcast }, async (request) => {
    const found = await broadcastById(db, Number(request.params.id));
    if (!found) throw notFound(MSG.broadcastNotFound);
    return toBroadcast(found);
  }),
];
