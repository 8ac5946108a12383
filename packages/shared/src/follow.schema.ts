import { z } from 'zod';
import { auctionSession, lot } from './auctions.schema.js';
import { defineEndpoint } from './endpoint.js';
import { pageOf, pageQuery, recordId, recordIdText } from './envelope.js';
import { mineTabs } from './client-limits.js';

/**
 * Following lots (issue 18): watching a lot (reminded when it starts and ten minutes before
 * its current end), the member's own auctions (我的竞拍) and a session's page.
 */

/** How many open lots (not closed yet) a member may watch at once. */
export const MAX_WATCHED_OPEN_LOTS = 200;

/** Minutes before a watched lot's current end when its watchers are reminded. */
export const WATCH_ENDING_MINUTES = 10;

export const watchInput = z.object({
  id: recordId(),
  watch: z.boolean({ error: 'invalid.watch' }),
});
export type WatchInput = z.infer<typeof watchInput>;

export const watchResult = z.object({
  id: z.number().int(),
  watching: z.boolean(),
  /** How many members watch the lot now. */
  watchers: z.number().int(),
});
export type WatchResult = z.infer<typeof watchResult>;

export type MineTab = (typeof mineTabs)[number];

/** The caller's standing on a lot of 我的竞拍 (none: watched, never bid). */
export const mineStandings = ['leading', 'outbid', 'won', 'lost'] as const;
export type MineStanding = (typeof mineStandings)[number];

export const mineQuery = pageQuery.extend({
  tab: z.enum(mineTabs, { error: 'invalid.tab' }),
});

export const mineLot = lot.extend({
  /** Leading or outbid while the lot is open; won or lost once it closed; absent when never bid. */
  standing: z.enum(mineStandings).optional(),
});
export type MineLot = z.infer<typeof mineLot>;

export const sessionQuery = pageQuery.extend({
  id: recordIdText(),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});

/** A session as its page shows it: its lots' figures, and its results once every lot closed. */
export const sessionDetail = auctionSession.extend({
  /** Lots end one after another, this many seconds apart (0: together). */
  staggerSeconds: z.number().int(),
  /** The last end of its lots (their current ends), null without lots. */
  endsAt: z.number().int().nullable(),
  /** Every lot has closed (sold, unsold or withdrawn). */
  ended: z.boolean(),
  lotCount: z.number().int(),
  /** Open lots: not yet closed. */
  openCount: z.number().int(),
  soldCount: z.number().int(),
  unsoldCount: z.number().int(),
  /** The sum of the hammers of its sold lots, fen. */
  totalHammer: z.number().int(),
});
export type SessionDetail = z.infer<typeof sessionDetail>;

/** The session and one page of its lots: open ones first by their end, then closed ones by theirs. */
export const sessionPage = pageOf(lot).extend({ session: sessionDetail });
export type SessionPage = z.infer<typeof sessionPage>;

const member_ = { base: '/v1/iyd' } as const;

export const followApi = {
  watch: defineEndpoint({
    ...member_,
    auth: 'member',
    method: 'POST',
    path: '/auction/watch',
    input: watchInput,
    output: watchResult,
    addition: true,
    summary:
      'Watch a lot (watch: true) or stop (false); repeating it changes nothing. Watchers are told when the lot starts and ten minutes before its current end. At most 200 open lots watched (WATCH_LIMIT); a lot past its end cannot be newly watched (LOT_NOT_LIVE).',
  }),
  mine: defineEndpoint({
    ...member_,
    auth: 'member',
    method: 'GET',
    path: '/auction/mine',
    input: mineQuery,
    output: pageOf(mineLot),
    addition: true,
    summary:
      '我的竞拍: watching (watched lots, open ones first by end), bidding (open lots the caller bid on), won (sold to the caller), lost (closed lots the caller bid on and did not win); each with the caller’s max and standing.',
  }),
  session: defineEndpoint({
    ...member_,
    auth: 'optional',
    method: 'GET',
    path: '/auction/session',
    input: sessionQuery,
    output: sessionPage,
    addition: true,
    summary:
      'One session with its figures (lots, open, sold, unsold, total hammer) and a page of its lots: open ones first by their end, then closed ones by theirs; the caller’s standing and watch with a token.',
  }),
};

export { mineTabs } from './client-limits.js';
