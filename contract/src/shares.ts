import { z } from 'zod';

/**
 * A message the bot prepared for the caller to share (Bot API `savePreparedInlineMessage`):
 * the app hands `id` to Telegram's share dialog (`shareMessage`), which works until `expiresAt`.
 */
export const PreparedShare = z.object({ id: z.string(), expiresAt: z.string() });
export type PreparedShare = z.infer<typeof PreparedShare>;
