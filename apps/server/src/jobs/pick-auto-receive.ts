import type { CustodyService } from '../modules/custody/custody.service.js';
import type { Job } from './scheduler.js';

/**
 * Shipped pick-ups complete by themselves `pickAutoReceiveDays` (a setting) after
 * shipping. Each run takes due pick-ups with FOR UPDATE SKIP LOCKED and moves each with a
 * conditional update from `shipped`, so several instances never complete one twice.
 */
export function pickAutoReceiveJob(custody: Pick<CustodyService, 'receiveDue'>, everyMs = 60_000): Job {
  return { name: 'pick-auto-receive', everyMs, run: () => custody.receiveDue() };
}
