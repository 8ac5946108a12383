import type { LotCloseFlow } from '../flows/lot-close.flow.js';
import type { AuctionsService } from '../modules/auctions/auctions.service.js';
import type { Job } from './scheduler.js';

/**
 * Lots close within a second of their end (every 250 ms; each lot in its own transaction,
 * locked with SKIP LOCKED and closed by a conditional update, so with several instances a
 * lot still closes once); "ending soon" and "payment due" notices go out once each.
 */
export function auctionJobs(
  auctions: Pick<AuctionsService, 'noticeEndingSoon' | 'noticePaymentDue'>,
  lotClose: Pick<LotCloseFlow, 'closeDue'>,
): Job[] {
  return [
    { name: 'lot-close', everyMs: 250, run: () => lotClose.closeDue() },
    { name: 'lot-ending-soon', everyMs: 5_000, run: () => auctions.noticeEndingSoon() },
    { name: 'auction-payment-due', everyMs: 60_000, run: () => auctions.noticePaymentDue() },
  ];
}
