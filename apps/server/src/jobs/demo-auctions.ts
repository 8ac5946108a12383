import type { Services } from '../app.js';
import type { Job } from './scheduler.js';

/**
 * The demo's rolling auction schedule (only with DEMO_DATA=1): live lots with bids, upcoming
 * ones and ended ones, from the first start on. The demo package (its data, drawing code and
 * sharp) is loaded only here, only then.
 */
export async function demoAuctionsJob(services: Services, everyMs = 20_000): Promise<Job> {
  const { runDemoAuctions } = await import('../db/seed/demo.seed.js');
  let stopping = false;
  return {
    name: 'demo-auctions',
    everyMs,
    atStart: true,
    stop: () => {
      stopping = true;
    },
    run: async () => {
      const done = await runDemoAuctions(services, () => stopping);
      return done.lots + done.bids + done.paid;
    },
  };
}
