import { createHash, webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_AUCTION_RULES,
  DEFAULT_INCREMENTS,
  GENESIS_HASH,
  auctionRulesFromSettings,
  bidHash,
  bidHashInput,
  bidSheet,
  buyersPremium,
  bytesToHex,
  chainBid,
  closeLot,
  depositFor,
  depositTopUp,
  incrementAt,
  incrementTableProblem,
  initialBidState,
  isLive,
  lotPhase,
  nextMinimum,
  placeBid,
  reserveMet,
  sellersCommission,
  settlement,
  softCloseEnd,
  verifyChain,
  type AuctionLot,
  type BidAcceptance,
  type ChainedBid,
  type IncrementTable,
  type LotBidState,
  type Sha256Hex,
  type StandingBid,
} from './auction-rules.js';
import { defaultSettings } from './settings.schema.js';

const yuan = (n: number) => n * 100;
const rules = DEFAULT_AUCTION_RULES;
const START = 1_700_000_000_000;
const END = START + 3_600_000;

function lotOf(over: Partial<AuctionLot> = {}): AuctionLot {
  return { startPrice: yuan(500), reserve: null, startsAt: START, plannedEnd: END, consignor: null, ...over };
}

/** Plays bids against one lot the way the auction module will: the lot's row and the bidder's row. */
class Table {
  state: LotBidState;
  readonly standings = new Map<string, StandingBid>();
  constructor(readonly lot: AuctionLot) {
    this.state = initialBidState(lot);
  }
  bid(bidder: string, maxBid: number, at = START + 1_000 * (this.state.bidCount + 1)) {
    const outcome = placeBid(this.lot, this.state, this.standings.get(bidder) ?? null, { bidder, maxBid, at }, rules);
    if (outcome.accepted) {
      this.state = outcome.state;
      this.standings.set(bidder, outcome.mine);
    }
    return outcome;
  }
  accept(bidder: string, maxBid: number, at?: number): BidAcceptance {
    const outcome = this.bid(bidder, maxBid, at);
    if (!outcome.accepted) throw new Error(`refused: ${outcome.reason}`);
    return outcome;
  }
}

describe('increment table', () => {
  it.each([
    [0, 10],
    [99_999, 10],
    [yuan(1_000), 50],
    [yuan(4_999), 50],
    [yuan(5_000), 200],
    [yuan(19_999), 200],
    [yuan(20_000), 500],
    [yuan(99_999), 500],
    [yuan(100_000), 1_000],
    [yuan(10_000_000), 1_000],
  ])('at %i fen the increment is %i yuan', (price, step) => {
    expect(incrementAt(price, DEFAULT_INCREMENTS)).toBe(yuan(step));
  });

  it('is the table of the operators’ default settings', () => {
    expect(DEFAULT_INCREMENTS).toEqual(defaultSettings.increments);
    expect(auctionRulesFromSettings(defaultSettings)).toEqual(DEFAULT_AUCTION_RULES);
    expect(incrementTableProblem(DEFAULT_INCREMENTS)).toBeNull();
  });

  it('follows a table operators changed', () => {
    const table: IncrementTable = [
      [5_000, 100],
      [null, 2_500],
    ];
    expect(incrementAt(4_999, table)).toBe(100);
    expect(incrementAt(5_000, table)).toBe(2_500);
  });

  it.each<[string, IncrementTable]>([
    ['no rows', []],
    [
      'unsorted limits',
      [
        [500_000, 5_000],
        [100_000, 1_000],
        [null, 20_000],
      ],
    ],
    [
      'overlapping (repeated) limits',
      [
        [100_000, 1_000],
        [100_000, 5_000],
        [null, 20_000],
      ],
    ],
    ['a zero step', [[null, 0]]],
    ['a negative step', [[null, -1_000]]],
    ['a fraction of a fen', [[null, 10.5]]],
    [
      'a zero limit',
      [
        [0, 1_000],
        [null, 5_000],
      ],
    ],
    [
      'an open row before the last',
      [
        [null, 1_000],
        [100_000, 5_000],
      ],
    ],
    ['no open-ended last row', [[100_000, 1_000]]],
    [
      'a step shrinking as the price grows',
      [
        [100_000, 5_000],
        [null, 1_000],
      ],
    ],
  ])('refuses a table with %s', (_why, table) => {
    expect(incrementTableProblem(table)).toEqual(expect.any(String));
  });

  it('refuses a negative price', () => expect(() => incrementAt(-1, DEFAULT_INCREMENTS)).toThrow(RangeError));
});

