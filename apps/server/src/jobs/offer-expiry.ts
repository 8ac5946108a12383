import type { SecondChanceFlow } from '../flows/second-chance.flow.js';
import type { Job } from './scheduler.js';

/**
 * Second-chance offers lapse a day after they were made: each run expires the open ones past
 * their time in one conditional statement (SKIP LOCKED), so an offer is expired, and its
 * member told, once even with several instances.
 */
export function offerExpiryJob(flow: Pick<SecondChanceFlow, 'expireDue'>, everyMs = 60_000): Job {
  return { name: 'offer-expiry', everyMs, run: () => flow.expireDue() };
}
