import { Api } from 'grammy';
import { ORDER_MAX_FILE_BYTES } from '@zalik/contract';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createTokenService } from './lib/jwt.js';
import { AuthUserCache } from './modules/users/auth-cache.js';
import { createUsersService } from './modules/users/service.js';
import { createDiscountsService } from './modules/discounts/service.js';
import { createInvitesService } from './modules/invites/service.js';
import { createMaintenanceService } from './modules/maintenance/service.js';
import { createFileLinks } from './modules/files/signing.js';
import { CatalogueCache } from './modules/catalogue/cache.js';
import { ensureWallet } from './modules/ledger/service.js';
import { registerBanNotifications } from './modules/outbox/notifications.js';
import { createOutboxWorker, createPacer } from './modules/outbox/worker.js';
import { createDocxTemplateGenerator } from './modules/generators/docx-template.js';
import { Sandbox } from './modules/generators/sandbox.js';
import { createBlobStore } from './ports/blob-store-from-config.js';
import { ORPHAN_MIN_AGE_MS, sweepOnce } from './modules/files/sweep.js';
import { GeneratorRegistry } from './ports/generator.js';
import { createBot, notificationKeyboard } from './bot/bot.js';
import { createInbox, pruneInbox } from './bot/inbox.js';
import { logSender, telegramSender } from './bot/sender.js';
import { JobRegistry, type JobLog } from './jobs/registry.js';
import { createJobRunner, type JobRunner } from './jobs/runner.js';
import { pruneFinished } from './jobs/queries.js';
import { telegramStars } from './ports/stars.js';
import { registerDepositJobs } from './modules/deposits/jobs.js';
import { registerOrderJobs } from './modules/orders/jobs.js';
import { registerInvitesJobs } from './modules/invites/jobs.js';

import type { AppDeps, DemoPayments } from './types/deps.js';

export type { AppDeps, SeedStep } from './types/deps.js';


/** Uploads (up to 10 files of an order in one media group) may take minutes on a slow link. */
const SEND_TIMEOUT_SECONDS = 300;
const STARS_TIMEOUT_SECONDS = 15;
/** The inbox job's interval: a safety net, since an update is normally handled as soon as it is stored. */
const INBOX_POLL_MS = 1000;

export interface CreateDepsOptions {
  /**
   * Demo mode with its local fakes running (modules/demo/payments.ts, started by main.ts): the
   * config's Bot API and bank point at them, so Stars and the bot work as with a real bot.
   */
  demoPayments?: DemoPayments;
}

/**
 * The one place the application is wired: services, the hooks between areas, generators,
 * the bot and the background jobs. Route lists and the bot only use what is here.
 */
