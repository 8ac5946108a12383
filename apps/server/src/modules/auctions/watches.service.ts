import {
  MAX_WATCHED_OPEN_LOTS,
  WATCH_ENDING_MINUTES,
  type Lot,
  type LotDetail,
  type MineLot,
  type MineStanding,
  type MineTab,
  type Page,
  type SessionPage,
  type WatchResult,
} from '@antique/shared';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { fail, notFound } from '../../lib/domain-error.js';
import { offsetOf, pageResult } from '../../lib/page.js';
import type { MembersService } from '../members/members.service.js';
import type { NoticesService } from '../notices/notices.service.js';
import type { AuctionsRepository, LotRow } from './auctions.repository.js';
import type { createLotViews } from './lot-views.service.js';
import { statusOf, toSession } from './lot-state.js';
import { createWatchesRepository, type ClaimedReminder } from './watches.repository.js';

type LotViews = ReturnType<typeof createLotViews>;

const ENDING_LEAD_MS = WATCH_ENDING_MINUTES * 60_000;
/** A start reminder later than this after the start is no use any more (the job was down): it is not sent. */
const START_GRACE_MS = 30 * 60_000;
/** Reminders claimed per statement; the job's next run takes the rest. */
const BATCH = 1000;

/**
 * Following lots (issue 18): watching a lot and its reminders (a watched lot started, its
 * current end is ten minutes away: each watcher once, claimed in `lot_notices`), the member's
 * own auctions (我的竞拍) and a session's page. It also adds the caller's `watching` to the
 * auction list and a lot's page (and the lot's watcher count to the latter), wrapping the
 * lot views' `list` and `info` so their own code stays as it was.
 */
