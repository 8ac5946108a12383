import type { LimitsService } from '../modules/limits/limits.service.js';
import type { Job } from './scheduler.js';

/** The shared request counts whose window ended over an hour ago, deleted (any instance; the delete is idempotent). */
export function requestCountsJob(limits: Pick<LimitsService, 'prune'>): Job {
  return { name: 'request-counts-prune', everyMs: 10 * 60_000, run: () => limits.prune() };
}