export function createDeps(config: Config, database: Database, opts: CreateDepsOptions = {}): AppDeps {
  const demoPayments = opts.demoPayments ?? null;
  // A Bot API answers: Telegram's, or in demo mode the local fake when it runs.
  const botApi = !config.demo || demoPayments !== null;
  const db = database.db;
  const sandbox = new Sandbox({ size: 2, timeoutMs: 10_000, maxOutputBytes: ORDER_MAX_FILE_BYTES, maxHeapMb: 256 });
  const templateChecker = new Sandbox({ size: 1, timeoutMs: 10_000, maxOutputBytes: ORDER_MAX_FILE_BYTES, maxHeapMb: 256 });
  const catalogue = new CatalogueCache({ enabled: config.catalogueCache });
  const deps: AppDeps = {
    config,
    database,
    db,
    tokens: createTokenService(config.jwtSecret, config.jwtTtl),
    users: createUsersService(db, config.adminTelegramIds, new AuthUserCache(catalogue)),
    discounts: createDiscountsService(db),
    invites: createInvitesService(db, config),
    maintenance: createMaintenanceService(db),
    links: createFileLinks(config.jwtSecret, config.publicUrl),
    blobs: createBlobStore(config),
    generators: new GeneratorRegistry(),
    templateChecker,
    catalogue,
    jobs: new JobRegistry(),
    // A short timeout: an admin waits on the refund call, a student on the invoice link.
    stars: botApi ? telegramStars(new Api(config.botToken, { apiRoot: config.botApiRoot, timeoutSeconds: STARS_TIMEOUT_SECONDS })) : null,
    bot: null,
    botInbox: null,
    demoPayments,
    readiness: { draining: false },
    dispose: async () => {
      await Promise.all([sandbox.close(), templateChecker.close(), demoPayments?.close()]);
    },
  };

  // Hooks between areas, run inside the triggering transaction.
  // A developer's dev wallet opens with the role.
  deps.users.onRoleGranted(async (tx, telegramId, role) => {
    if (role === 'ROLE_DEVELOPER') await ensureWallet(tx, telegramId, 'dev');
  });
  registerBanNotifications(deps);

  deps.generators.register(createDocxTemplateGenerator({ db, blobs: deps.blobs, sandbox }));

  registerOutbox(deps);
  // Deadlines, acceptance windows and reminders of orders (modules/orders/timers.ts).
  registerOrderJobs(deps);
  registerInvitesJobs(deps);
  // Files a killed process stored without their row (docs/SECURITY.md "Files nobody owns").
  deps.jobs.every('blobs.sweep', ORPHAN_MIN_AGE_MS, async ({ log }) => {
    const r = await sweepOnce(deps);
    if (r?.removed.length) log.info({ scanned: r.scanned, removed: r.removed.length }, 'orphan files removed');
  });
  registerDepositJobs(deps, demoPayments ? { gapMs: demoPayments.bankReadGapMs } : {});
  // Finished one-off jobs are history nobody reads: the table keeps JOBS_KEEP_DAYS of them.
  deps.jobs.every('jobs.prune', 3_600_000, async ({ log }) => {
    const removed = await pruneFinished(db, config.jobsKeepDays);
    if (removed) log.info({ removed }, 'finished jobs deleted');
  });
  if (botApi) registerBot(deps);
  return deps;
}

/**
 * The bot handles its updates from the inbox (docs/BOT.md "Receiving updates"): the instance
 * that stored an update handles it at once; this job picks up retries that came due, updates
 * another instance stored, and those of an instance that died.
 */
function registerBot(deps: AppDeps): void {
  const bot = createBot(deps);
  const inbox = createInbox({ db: deps.db, bot });
  deps.bot = bot;
  deps.botInbox = inbox;
  deps.jobs.every('bot.inbox', INBOX_POLL_MS, async ({ log, signal }) => {
    await inbox.runOnce(log, signal);
  });
  deps.jobs.every('bot.inbox.prune', 3_600_000, async ({ log }) => {
    const removed = await pruneInbox(deps.db, deps.config.botInboxKeepDays);
    if (removed) log.info({ removed }, 'handled bot updates deleted');
  });
}

/**
 * The outbox is sent by a recurring job: one instance at a time, every OUTBOX_POLL_MS. In
 * demo mode each message is written to the log instead (docs/BOT.md).
 */
function registerOutbox(deps: AppDeps): void {
  const { config } = deps;
  // Its own client with a long timeout, and a message lease that outlasts it.
  const api = config.demo ? null : new Api(config.botToken, { apiRoot: config.botApiRoot, timeoutSeconds: SEND_TIMEOUT_SECONDS });
  // One pacer for every run: runs follow each other, and the rate holds across them.
  const pace = createPacer(config.outboxRatePerSecond);
  deps.jobs.every('outbox.send', config.outboxPollMs, async ({ signal, log }) => {
    const sender = api ? telegramSender(api, deps.blobs, (chatId) => notificationKeyboard(config, chatId)) : logSender(log);
    await createOutboxWorker({ db: deps.db, sender, log, leaseSeconds: 2 * SEND_TIMEOUT_SECONDS, pace }).runOnce(signal);
  });
}

/** The job runner for these deps, as main.ts starts it (tests that need background work start one too). */
export function createRunner(deps: AppDeps, log: JobLog): JobRunner {
  return createJobRunner({
    db: deps.db,
    registry: deps.jobs,
    log,
    pollMs: deps.config.jobsPollMs,
    concurrency: deps.config.jobsConcurrency,
  });
}
