import { Api } from 'grammy';
import { ORDER_MAX_FILE_BYTES } from '@zalik/contract';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createTokenService } from './lib/jwt.js';
import { AuthUserCache } from './modules/users/auth-cache.js';
import { createUsersService } from './modules/users/service.js';
import { createMaintenanceService } from './modules/maintenance/service.js';
import { createFileLinks } from './modules/files/signing.js';
import { CatalogueCache } from './db/catalogue-cache.js';
import { ensureWallet } from './modules/ledger/service.js';
import { registerBanNotifications } from './modules/outbox/notifications.js';
import { registerOutboxJobs } from './modules/outbox/jobs.js';
import { createDocxTemplateGenerator } from './modules/generators/docx-template.js';
import { Sandbox } from './modules/generators/sandbox.js';
import { createBlobStore } from './ports/blob-store-from-config.js';
import { registerFileJobs } from './modules/files/jobs.js';
import { GeneratorRegistry } from './ports/generator.js';
import { createBot } from './bot/bot.js';
import { createInbox } from './bot/inbox.js';
import { registerBotJobs } from './bot/jobs.js';
import { JobRegistry, type JobLog } from './jobs/registry.js';
import { createJobRunner, type JobRunner } from './jobs/runner.js';
import { registerJobsJobs } from './jobs/jobs.js';
import { registerUserJobs } from './modules/users/jobs.js';
import { telegramStars } from './ports/stars.js';
import { telegramPreparedMessages, type PreparedMessages } from './ports/prepared-messages.js';
import { registerDepositJobs } from './modules/deposits/jobs.js';
import { registerOrderJobs } from './modules/orders/jobs.js';
import { registerInvitesJobs } from './modules/invites/jobs.js';
import { registerCatalogueJobs } from './modules/catalogue/jobs.js';
import { registerWalletJobs } from './modules/wallets/jobs.js';
import { registerExplanationJobs } from './modules/explanations/jobs.js';
import { registerThreadJobs } from './modules/threads/jobs.js';
import { registerDashboardJobs } from './modules/dashboard/jobs.js';
import { ThreadHub } from './modules/threads/hub.js';
import { openAiProvider } from './modules/explanations/provider.js';
import type { ExplanationsService } from './modules/explanations/index.js';

import type { Bot } from 'grammy';
import { redisPageEnds } from './lib/page-keys.js';
import { closeRedis, openRedis } from './lib/redis.js';
import { databaseTag } from './db/database-tag.js';
import type { CoreDeps, DemoPayments } from './types/deps.js';
import type { UsersService } from './modules/users/service.js';
import type { FileLinks } from './modules/files/signing.js';
import type { MaintenanceService } from './modules/maintenance/service.js';
import type { BotInbox } from './bot/inbox.js';
import type { Readiness } from './plugins/health.js';

export type { CoreDeps, SeedStep } from './types/deps.js';

/**
 * Everything the app is built from, once per app so tests can build many apps: the
 * infrastructure (CoreDeps) and the areas' services. Only the wiring (this file, app.ts,
 * main.ts) names it; an area takes the part it uses, so it never imports this file.
 */
export interface AppDeps extends CoreDeps {
  users: UsersService;
  /** The cards a user shares into Telegram chats (null where no Bot API answers: sharing falls back to a link). */
  prepared: PreparedMessages | null;
  /** Signs and checks the download links of order files (answers hand them out, files/ serves them). */
  links: FileLinks;
  /**
   * Worker threads that check uploaded DOCX templates, apart from the ones that render at
   * purchase, so an upload being checked never delays a purchase.
   */
  templateChecker: Sandbox;
  /** The maintenance switch, read through a short per-instance cache. */
  maintenance: MaintenanceService;
  /** The Telegram inbound adapter (in demo mode: polling the local fake Bot API, when it runs); bot/runtime.ts starts it. */
  bot: Bot | null;
  /** Where the bot's updates wait until handled (bot/inbox.ts); null with no bot. */
  botInbox: BotInbox | null;
  /** What `/readyz` reports besides its probes: main.ts sets `draining` when shutdown begins. */
  readiness: Readiness;
  /** The AI tutor of an order: its settings and provider (null provider: the feature is off). */
  explanations: ExplanationsService;
  /** The order threads' live streams open on this instance, fed by the database's change feed (app.ts starts and stops it). */
  threadHub: ThreadHub;
  /** Releases what createDeps started (the generators' sandbox); call after the app and the runner stopped. */
  dispose(): Promise<void>;
}

const STARS_TIMEOUT_SECONDS = 15;

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
  const blobs = createBlobStore(config);
  const redis = config.redisUrl ? openRedis(config.redisUrl) : null;
  // The embedded database has one instance: no page end to share.
  const pageEnds = redis && config.databaseUrl ? redisPageEnds(redis, () => databaseTag(db)) : null;
  const deps: AppDeps = {
    config,
    database,
    db,
    tokens: createTokenService(config.jwtSecret, config.jwtTtl),
    users: createUsersService(db, config.adminTelegramIds, new AuthUserCache(catalogue), pageEnds),
    maintenance: createMaintenanceService(db),
    links: createFileLinks(config.jwtSecret, config.publicUrl),
    blobs,
    generators: new GeneratorRegistry(),
    templateChecker,
    catalogue,
    jobs: new JobRegistry(),
    redis,
    pageEnds,
    // A short timeout: an admin waits on the refund call, a student on the invoice link.
    stars: botApi ? telegramStars(new Api(config.botToken, { apiRoot: config.botApiRoot, timeoutSeconds: STARS_TIMEOUT_SECONDS })) : null,
    prepared: botApi ? telegramPreparedMessages(new Api(config.botToken, { apiRoot: config.botApiRoot, timeoutSeconds: STARS_TIMEOUT_SECONDS })) : null,
    bot: null,
    botInbox: null,
    explanations: {
      config: config.explanations,
      blobs,
      provider: config.explanations.provider ? openAiProvider({ ...config.explanations, provider: config.explanations.provider }) : null,
    },
    demoPayments,
    threadHub: new ThreadHub(),
    readiness: { draining: false },
    dispose: async () => {
      await Promise.all([sandbox.close(), templateChecker.close(), demoPayments?.close(), redis && closeRedis(redis)]);
    },
  };

  // Hooks between areas, run inside the triggering transaction.
  // A developer's dev wallet opens with the role.
  deps.users.onRoleGranted(async (tx, telegramId, role) => {
    if (role === 'ROLE_DEVELOPER') await ensureWallet(tx, telegramId, 'dev');
  });
  registerBanNotifications(deps);

  deps.generators.register(createDocxTemplateGenerator({ db, blobs: deps.blobs, sandbox }));

  // The background work, each area's own (docs/JOBS.md "Adding a job").
  registerOutboxJobs(deps);
  registerOrderJobs(deps);
  registerInvitesJobs(deps);
  registerCatalogueJobs(deps);
  registerWalletJobs(deps);
  registerExplanationJobs(deps);
  registerThreadJobs(deps);
  registerFileJobs(deps);
  registerDepositJobs(deps, demoPayments ? { gapMs: demoPayments.bankReadGapMs } : {});
  registerUserJobs(deps);
  registerDashboardJobs(deps);
  registerJobsJobs(deps);
  if (botApi) registerBot(deps);
  return deps;
}

/** The bot, built from these deps, with the jobs that drain its inbox. */
function registerBot(deps: AppDeps): void {
  const bot = createBot(deps);
  const inbox = createInbox({ db: deps.db, bot });
  deps.bot = bot;
  deps.botInbox = inbox;
  registerBotJobs(deps, inbox);
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
