import type { CoreDeps } from '../types/deps.js';
import { pruneInbox, type BotInbox } from './inbox.js';

/** The inbox job's interval: a safety net, since an update is normally handled as soon as it is stored. */
const INBOX_POLL_MS = 1000;

/**
 * The bot handles its updates from the inbox (docs/BOT.md "Receiving updates"): the instance
 * that stored an update handles it at once; `bot.inbox` picks up retries that came due, updates
 * another instance stored, and those of an instance that died.
 */
export function registerBotJobs(deps: Pick<CoreDeps, 'config' | 'db' | 'jobs'>, inbox: BotInbox): void {
  deps.jobs.every('bot.inbox', INBOX_POLL_MS, async ({ log, signal }) => {
    await inbox.runOnce(log, signal);
  });
  deps.jobs.every('bot.inbox.prune', 3_600_000, async ({ log }) => {
    const removed = await pruneInbox(deps.db, deps.config.botInboxKeepDays);
    if (removed) log.info({ removed }, 'handled bot updates deleted');
  });
}
