import type { SeedStep } from '../demo/seed.js';

/** Demo data of this area, applied once on a fresh demo database after the personas. */
export const seedWallets: SeedStep = async () => {};