describe('proxy bidding', () => {
  it('PRODUCT.md’s example: A max 1,000 yuan, B max 1,200 yuan → B leads at 1,050 yuan', () => {
    const t = new Table(lotOf());
    const a = t.accept('A', yuan(1_000));
    expect(a).toMatchObject({ seq: 1, leading: true, currentPrice: yuan(500), nextMinimum: yuan(510), outbid: null });
    expect(a.leaderChanged).toBe(false);

    const b = t.accept('B', yuan(1_200));
    expect(b).toMatchObject({ seq: 2, leading: true, leaderChanged: true, outbid: 'A', currentPrice: yuan(1_050) });
    expect(b.nextMinimum).toBe(yuan(1_100));
    expect(b.publicAmount).toBe(yuan(1_050));
    expect(t.state.leader?.bidder).toBe('B');
  });

  it('the first bid must reach the start price and leads at it', () => {
    const t = new Table(lotOf());
    expect(t.bid('A', 49_999)).toEqual({ accepted: false, reason: 'BID_TOO_LOW', nextMinimum: yuan(500) });
    expect(t.accept('A', yuan(500)).currentPrice).toBe(yuan(500));
  });

  it('refuses a max below the next minimum, naming it', () => {
    const t = new Table(lotOf());
    t.accept('A', yuan(1_000));
    t.accept('B', yuan(1_200));
    expect(t.bid('C', yuan(1_099))).toEqual({ accepted: false, reason: 'BID_TOO_LOW', nextMinimum: yuan(1_100) });
    expect(t.state.bidCount).toBe(2);
  });

  it('equal maxes: the earlier leads, at that max', () => {
    const t = new Table(lotOf());
    t.accept('A', yuan(1_000));
    t.accept('B', yuan(1_200));
    const c = t.accept('C', yuan(1_200));
    expect(c).toMatchObject({ leading: false, leaderChanged: false, outbid: null, currentPrice: yuan(1_200) });
    expect(c.publicAmount).toBe(yuan(1_200));
    expect(t.state.leader?.bidder).toBe('B');
  });

  it('a max below the leader’s is outbid at once by one increment', () => {
    const t = new Table(lotOf());
    t.accept('A', yuan(3_000));
    const b = t.accept('B', yuan(2_000));
    expect(b).toMatchObject({
      leading: false,
      leaderChanged: false,
      currentPrice: yuan(2_050),
      publicAmount: yuan(2_000),
    });
  });

  it('the price is capped at the leader’s max when it beats the second by less than an increment', () => {
    const t = new Table(lotOf());
    t.accept('A', yuan(1_000));
    expect(t.accept('B', yuan(1_003)).currentPrice).toBe(yuan(1_003));
  });

  it('the leader raising their own max does not raise the price, and must raise by an increment', () => {
    const t = new Table(lotOf());
    t.accept('A', yuan(1_000));
    t.accept('B', yuan(1_200));
    expect(t.bid('B', yuan(1_240))).toEqual({ accepted: false, reason: 'BID_TOO_LOW', nextMinimum: yuan(1_250) });
    const raise = t.accept('B', yuan(5_000));
    expect(raise).toMatchObject({ leading: true, leaderChanged: false, outbid: null, currentPrice: yuan(1_050) });
    expect(raise.publicAmount).toBe(yuan(1_050));
    expect(nextMinimum(viewOf(t), DEFAULT_INCREMENTS, { maxBid: yuan(5_000), leading: true })).toBe(yuan(5_200));
    expect(nextMinimum(viewOf(t), DEFAULT_INCREMENTS, { maxBid: yuan(1_000), leading: false })).toBe(yuan(1_100));
  });

  it('accounts sharing a real-name identity are one bidder: the same key raises, never bids against itself', () => {
    const t = new Table(lotOf());
    const person = 'identity:42';
    t.accept(person, yuan(1_000));
    const second = t.accept(person, yuan(2_000));
    expect(second).toMatchObject({ leading: true, currentPrice: yuan(500), leaderChanged: false });
  });

  it('refuses the consignor, and a bid before the start or from the end on', () => {
    const t = new Table(lotOf({ consignor: 'identity:7' }));
    expect(t.bid('identity:7', yuan(600))).toEqual({ accepted: false, reason: 'OWN_LOT' });
    expect(t.bid('A', yuan(600), START - 1)).toEqual({ accepted: false, reason: 'LOT_NOT_LIVE' });
    expect(t.bid('A', yuan(600), END)).toEqual({ accepted: false, reason: 'LOT_NOT_LIVE' });
    expect(t.bid('A', yuan(600), END - 1).accepted).toBe(true);
  });
});

