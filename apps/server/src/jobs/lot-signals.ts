import type { IntegrityService } from '../modules/integrity/integrity.service.js';
import type { Job } from './scheduler.js';

/**
 * Bidding signals of lots that closed (issue 18): scored after the close committed, never in
 * the bid path; a lot already scored since its close is skipped, so several instances at
 * once only repeat a computation, never change its result.
 */
export function lotSignalsJob(integrity: Pick<IntegrityService, 'computeClosed'>): Job {
  return { name: 'lot-signals', everyMs: 30_000, run: () => integrity.computeClosed() };
}
