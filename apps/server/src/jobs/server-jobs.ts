import type { Services } from '../app.js';
import { auctionJobs } from './auction-jobs.js';
import { demoAuctionsJob } from './demo-auctions.js';
import { lotSignalsJob } from './lot-signals.js';
import { ledgerReconcileJob } from './ledger-reconcile.js';
import { offerExpiryJob } from './offer-expiry.js';
import { orderExpiryJob } from './order-expiry.js';
import { pickAutoReceiveJob } from './pick-auto-receive.js';
import { rechargeSweepJob } from './recharge-sweep.js';
import { requestCountsJob } from './request-counts.js';
import { smsRetryJob } from './sms-retry.js';
import { watchRemindersJob } from './watch-reminders.js';
import { searchBackfillJob } from './search-backfill.js';
import type { Job } from './scheduler.js';

/** Every interval job of the server, the demo's only when demo data is on. */
export async function serverJobs(services: Services, opts: { demo: boolean }): Promise<Job[]> {
  return [
    orderExpiryJob(services.orderCancelFlow),
    pickAutoReceiveJob(services.custody),
    rechargeSweepJob(services.rechargeFlow),
    smsRetryJob(services.sms),
    ...auctionJobs({
      auctions: services.auctions,
      lotClose: services.lotCloseFlow,
      notices: services.notices,
      clock: services.clock,
    }),
    lotSignalsJob(services.integrity),
    watchRemindersJob(services.auctions),
    searchBackfillJob(services.catalogue, services.auctions),
    offerExpiryJob(services.secondChanceFlow),
    ledgerReconcileJob(services.reconciliation),
    requestCountsJob(services.limits),
    ...(opts.demo ? [await demoAuctionsJob(services)] : []),
  ];
}