function viewOf(t: Table) {
  return { startPrice: t.lot.startPrice, currentPrice: t.state.currentPrice, bidCount: t.state.bidCount };
}

describe('reserve', () => {
  const lot = lotOf({ reserve: yuan(1_500) });

  it('below the reserve the price moves as without one, and the lot would not sell', () => {
    const t = new Table(lot);
    t.accept('A', yuan(1_000));
    const b = t.accept('B', yuan(1_200));
    expect(b).toMatchObject({ currentPrice: yuan(1_050), reserveMet: false });
    expect(closeLot(lot, t.state)).toEqual({ sold: false, reason: 'RESERVE_NOT_MET' });
  });

  it('a leader whose max reaches the reserve brings the price up to it', () => {
    const t = new Table(lot);
    t.accept('A', yuan(1_000));
    expect(t.accept('B', yuan(2_000))).toMatchObject({ currentPrice: yuan(1_500), reserveMet: true });
  });

  it('also when the leader raises their own max to the reserve', () => {
    const t = new Table(lot);
    expect(t.accept('A', yuan(1_000))).toMatchObject({ currentPrice: yuan(500), reserveMet: false });
    expect(t.accept('A', yuan(1_600))).toMatchObject({ currentPrice: yuan(1_500), reserveMet: true });
  });

  it('a first bid exactly at the reserve leads at the reserve', () => {
    const t = new Table(lot);
    expect(t.accept('A', yuan(1_500))).toMatchObject({ currentPrice: yuan(1_500), reserveMet: true });
  });

  it('a price already above the reserve is not lowered', () => {
    const t = new Table(lot);
    t.accept('A', yuan(3_000));
    expect(t.accept('B', yuan(2_500)).currentPrice).toBe(yuan(2_550));
  });

  it('a lot without a reserve counts as met, even before a bid', () => {
    expect(reserveMet(lotOf(), initialBidState(lotOf()))).toBe(true);
    expect(reserveMet(lot, initialBidState(lot))).toBe(false);
  });
});

describe('closing', () => {
  it('no bid: unsold', () => {
    expect(closeLot(lotOf(), initialBidState(lotOf()))).toEqual({ sold: false, reason: 'NO_BIDS' });
  });
  it('sold to the leader at the current price, with their deposit', () => {
    const t = new Table(lotOf());
    t.accept('A', yuan(1_000));
    t.accept('B', yuan(1_200));
    expect(closeLot(t.lot, t.state)).toEqual({
      sold: true,
      winner: 'B',
      hammer: yuan(1_050),
      winnerDeposit: yuan(120),
    });
  });
});

