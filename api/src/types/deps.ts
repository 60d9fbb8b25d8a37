import type { Bot } from 'grammy';
import type { Config } from '../config.js';
import type { Database, Db, Executor } from '../db/client.js';
import type { TokenService } from '../lib/jwt.js';
import type { UsersService } from '../modules/users/service.js';
import type { DiscountsService } from '../modules/discounts/service.js';
import type { InvitesService } from '../modules/invites/service.js';
import type { FileLinks } from '../modules/files/signing.js';
import type { CatalogueCache } from '../modules/catalogue/cache.js';
import type { Sandbox } from '../modules/generators/sandbox.js';
import type { BlobStore } from '../ports/blob-store.js';
import type { GeneratorRegistry } from '../ports/generator.js';
import type { JobRegistry } from '../jobs/registry.js';
import type { MaintenanceService } from '../modules/maintenance/service.js';
import type { StarsGateway } from '../ports/stars.js';
import type { BotInbox } from '../bot/inbox.js';
import type { Readiness } from '../plugins/health.js';

// These types sit below deps.ts (which builds them) and the modules that use them, so that no
// module imports the wiring (which imports every module): scripts/check-cycles.mjs fails on
// such a loop.

/** A payer of the demo: does in-process what Telegram and the bank do for a real user. */
export interface DemoPayments {
  /** A Stars invoice the fake Bot API made, by its link's slug. */
  invoice(slug: string): { link: string; title: string; stars: number; payload: string } | undefined;
  /**
   * What Telegram does when `user` pays the Stars invoice `link`: the bot gets
   * pre_checkout_query, and when it agrees, a message with successful_payment. `ok: false`
   * carries the bot's refusal (nothing was charged).
   */
  payInvoice(link: string, user: { id: number; username: string; firstName: string }): Promise<{ ok: true } | { ok: false; message: string }>;
  /** An incoming transfer (UAH) into the demo jar, which the statement reader finds at its next read. */
  payJar(amountUah: number, comment: string): Promise<void>;
  /** The statement reader's wait between reads of the demo jar (the real bank allows one a minute). */
  bankReadGapMs: number;
  /** Stops the fakes (deps.dispose calls it). */
  close(): Promise<void>;
}

/** Everything a route list, the bot or a job may use; built once per app so tests can build many apps. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  tokens: TokenService;
  users: UsersService;
  discounts: DiscountsService;
  invites: InvitesService;
  /** Signs and checks the download links of order files (answers hand them out, files/ serves them). */
  links: FileLinks;
  /** Where uploaded templates and answer files live. */
  blobs: BlobStore;
  /** Auto-generated tasks: task.identifier -> Generator. */
  generators: GeneratorRegistry;
  /**
   * Worker threads that check uploaded DOCX templates, apart from the ones that render at
   * purchase, so an upload being checked never delays a purchase.
   */
  templateChecker: Sandbox;
  /** The maintenance switch, read through a short per-instance cache. */
  maintenance: MaintenanceService;
  /** The catalogue's hot reads in memory, dropped by the database's change feed. */
  catalogue: CatalogueCache;
  /** Background work (docs/JOBS.md): define jobs here, schedule them in a service's transaction; main.ts runs them. */
  jobs: JobRegistry;
  /** Telegram Stars invoices and refunds (null where no Bot API answers: Stars top-ups are refused). */
  stars: StarsGateway | null;
  /** The Telegram inbound adapter (in demo mode: polling the local fake Bot API, when it runs); bot/runtime.ts starts it. */
  bot: Bot | null;
  /** Where the bot's updates wait until handled (bot/inbox.ts); null with no bot. */
  botInbox: BotInbox | null;
  /** Demo mode's local stand-ins for Telegram's payments and the bank (modules/demo/payments.ts); null elsewhere. */
  demoPayments: DemoPayments | null;
  /** What `/readyz` reports besides its probes: main.ts sets `draining` when shutdown begins. */
  readiness: Readiness;
  /** Releases what createDeps started (the generators' sandbox); call after the app and the runner stopped. */
  dispose(): Promise<void>;
}

/** One step of the demo data; each area adds its own (catalogue, money, ...) in order (modules/demo/seed.ts). */
export type SeedStep = (tx: Executor, deps: AppDeps) => Promise<void>;
