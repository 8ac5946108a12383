import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditService } from '../audit/audit.service.js';
import type { MembersService } from '../members/members.service.js';
import type { NoticesService } from '../notices/notices.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { createAuctionNotices } from './auction-notices.service.js';
import { createAuctionsRepository } from './auctions.repository.js';
import { createBiddingService } from './bidding.service.js';
import { createClosingService } from './closing.service.js';
import { createLotHandRepository } from './lot-hand.repository.js';
import { createLotHandService } from './lot-hand.service.js';
import { createLotViews } from './lot-views.service.js';
import type { Departments } from './lot-search.service.js';
import { createOffersService } from './offers.service.js';
import { createSessionsService } from './sessions.service.js';
import { createWatchesService } from './watches.service.js';
import { createLotJudgeService, type LotJudgeDeps } from './lot-judge.service.js';

export type { BidAnswer, BidJob, DecidedBids } from './bidding.service.js';
export type { ClosingLot, DepositRelease } from './closing.service.js';
export type { NewLot } from './sessions.service.js';

/**
 * The auction house (decision 008): sessions and lots scheduled in them, lots as members
 * and operators read them, bidding (the decision under the lot's lock and its writes),
 * closing and settling a lot, and the auctions' reminders, over one repository of the
 * auctions' tables. Work that spans owners (a bid's deposit, a close, a payment) is in
 * `flows/`, which calls these parts in order.
 */
export function createAuctionsService(d: {
  db: Db;
  /** The public reads' handle (db/replica.ts): the lot list, a lot's page, 成交结果, comparables. */
  readDb?: Db;
  clock: Clock;
  settings: SettingsService;
  members: MembersService;
  notices: NoticesService;
  audit: AuditService;
  /** Unpaid auction orders whose window ends soon (orders), for the payment-due reminder. */
  orders: Parameters<typeof createAuctionNotices>[0]['orders'];
  /** The catalogue's departments, read by the auctions' search (issue 18). */
  departments?: Departments;
  /** The catalogue's condition reports, and operators' names (issue 18: a lot's page, the questions' queue). */
  conditions?: LotJudgeDeps['conditions'];
  operatorNames?: LotJudgeDeps['operatorNames'];
}) {
  const repo = createAuctionsRepository(d.db, d.readDb);
  const views = createLotViews({ ...d, repo });
  const service = {
    ...views,
    ...createSessionsService({ ...d, repo }),
    ...createBiddingService({ ...d, repo }),
    ...createClosingService({ ...d, repo }),
    ...createAuctionNotices({ ...d, repo }),
    // The house's hand on a lot: withdraw it, void a bid (issue 18).
    ...createLotHandService({ ...d, repo, hand: createLotHandRepository(d.db) }),
    // Watching (issue 18); its `list` and `info` add the caller's watch to the views' own.
    ...createWatchesService({ ...d, repo, views }),
    // Second-chance offers to an underbidder when a winner did not pay (issue 18).
    ...createOffersService(d),
  };
  // Questions on a lot (issue 18); its `info` adds the lot's condition report and questions to the one above.
  return { ...service, ...createLotJudgeService({ ...d, repo, info: service.info }) };
}
export type AuctionsService = ReturnType<typeof createAuctionsService>;
