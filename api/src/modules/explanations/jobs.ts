import type { CoreDeps } from '../../types/deps.js';
import { refundQuestion } from './service.js';
import { staleQuestionIds } from './queries.js';

/** A question still unanswered this long after its timeout lost its process: its answer can no longer come. */
export const STALE_MARGIN_MS = 10_000;
const BATCH = 100;

/**
 * Refunds the questions a dead process left PENDING (killed while the provider answered).
 * Each refund is the same conditional PENDING -> REFUNDED as a failed request's, so a question
 * the request itself refunds meanwhile, or a second instance's run, moves money once.
 */
export function registerExplanationJobs(deps: CoreDeps): void {
  const { timeoutMs } = deps.config.explanations;
  deps.jobs.every('explanations.recover', Math.min(30_000, timeoutMs), async ({ log }) => {
    const ids = await staleQuestionIds(deps.db, timeoutMs + STALE_MARGIN_MS, BATCH);
    let refunded = 0;
    for (const id of ids) if (await refundQuestion(deps.db, id, 'lost')) refunded++;
    if (refunded) log.warn({ refunded }, 'explanation questions left unanswered by a stopped process refunded');
  });
}
