import type { Clock } from '../../lib/clock.js';
import type { LimitsRepository } from './limits.repository.js';

/**
 * Request counts every instance shares (the tight per-address limits): a fixed window a
 * key, counted and read in one atomic statement, so parallel requests on any number of
 * instances never pass a limit together.
 */
export function createLimitsService(d: { repo: LimitsRepository; clock: Clock }) {
  return {
    /** Counts one request of `key`; its count in the current window and the milliseconds left in it. */
    count: (key: string, windowMs: number) => d.repo.count(key, windowMs),

    /** Forgets the windows that ended over an hour ago (the job's run); how many. */
    prune: () => d.repo.deleteEndedBefore(new Date(d.clock.now() - 3_600_000)),
  };
}
export type LimitsService = ReturnType<typeof createLimitsService>;