describe('soft close', () => {
  it('a bid with more than 120 s left leaves the end alone', () => {
    const t = new Table(lotOf());
    expect(t.accept('A', yuan(600), END - 120_000)).toMatchObject({ endsAt: END, extended: false });
  });

  it('a bid in the last 120 s moves the end to 120 s after it, and again', () => {
    const t = new Table(lotOf());
    expect(t.accept('A', yuan(600), END - 60_000)).toMatchObject({ endsAt: END + 60_000, extended: true });
    expect(t.accept('B', yuan(700), END + 50_000)).toMatchObject({ endsAt: END + 170_000, extended: true });
    expect(t.bid('C', yuan(800), END + 170_000)).toEqual({ accepted: false, reason: 'LOT_NOT_LIVE' });
  });

  it('never runs past 30 minutes after the planned end', () => {
    const t = new Table(lotOf());
    let extensions = 0;
    for (let i = 0; i < 100; i++) {
      const bid = t.accept(`P${i % 2}`, nextMinimum(viewOf(t), DEFAULT_INCREMENTS), t.state.endsAt - 1_000);
      if (!bid.extended) break;
      extensions++;
    }
    expect(t.state.endsAt).toBe(END + 30 * 60_000);
    expect(extensions).toBe(16);
    expect(t.bid('Z', yuan(100_000), END + 30 * 60_000)).toEqual({ accepted: false, reason: 'LOT_NOT_LIVE' });
  });

  it('the end never moves back, even if operators shorten the cap mid-lot', () => {
    expect(softCloseEnd(END, END + 600_000, END + 500_000, { softCloseMs: 120_000, softCloseCapMs: 60_000 })).toBe(
      END + 600_000,
    );
  });

  it('phases: upcoming before the start, live until the end instant, then ended', () => {
    const lot = { startsAt: START, endsAt: END };
    expect(lotPhase(lot, START - 1)).toBe('upcoming');
    expect(lotPhase(lot, START)).toBe('live');
    expect(isLive(lot, END - 1)).toBe(true);
    expect(isLive(lot, END)).toBe(false);
    expect(lotPhase(lot, END)).toBe('ended');
  });
});

describe('deposits, premium and commission', () => {
  it.each([
    [0, 0],
    [1, 1],
    [yuan(1_000), yuan(100)],
    [yuan(1_000) + 1, yuan(100) + 1],
    [yuan(1_000) + 9, yuan(100) + 1],
    [yuan(1_000) + 10, yuan(100) + 1],
    [yuan(1_000) + 11, yuan(100) + 2],
  ])('a max bid of %i fen freezes %i fen (10%, rounded up to the fen)', (max, deposit) => {
    expect(depositFor(max, rules)).toBe(deposit);
  });

  it('works in whole fen up to the largest safe amount', () => {
    expect(depositFor(Number.MAX_SAFE_INTEGER, rules)).toBe(900_719_925_474_100);
    expect(buyersPremium(Number.MAX_SAFE_INTEGER, rules)).toBe(900_719_925_474_099);
  });

  it('freezes once per lot and tops up on a raise', () => {
    const t = new Table(lotOf());
    expect(t.accept('A', yuan(1_000)).depositToFreeze).toBe(yuan(100));
    expect(t.accept('B', yuan(1_200)).depositToFreeze).toBe(yuan(120));
    const raise = t.accept('A', yuan(1_500) + 5);
    expect(raise.depositToFreeze).toBe(yuan(50) + 1);
    expect(raise.mine.deposit).toBe(yuan(150) + 1);
    expect(depositTopUp(yuan(2_000), yuan(300), { depositBps: 1_000 })).toBe(0);
  });

  it.each([
    [yuan(1_050), yuan(105)],
    [100_004, 10_000],
    [100_005, 10_001],
    [100_006, 10_001],
  ])('premium on %i fen is %i fen (10%, half a fen up)', (hammer, premium) => {
    expect(buyersPremium(hammer, rules)).toBe(premium);
  });

  it.each([
    [yuan(1_050), yuan(84)],
    [100_006, 8_000],
    [100_007, 8_001],
  ])('commission on %i fen is %i fen (8%, half a fen up)', (hammer, commission) => {
    expect(sellersCommission(hammer, rules)).toBe(commission);
  });

  it('the bid sheet shows the bid, premium, all-in price and the deposit it freezes', () => {
    expect(bidSheet(yuan(1_200), 0, rules)).toEqual({
      bid: yuan(1_200),
      premium: yuan(120),
      allIn: yuan(1_320),
      deposit: yuan(120),
      depositToFreeze: yuan(120),
    });
    expect(bidSheet(yuan(1_500) + 5, yuan(120), rules)).toMatchObject({
      deposit: yuan(150) + 1,
      depositToFreeze: yuan(30) + 1,
    });
  });

  it('settles a sold lot: the deposit pays part of the order, the consignor gets the hammer less commission', () => {
    expect(settlement(yuan(1_050), yuan(120), rules)).toEqual({
      hammer: yuan(1_050),
      premium: yuan(105),
      total: yuan(1_155),
      depositApplied: yuan(120),
      depositReleased: 0,
      due: yuan(1_035),
      commission: yuan(84),
      proceeds: yuan(966),
    });
  });

  it('a deposit larger than the order pays it all and the rest goes back', () => {
    expect(settlement(yuan(10), yuan(1_000), rules)).toMatchObject({
      total: yuan(11),
      depositApplied: yuan(11),
      depositReleased: yuan(989),
      due: 0,
    });
  });

  it('refuses fractions of a fen and out-of-range rates', () => {
    expect(() => depositFor(1.5, rules)).toThrow(RangeError);
    expect(() => depositFor(100, { depositBps: 10_001 })).toThrow(RangeError);
    const t = new Table(lotOf());
    expect(() => t.bid('A', yuan(600) + 0.5)).toThrow(RangeError);
  });
});

