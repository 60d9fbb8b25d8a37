import { z } from 'zod';
import { Id, IsoDate } from './common.js';
import { COURSES } from './constants.js';
import { MSG } from './messages.js';

/** Telegram's longest message text. */
export const BROADCAST_MESSAGE_MAX = 4096;
export const BROADCAST_MAX_FILES = 3;
export const BROADCAST_MAX_FILE_BYTES = 5 * 1024 * 1024;
/** Messages a second the bot sends in all, under Telegram's ~30 a second for a bot. */
export const BROADCAST_RATE_PER_SECOND = 25;

/** The newest client's (1.21.5) word for everyone in its course picker. */
export const BROADCAST_ALL_CLIENT = 'ВСІ';
/** `courseNumber`: 1-4, or `all` (everyone; `ВСІ` from the newest client means the same). Multipart fields arrive as text. */
export const BroadcastAudience = z
  .union([z.literal('all'), z.literal(BROADCAST_ALL_CLIENT), z.enum(COURSES.map(String) as ['1', '2', '3', '4'])], {
    error: MSG.broadcastAudience,
  })
  .transform((a) => (a === BROADCAST_ALL_CLIENT ? 'all' : a));
export const BroadcastAudienceQuery = z.object({ courseNumber: BroadcastAudience });
export const BroadcastRecipients = z.object({ recipients: z.number(), skipped: z.number() });

/** A broadcast and how its sending goes: `left` is still queued; `failed` Telegram refused for good. */
export const Broadcast = z.object({
  id: Id,
  courseNumber: z.number().nullable(),
  message: z.string(),
  files: z.array(z.object({ fileName: z.string(), size: z.number() })),
  recipients: z.number(),
  skipped: z.number(),
  sent: z.number(),
  failed: z.number(),
  left: z.number(),
  createdAt: IsoDate,
  createdBy: z.object({ telegramId: Id, username: z.string() }),
});
export type Broadcast = z.infer<typeof Broadcast>;
export const BroadcastList = z.array(Broadcast);
