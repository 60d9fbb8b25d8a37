import { GrammyError, type Bot } from 'grammy';
import type { Update } from 'grammy/types';
import { retryDelayMs, type JobLog } from '../jobs/index.js';
import { ALLOWED_UPDATES } from './bot.js';
import type { BotInbox } from './inbox.js';
import { sleep } from '../lib/sleep.js';

const LONG_POLL_SECONDS = 30;
const BACKOFF_CAP_MS = 5000;
/**
 * How long a poller waits after Telegram handed the updates to another one (409) before it asks
 * again: long enough that two pollers take turns (each for this long) instead of cutting each
 * other's requests short all the time.
 */
export const CONFLICT_RETRY_MS = 30_000;

/**
 * Long polling that confirms an update to Telegram only once it is in the inbox: the offset
 * of the next getUpdates moves past a batch only after the batch was stored. A failed store
 * asks for the same offset again after a wait, so Telegram hands the batch out again; nothing
 * is skipped. (grammY's own polling confirms every update it tried, stored or not.)
 *
 * Another poller of the same bot (a second instance, or the old process of a deploy that
 * starts the new one first) makes Telegram end the older request with 409. That poller waits
 * `conflictRetryMs` and asks again instead of stopping for good: had it stopped, the one left
 * polling could be the instance about to exit, and paid Stars would wait unread until the next
 * restart. Two pollers take turns; the inbox keeps each update once, whichever stored it.
 * Resolves when `signal` aborts, or when Telegram refuses the token (401).
 */
export async function pollUpdates(
  bot: Bot,
  inbox: BotInbox,
  log: JobLog,
  signal: AbortSignal,
  conflictRetryMs = CONFLICT_RETRY_MS,
): Promise<void> {
  // grammY's declarations name an older AbortSignal type; the object is the same.
  const abort = signal as Parameters<Bot['init']>[0];
  let offset: number | undefined;
  let failures = 0;
  let started = false;
  const backoff = () => sleep(retryDelayMs(++failures, 100, BACKOFF_CAP_MS), signal);

  while (!signal.aborted) {
    let updates: Update[];
    try {
      if (!started) {
        // A webhook left from webhook mode would make getUpdates fail; its pending updates are kept.
        await bot.api.deleteWebhook({ drop_pending_updates: false }, abort);
        await bot.init(abort);
        log.info({ bot: bot.botInfo.username }, 'bot polling');
        started = true;
      }
      updates = await bot.api.getUpdates({ offset, timeout: LONG_POLL_SECONDS, allowed_updates: [...ALLOWED_UPDATES] }, abort);
    } catch (err) {
      if (signal.aborted) return;
      if (err instanceof GrammyError && err.error_code === 401) {
        log.error({ err }, 'bot polling stopped: Telegram refused BOT_TOKEN');
        return;
      }
      if (err instanceof GrammyError && err.error_code === 409) {
        log.warn({ err, retryMs: conflictRetryMs }, 'another process polls this bot (several instances: set BOT_WEBHOOK_URL); polling again later');
        await sleep(conflictRetryMs, signal);
        continue;
      }
      log.warn({ err }, 'getUpdates failed; asking again');
      await backoff();
      continue;
    }
    if (!updates.length) continue;
    try {
      await inbox.store(updates);
    } catch (err) {
      if (signal.aborted) return;
      log.warn({ err, updates: updates.length }, 'bot updates could not be stored; asking for them again');
      await backoff();
      continue;
    }
    failures = 0;
    offset = updates.at(-1)!.update_id + 1;
    inbox.wake(log);
  }
}
