import { sql } from 'drizzle-orm';
import { rows } from '../../db/client.js';
import type { CoreDeps, SeedStep } from '../../types/deps.js';
import { PERSONAS } from '../users/index.js';
import { seedCatalogue } from '../catalogue/index.js';
import { seedWallets } from '../wallets/index.js';
import { seedOrders } from '../orders/index.js';
import { seedInvites } from '../orders/index.js';
import { seedReviews } from '../reviews/index.js';
import { seedThreads } from '../threads/index.js';

export type { SeedStep };

const seedPersonas: SeedStep = async (tx, deps) => {
  for (const p of PERSONAS) {
    await tx.execute(sql`
      INSERT INTO users (telegram_id, username, first_name, last_name, course_number)
      VALUES (${Number(p.telegramId)}, ${p.username}, ${p.firstName}, ${p.lastName}, ${p.role === 'ROLE_USER' ? 0 : 1})
      ON CONFLICT (telegram_id) DO NOTHING`);
  }
  for (const p of PERSONAS) {
    if (p.role === 'ROLE_USER') continue;
    await tx.execute(sql`INSERT INTO user_roles (telegram_id, role) VALUES (${Number(p.telegramId)}, ${p.role}) ON CONFLICT DO NOTHING`);
  }
  void deps;
};

// Order matters: the catalogue needs the personas, money needs wallets, orders need tasks and
// money; a conversation needs its order; the invited friends buy from the catalogue; their accepted orders get reviews.
export const SEED_STEPS: SeedStep[] = [seedPersonas, seedCatalogue, seedWallets, seedOrders, seedThreads, seedInvites, seedReviews];

/** The `meta` row that says a database has had its demo data (benchmarks write it to keep theirs out). */
export const DEMO_SEEDED_KEY = 'demo_seeded';

/** Seeds the demo data once per database: a marker row makes later starts skip it. */
export async function seedDemo(deps: CoreDeps, steps: SeedStep[] = SEED_STEPS): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const marked = await rows(tx, sql`INSERT INTO meta (key, value) VALUES (${DEMO_SEEDED_KEY}, now()::text) ON CONFLICT DO NOTHING RETURNING key`);
    if (marked.length === 0) return false;
    for (const step of steps) await step(tx, deps);
    return true;
  });
}
