import type { CoreDeps } from '../../types/deps.js';
import { addMissingFaq } from './content.queries.js';
import { FAQ_DEFAULTS } from './faq-defaults.js';

/** Adds the FAQ's default questions an installation lacks (migration 0080 schedules it once). */
export const FAQ_DEFAULTS_JOB = 'catalogue.faq-defaults';

declare module '../../jobs/registry.js' {
  interface JobPayloads {
    [FAQ_DEFAULTS_JOB]: Record<string, never>;
  }
}

export function registerCatalogueJobs(deps: CoreDeps): void {
  deps.jobs.define(FAQ_DEFAULTS_JOB, async ({ log }) => {
    const added = await deps.db.transaction((tx) => addMissingFaq(tx, FAQ_DEFAULTS));
    log.info({ added }, 'default FAQ questions added');
  });
}