export function createWatchesService(d: {
  db: Db;
  /** The public reads' handle (db/replica.ts): a lot's watcher count. */
  readDb?: Db | undefined;
  clock: Clock;
  repo: AuctionsRepository;
  views: Pick<LotViews, 'lotViews' | 'list' | 'info'>;
  members: Pick<MembersService, 'bidderKeyIfVerified'>;
  notices: Pick<NoticesService, 'sendMany' | 'notice'>;
}) {
  const { clock, views } = d;
  const watches = createWatchesRepository(d.db, d.readDb);

  /** Marks which of the lots the member watches (nothing for a guest). */
  async function withWatching<T extends Lot>(memberId: number | undefined, list: T[]): Promise<T[]> {
    if (memberId === undefined) return list;
    const watched = await watches.watchedAmong(
      memberId,
      list.map((l) => l.id),
    );
    return list.map((l) => ({ ...l, watching: watched.has(l.id) }));
  }

  /** The caller's standing on a lot they bid on, by its state now. */
  function standingOf(lot: Lot, row: LotRow): MineStanding | undefined {
    if (lot.myMaxBid === undefined) return undefined;
    if (row.status === 'sold') return lot.leading ? 'won' : 'lost';
    if (row.status !== 'scheduled' || row.closedAt !== null) return 'lost';
    return lot.leading ? 'leading' : 'outbid';
  }

  async function send(kind: 'watch_start' | 'watch_ending', claimed: ClaimedReminder[]) {
    if (claimed.length === 0) return 0;
    // In-app only: reminders are not urgent enough for a text message.
    await d.notices.sendMany(
      claimed.map((c) => ({
        memberId: c.memberId,
        notice: d.notices.notice({ kind, lotId: c.lotId, title: c.title }),
      })),
    );
    return claimed.length;
  }

  return {
    /** The auction list, each lot with the caller's `watching`. */
    async list(memberId: number | undefined, q: Parameters<LotViews['list']>[1]) {
      const page = await views.list(memberId, q);
      return { ...page, list: await withWatching(memberId, page.list) };
    },

    /** One lot with the caller's `watching` and how many watch it. */
    async info(memberId: number | undefined, id: number): Promise<LotDetail> {
      const lot = await views.info(memberId, id);
      const [[marked], watchers] = await Promise.all([withWatching(memberId, [lot]), watches.watcherCount(id)]);
      return { ...marked!, watchers };
    },

    /**
     * Watches a lot or stops; repeating either changes nothing. A lot past its end cannot be
     * newly watched; at most MAX_WATCHED_OPEN_LOTS open lots, counted under a per-member lock
     * in the same transaction as the insert, so parallel requests cannot pass the cap.
     */
    async watch(memberId: number, input: { id: number; watch: boolean }): Promise<WatchResult> {
      const lot = await d.repo.findLot(input.id);
      if (!lot) throw notFound();
      if (!input.watch) {
        await watches.removeWatch(memberId, lot.id);
      } else {
        await d.db.transaction(async (tx) => {
          await watches.lockMemberWatches(memberId, tx);
          if (await watches.isWatching(memberId, lot.id, tx)) return;
          const status = statusOf(lot, clock.now());
          if (lot.status !== 'scheduled' || lot.closedAt !== null || (status !== 'live' && status !== 'upcoming'))
            throw fail('LOT_NOT_LIVE');
          if ((await watches.openWatchCount(memberId, tx)) >= MAX_WATCHED_OPEN_LOTS)
            throw fail('WATCH_LIMIT', { limit: MAX_WATCHED_OPEN_LOTS });
          await watches.addWatch(memberId, lot.id, new Date(clock.now()), tx);
        });
      }
      return { id: lot.id, watching: input.watch, watchers: await watches.watcherCount(lot.id) };
    },

    /** 我的竞拍: one tab, a page of lots with the caller's max and standing. */
    async mine(memberId: number, q: { tab: MineTab; page: number; pageSize: number }): Promise<Page<MineLot>> {
      const limit = q.pageSize;
      const offset = offsetOf(q);
      // Bids are the identity's (any account of one verified person): without a key nobody has bid.
      const key = await d.members.bidderKeyIfVerified(memberId);
      let result: { rows: LotRow[]; total: number };
      if (q.tab === 'watching') result = await watches.watchedPage(memberId, limit, offset);
      else if (q.tab === 'won') result = await watches.wonPage(memberId, key ?? null, limit, offset);
      else if (!key) result = { rows: [], total: 0 };
      else if (q.tab === 'bidding') result = await watches.biddingPage(key, limit, offset);
      else result = await watches.lostPage(memberId, key, limit, offset);
      const shown = await withWatching(memberId, await views.lotViews(result.rows, memberId));
      const list = shown.map((lot, i): MineLot => {
        const row = result.rows[i]!;
        // A won lot is theirs whichever of their accounts bid; a lost one lost even without a standing bid left.
        const standing = q.tab === 'won' ? 'won' : q.tab === 'lost' ? 'lost' : standingOf(lot, row);
        return standing ? { ...lot, standing } : lot;
      });
      return pageResult(list, result.total, q);
    },

    /** A session's page: its figures and a page of its lots, open ones first by their end. */
    async session(
      memberId: number | undefined,
      q: { id: number; page: number; pageSize: number },
    ): Promise<SessionPage> {
      const session = await d.repo.findSession(q.id);
      if (!session) throw notFound();
      const now = new Date(clock.now());
      const [{ rows, total }, figures] = await Promise.all([
        watches.sessionLotPage(session.id, now, q.pageSize, offsetOf(q)),
        watches.sessionFigures(session.id),
      ]);
      const list = await withWatching(memberId, await views.lotViews(rows, memberId));
      return {
        ...pageResult(list, total, q),
        session: {
          ...toSession(session),
          staggerSeconds: session.staggerSeconds,
          endsAt: figures.endsAt ? figures.endsAt.getTime() : null,
          ended: figures.lotCount > 0 && figures.openCount === 0,
          lotCount: figures.lotCount,
          openCount: figures.openCount,
          soldCount: figures.soldCount,
          unsoldCount: figures.unsoldCount,
          totalHammer: figures.totalHammer,
        },
      };
    },

    /**
     * The watch reminders due now, each watcher of each lot once (several instances or runs at
     * once included): "started" as a watched lot starts, "ending" ten minutes before its
     * current end. Answers how many were sent.
     */
    async remindWatchers(): Promise<number> {
      const now = clock.now();
      const started = await watches.claimStartReminders(new Date(now), new Date(now - START_GRACE_MS), BATCH);
      const ending = await watches.claimEndingReminders(new Date(now), ENDING_LEAD_MS, BATCH);
      return (await send('watch_start', started)) + (await send('watch_ending', ending));
    },
  };
}
export type WatchesService = ReturnType<typeof createWatchesService>;