const nodeSha256: Sha256Hex = async (text) => createHash('sha256').update(text, 'utf8').digest('hex');
const subtleSha256: Sha256Hex = async (text) =>
  bytesToHex(await webcrypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));

describe('bid hash chain', () => {
  const first = { prevHash: GENESIS_HASH, seq: 1, bidderId: 42, amount: 105_000, at: 1_700_000_000_000 };

  it('hashes prevHash|lotId|seq|bidderId|amount|at, the first after 64 zeros', async () => {
    expect(bidHashInput(7, first)).toBe(`${'0'.repeat(64)}|7|1|42|105000|1700000000000`);
    const expected = '2a7ae0f2ba0bc18c4ee7a5c9c5ea649350803d0b5735c71d5be6b8f84aa5e871';
    expect(await bidHash(7, first, nodeSha256)).toBe(expected);
    expect(await bidHash(7, first, subtleSha256)).toBe(expected);
  });

  async function chainOf(lotId: number, n: number): Promise<ChainedBid[]> {
    const bids: ChainedBid[] = [];
    for (let seq = 1; seq <= n; seq++) {
      const bid = { seq, bidderId: `买家${seq % 2}`, amount: 50_000 + seq * 1_000, at: START + seq };
      bids.push(await chainBid(lotId, bids.at(-1) ?? null, bid, nodeSha256));
    }
    return bids;
  }

  it('verifies an untouched history, listed newest first as the API does', async () => {
    const bids = await chainOf(7, 4);
    expect(bids[0]!.prevHash).toBe(GENESIS_HASH);
    expect(bids[1]!.prevHash).toBe(bids[0]!.hash);
    expect(await verifyChain(7, [...bids].reverse(), subtleSha256)).toEqual({ ok: true, length: 4 });
    expect(await verifyChain(7, [], nodeSha256)).toEqual({ ok: true, length: 0 });
  });

  it('finds an altered amount', async () => {
    const bids = await chainOf(7, 4);
    bids[1] = { ...bids[1]!, amount: bids[1]!.amount + 100 };
    expect(await verifyChain(7, bids, nodeSha256)).toEqual({ ok: false, seq: 2, problem: 'hash' });
  });

  it('finds an altered bid even when its hash was recomputed: the next link breaks', async () => {
    const bids = await chainOf(7, 4);
    const forged = { ...bids[1]!, amount: 1 };
    bids[1] = { ...forged, hash: await bidHash(7, forged, nodeSha256) };
    expect(await verifyChain(7, bids, nodeSha256)).toEqual({ ok: false, seq: 3, problem: 'link' });
  });

  it('finds a removed bid and an inserted one', async () => {
    const bids = await chainOf(7, 4);
    expect(await verifyChain(7, [bids[0]!, bids[2]!, bids[3]!], nodeSha256)).toEqual({
      ok: false,
      seq: 2,
      problem: 'missing',
    });
    expect(await verifyChain(7, [...bids, { ...bids[2]! }], nodeSha256)).toEqual({
      ok: false,
      seq: 3,
      problem: 'duplicate',
    });
  });

  it('a history belongs to its lot', async () => {
    expect(await verifyChain(8, await chainOf(7, 2), nodeSha256)).toEqual({ ok: false, seq: 1, problem: 'hash' });
  });
});
