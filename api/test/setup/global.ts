import { createTemplate } from './template.js';

/** vitest globalSetup: one migrated template database per run (see template.ts). */
export default async function setup(): Promise<() => Promise<void>> {
  return createTemplate(process.env.DATABASE_URL || undefined);
}
