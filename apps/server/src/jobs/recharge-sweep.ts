import type { RechargeFlow } from '../flows/recharge.flow.js';
import type { Job } from './scheduler.js';

/**
 * Pending recharges whose notice has not come are asked about at their provider (a paid one is
 * credited as its notice would have been), and those past their time are closed. Each payment
 * is recorded under the recharge's row lock, so several instances never credit one twice.
 */
export function rechargeSweepJob(flow: Pick<RechargeFlow, 'sweep'>, everyMs = 60_000): Job {
  return {
    name: 'recharge-sweep',
    everyMs,
    run: async () => {
      const done = await flow.sweep();
      return done.credited + done.closed;
    },
  };
}
