import type { Config } from './config.js';
import type { Database, Db, Executor } from './db/client.js';
import type { TokenService } from './lib/jwt.js';
import type { UsersService } from './modules/users/service.js';
import type { CatalogueCache } from './modules/catalogue/cache.js';
import type { BlobStore } from './ports/blob-store.js';
import type { GeneratorRegistry } from './ports/generator.js';

// These types sit below app.ts and the modules that both use them, so that no module imports
// app.ts (which imports every module): scripts/check-cycles.mjs fails on such a loop.

/** Everything a route plugin may use; built once per app so tests can build many apps. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  tokens: TokenService;
  users: UsersService;
  /** Where uploaded templates and answer files live. */
  blobs: BlobStore;
  /** Auto-generated tasks: task.identifier -> Generator. */
  generators: GeneratorRegistry;
  /** The catalogue's hot reads in memory, dropped by the database's change feed. */
  catalogue: CatalogueCache;
}

/** One step of the demo data; each area adds its own (catalogue, money, ...) in order (modules/demo/seed.ts). */
export type SeedStep = (tx: Executor, deps: AppDeps) => Promise<void>;
