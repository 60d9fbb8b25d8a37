import { Api } from 'grammy';
import { notificationKeyboard, startAppKeyboard } from './keyboards.js';
import { logSender, telegramSender } from './telegram-sender.js';
import type { CoreDeps } from '../../types/deps.js';
import { createOutboxWorker, createPacer } from './worker.js';

/** Uploads (up to 10 files of an order in one media group) may take minutes on a slow link. */
const SEND_TIMEOUT_SECONDS = 300;

/**
 * The outbox is sent by a recurring job: one instance at a time, every OUTBOX_POLL_MS. In
 * demo mode each message is written to the log instead (docs/BOT.md).
 */
export function registerOutboxJobs(deps: Pick<CoreDeps, 'config' | 'db' | 'jobs' | 'blobs'>): void {
  const { config } = deps;
  // Its own client with a long timeout, and a message lease that outlasts it.
  const api = config.demo ? null : new Api(config.botToken, { apiRoot: config.botApiRoot, timeoutSeconds: SEND_TIMEOUT_SECONDS });
  // One pacer for every run: runs follow each other, and the rate holds across them.
  const pace = createPacer(config.outboxRatePerSecond);
  deps.jobs.every('outbox.send', config.outboxPollMs, async ({ signal, log }) => {
    const sender = api
      ? telegramSender(api, deps.blobs, (chatId) => notificationKeyboard(config, chatId), (startApp) => startAppKeyboard(config, startApp))
      : logSender(log);
    await createOutboxWorker({ db: deps.db, sender, log, leaseSeconds: 2 * SEND_TIMEOUT_SECONDS, pace }).runOnce(signal);
  });
}
