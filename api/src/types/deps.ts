import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import type { Database, Db, Executor } from '../db/client.js';
import type { TokenService } from '../lib/jwt.js';
import type { SharedPageEnds } from '../lib/page-keys.js';
import type { CatalogueCache } from '../db/catalogue-cache.js';
import type { BlobStore } from '../ports/blob-store.js';
import type { GeneratorRegistry } from '../ports/generator.js';
import type { JobRegistry } from '../jobs/registry.js';
import type { StarsGateway } from '../ports/stars.js';

// These types sit below deps.ts (which builds them) and the areas that use them, so that no
// area imports the wiring (which imports every area).

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

/**
 * The infrastructure every area may use, built once per app by deps.ts. An area's own service
 * is not here: an area that needs another's names it beside these (`CoreDeps & { users: UsersService }`,
 * the type from that area's index.ts), so this file, like every folder below the areas, imports none.
 */
export interface CoreDeps {
  config: Config;
  database: Database;
  db: Db;
  tokens: TokenService;
  /** Where uploaded templates and answer files live. */
  blobs: BlobStore;
  /** Auto-generated tasks: task.identifier -> Generator. */
  generators: GeneratorRegistry;
  /** The catalogue's hot reads in memory, dropped by the database's change feed. */
  catalogue: CatalogueCache;
  /** The instance's one Redis connection (REDIS_URL; lib/redis.ts): the rate limiter's counters and the shared page ends. */
  redis: Redis | null;
  /** Where every instance finds the page ends the others served (Redis, with REDIS_URL); null: each its own (lib/page-keys.ts). */
  pageEnds: SharedPageEnds | null;
  /** Background work (docs/JOBS.md): define jobs here, schedule them in a service's transaction; main.ts runs them. */
  jobs: JobRegistry;
  /** Telegram Stars invoices and refunds (null where no Bot API answers: Stars top-ups are refused). */
  stars: StarsGateway | null;
  /** Demo mode's local stand-ins for Telegram's payments and the bank (modules/demo/payments.ts); null elsewhere. */
  demoPayments: DemoPayments | null;
}

/** One step of the demo data; each area adds its own (catalogue, money, ...) in order (modules/demo/seed.ts). */
export type SeedStep = (tx: Executor, deps: CoreDeps) => Promise<void>;
