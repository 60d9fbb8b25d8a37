import { z } from 'zod';
import { MSG, SUPPORT_MESSAGE_MAX, SupportSent, endpoints as ep } from '@zalik/contract';
import type { CoreDeps } from '../../types/deps.js';
import { DEFAULT_RATE_LIMITS } from '../../config.js';
import { route, type Route } from '../../http/route.js';
import { badRequest } from '../../lib/errors.js';
import { currentUser } from '../../http/auth.js';
import { binaryFile } from '../../http/multipart-doc.js';
import { SUPPORT_BODY_LIMIT, readSupportForm } from './form.js';
import { storeSupportMessage } from './service.js';

/** Support messages one user may send per 10 minutes (RATE_LIMIT_SUPPORT overrides it). */
export const SUPPORT_MESSAGES_PER_WINDOW = DEFAULT_RATE_LIMITS.support.max;

/**
 * A message (and files) for the support chat. Every one lands in the support team's chat: the
 * app-wide limiter allows a user SUPPORT_MESSAGES_PER_WINDOW of them per 10 minutes by default.
 * Registered with `acceptSupportForm` (form.ts).
 */
export const supportsRoutes = ({ db, blobs, config }: CoreDeps): Route[] => [ep.sendSupport, ep.sendSupportNotification].map((e) =>
  route(
    e,
    { body: 'multipart', answer: SupportSent },
    async (request) => {
      const user = currentUser(request);
      if (!user.username) throw badRequest(MSG.usernameRequired);
      const { text, files } = await readSupportForm(request, blobs);
      const saved = await storeSupportMessage(
        { db, blobs, supportChatId: config.supportChatId },
        { telegramId: user.telegramId, username: user.username },
        text,
        files,
      );
      if (!config.supportChatId) request.log.warn({ id: saved.id }, 'SUPPORT_CHAT_ID is not set: support message stored only');
      return { id: String(saved.id), files: files.length };
    },
    {
      bodyLimit: SUPPORT_BODY_LIMIT,
      multipartDoc: z.object({ message: z.string().max(SUPPORT_MESSAGE_MAX), files: z.array(binaryFile('A file for the support team')).optional() }),
    },
  ),
);
