import type { LotCloseFlow } from '../flows/lot-close.flow.js';
import type { Clock } from '../lib/clock.js';
import type { AuctionsService } from '../modules/auctions/auctions.service.js';
import type { NoticesService } from '../modules/notices/notices.service.js';
import { lotCloseJob } from './lot-close.js';
import type { Job } from './scheduler.js';

/**
 * Lots close within a second of their end (`lotCloseJob`: it sleeps until the next lot's
 * end); "ending soon" and "payment due" notices go out once each.
 */
export function auctionJobs(d: {
  auctions: Pick<AuctionsService, 'noticeEndingSoon' | 'noticePaymentDue'>;
  lotClose: Pick<LotCloseFlow, 'closeDueAndNext'>;
  notices: Pick<NoticesService, 'onLotEnd'>;
  clock: Clock;
}): Job[] {
  return [
    lotCloseJob(d),
    { name: 'lot-ending-soon', everyMs: 5_000, run: () => d.auctions.noticeEndingSoon() },
    { name: 'auction-payment-due', everyMs: 60_000, run: () => d.auctions.noticePaymentDue() },
  ];
}
