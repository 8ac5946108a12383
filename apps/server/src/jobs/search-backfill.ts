import type { Job } from './scheduler.js';

/**
 * Search terms for products and lots that have none (made before issue 18, or loaded
 * around the services): at start, then now and then. Batches are locked with SKIP LOCKED,
 * so two instances starting together share the work.
 */
export function searchBackfillJob(
  catalogue: { backfillSearchTerms(): Promise<number> },
  auctions: { backfillSearchTerms(): Promise<number> },
): Job {
  return {
    name: 'search-backfill',
    everyMs: 10 * 60_000,
    atStart: true,
    run: async () => (await catalogue.backfillSearchTerms()) + (await auctions.backfillSearchTerms()),
  };
}
