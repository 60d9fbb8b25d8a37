import type { CoreDeps } from '../../types/deps.js';
import { ORPHAN_MIN_AGE_MS, sweepOnce } from './sweep.js';

/** Files a killed process stored without their row (docs/SECURITY.md "Files nobody owns"). */
export function registerFileJobs(deps: CoreDeps): void {
  deps.jobs.every('blobs.sweep', ORPHAN_MIN_AGE_MS, async ({ log }) => {
    const r = await sweepOnce(deps);
    if (r?.removed.length) log.info({ scanned: r.scanned, removed: r.removed.length }, 'orphan files removed');
  });
}
