import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_AUCTION_RULES,
  DEFAULT_INCREMENTS,
  incrementTableProblem,
  initialBidState,
  nextMinimum,
  placeBid,
  reserveMet,
  type AuctionLot,
  type AuctionRules,
  type BidOutcome,
  type IncrementTable,
  type StandingBid,
} from './auction-rules.js';

/**
 * The reference: PRODUCT.md's rules written the slow, obvious way. It keeps every
 * bidder's max and, after each bid, ranks them all afresh (amount descending, then
 * earlier first) and prices the lot from the top two. The engine instead compares the
 * new max with the leader's alone, from two stored rows.
 */
class ReferenceLot {
  readonly maxes = new Map<string, { max: number; seq: number; deposit: number }>();
  price: number;
  count = 0;
  endsAt: number;

  constructor(
    readonly lot: AuctionLot,
    readonly rules: AuctionRules,
  ) {
    this.price = lot.startPrice;
    this.endsAt = lot.plannedEnd;
  }

  step(price: number): number {
    const row = this.rules.increments.find(([below]) => below === null || price < below);
    return row![1];
  }

  ranking() {
    return [...this.maxes.entries()]
      .map(([bidder, m]) => ({ bidder, ...m }))
      .sort((a, b) => b.max - a.max || a.seq - b.seq);
  }

  leader(): string | null {
    return this.ranking()[0]?.bidder ?? null;
  }

  minimumFor(bidder: string): number {
    if (this.count === 0) return this.lot.startPrice;
    const everyone = this.price + this.step(this.price);
    const own = this.maxes.get(bidder);
    return this.leader() === bidder && own ? Math.max(everyone, own.max + this.step(own.max)) : everyone;
  }

  reserveMet(): boolean {
    const top = this.ranking()[0];
    return this.lot.reserve === null || (top !== undefined && top.max >= this.lot.reserve);
  }

  offer(bidder: string, max: number, at: number): 'accepted' | { reason: string; nextMinimum?: number } {
    if (at < this.lot.startsAt || at >= this.endsAt) return { reason: 'LOT_NOT_LIVE' };
    if (bidder === this.lot.consignor) return { reason: 'OWN_LOT' };
    const minimum = this.minimumFor(bidder);
    if (max < minimum) return { reason: 'BID_TOO_LOW', nextMinimum: minimum };

    const leaderBefore = this.leader();
    this.count += 1;
    const product = max * this.rules.depositBps;
    const deposit = (product - (product % 10_000)) / 10_000 + (product % 10_000 > 0 ? 1 : 0);
    this.maxes.set(bidder, { max, seq: this.count, deposit: Math.max(this.maxes.get(bidder)?.deposit ?? 0, deposit) });

    const [first, second] = this.ranking();
    if (leaderBefore === bidder) {
      // The leader raised their own max: nobody bids against themselves.
    } else if (second === undefined) {
      this.price = this.lot.startPrice;
    } else {
      this.price = Math.min(first!.max, Math.max(this.lot.startPrice, second.max + this.step(second.max)));
    }
    if (this.lot.reserve !== null && first!.max >= this.lot.reserve)
      this.price = Math.max(this.price, this.lot.reserve);

    const { softCloseMs, softCloseCapMs } = this.rules;
    if (this.endsAt - at < softCloseMs) {
      this.endsAt = Math.max(this.endsAt, Math.min(at + softCloseMs, this.lot.plannedEnd + softCloseCapMs));
    }
    return 'accepted';
  }
}

const BIDDERS = ['b0', 'b1', 'b2', 'b3', 'b4'] as const;

const tableArb: fc.Arbitrary<IncrementTable> = fc.oneof(
  fc.constant(DEFAULT_INCREMENTS),
  fc
    .tuple(
      fc.uniqueArray(fc.integer({ min: 1, max: 400_000 }), { maxLength: 3 }),
      fc.array(fc.integer({ min: 1, max: 5_000 }), { minLength: 4, maxLength: 4 }),
    )
    .map(([limits, steps]) => {
      const below = [...limits].sort((a, b) => a - b);
      const rising = [...steps].sort((a, b) => a - b);
      return [...below.map((b, i) => [b, rising[i]!] as const), [null, rising[below.length]!] as const];
    }),
);

const rulesArb: fc.Arbitrary<AuctionRules> = fc.record({
  increments: tableArb,
  softCloseMs: fc.integer({ min: 0, max: 180_000 }),
  softCloseCapMs: fc.integer({ min: 0, max: 1_800_000 }),
  depositBps: fc.integer({ min: 0, max: 10_000 }),
  premiumBps: fc.constant(DEFAULT_AUCTION_RULES.premiumBps),
  commissionBps: fc.constant(DEFAULT_AUCTION_RULES.commissionBps),
});

const START = 1_000_000;
const lotArb: fc.Arbitrary<AuctionLot> = fc.record({
  startPrice: fc.oneof(fc.integer({ min: 1, max: 300_000 }), fc.constantFrom(10_000, 50_000, 100_000, 500_000)),
  reserve: fc.option(fc.integer({ min: 0, max: 700_000 }), { nil: null }),
  startsAt: fc.constant(START),
  plannedEnd: fc.integer({ min: START + 60_000, max: START + 1_200_000 }),
  consignor: fc.constantFrom(null, 'b4'),
});

/** How a step picks its amount, relative to what the reference knows at that moment. */
const stepArb = fc.record({
  bidder: fc.constantFrom(...BIDDERS),
  kind: fc.constantFrom('minimum', 'above', 'tieLeader', 'underLeader', 'reserve', 'justBelow', 'anything'),
  steps: fc.integer({ min: 0, max: 6 }),
  fen: fc.integer({ min: 0, max: 999 }),
  anything: fc.integer({ min: 0, max: 2_000_000 }),
  dt: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 90_000 })),
});
type Step = typeof stepArb extends fc.Arbitrary<infer T> ? T : never;

function amountFor(step: Step, model: ReferenceLot): number {
  const minimum = model.minimumFor(step.bidder);
  const top = model.ranking()[0];
  switch (step.kind) {
    case 'minimum':
      return minimum;
    case 'above':
      return minimum + step.steps * model.step(minimum) + step.fen;
    case 'tieLeader':
      return top?.max ?? minimum;
    case 'underLeader':
      // Somewhere from the minimum up to the leader's max: held by the leader's proxy.
      return top && top.max >= minimum ? minimum + Math.floor(((top.max - minimum) * step.fen) / 999) : minimum;
    case 'reserve':
      return Math.max(minimum, model.lot.reserve ?? 0);
    case 'justBelow':
      return Math.max(0, minimum - 1 - step.fen);
    default:
      return step.anything;
  }
}

function check(lot: AuctionLot, rules: AuctionRules, steps: Step[]): void {
  expect(incrementTableProblem(rules.increments)).toBeNull();
  const model = new ReferenceLot(lot, rules);
  let state = initialBidState(lot);
  const rows = new Map<string, StandingBid>();
  const frozen = new Map<string, number>();
  let at = START - 60_000;

  for (const step of steps) {
    at += step.dt;
    const maxBid = amountFor(step, model);
    const leaderBefore = model.leader();
    const priceBefore = state.currentPrice;
    const expected = model.offer(step.bidder, maxBid, at);
    const outcome: BidOutcome = placeBid(
      lot,
      state,
      rows.get(step.bidder) ?? null,
      { bidder: step.bidder, maxBid, at },
      rules,
    );

    if (expected === 'accepted') {
      expect(outcome.accepted).toBe(true);
      if (!outcome.accepted) return;
      state = outcome.state;
      rows.set(step.bidder, outcome.mine);
      frozen.set(step.bidder, (frozen.get(step.bidder) ?? 0) + outcome.depositToFreeze);
      const leaderAfter = model.leader();
      expect(outcome.seq).toBe(model.count);
      expect(outcome.leading).toBe(leaderAfter === step.bidder);
      expect(outcome.leaderChanged).toBe(leaderBefore !== null && leaderBefore !== leaderAfter);
      expect(outcome.outbid).toBe(outcome.leaderChanged ? leaderBefore : null);
      expect(outcome.publicAmount).toBe(outcome.leading ? model.price : maxBid);
      expect(outcome.nextMinimum).toBe(model.price + model.step(model.price));
      expect(state.currentPrice).toBeGreaterThanOrEqual(priceBefore);
    } else {
      expect(outcome).toEqual({ accepted: false, ...expected });
    }

    expect(state.leader?.bidder ?? null).toBe(model.leader());
    expect(state.currentPrice).toBe(model.price);
    expect(state.bidCount).toBe(model.count);
    expect(state.endsAt).toBe(model.endsAt);
    expect(reserveMet(lot, state)).toBe(model.reserveMet());
    if (state.leader) {
      expect(state.currentPrice).toBeGreaterThanOrEqual(lot.startPrice);
      expect(state.currentPrice).toBeLessThanOrEqual(state.leader.maxBid);
    }
    for (const bidder of BIDDERS) {
      const ref = model.maxes.get(bidder);
      expect(frozen.get(bidder) ?? 0).toBe(ref?.deposit ?? 0);
      expect(rows.get(bidder)?.deposit ?? 0).toBe(ref?.deposit ?? 0);
      const own = rows.get(bidder);
      const view = { startPrice: lot.startPrice, currentPrice: state.currentPrice, bidCount: state.bidCount };
      const mine = own && { maxBid: own.maxBid, leading: state.leader?.bidder === bidder };
      expect(nextMinimum(view, rules.increments, mine)).toBe(model.minimumFor(bidder));
    }
  }
}

describe('proxy bidding against a reference model', () => {
  it('agrees on leader, price, bid count, end and deposits after every bid', () => {
    fc.assert(
      fc.property(lotArb, rulesArb, fc.array(stepArb, { maxLength: 60 }), (lot, rules, steps) => {
        check(lot, rules, steps);
      }),
      { numRuns: 500, seed: 20_240_817 },
    );
  });

  it('the random sequences do reach the interesting cases', () => {
    const seen = {
      accepted: 0,
      refusedLow: 0,
      notLive: 0,
      ownLot: 0,
      leaderChanged: 0,
      heldByProxy: 0,
      ties: 0,
      extended: 0,
      reserveJump: 0,
    };
    fc.assert(
      fc.property(lotArb, rulesArb, fc.array(stepArb, { maxLength: 60 }), (lot, rules, steps) => {
        let state = initialBidState(lot);
        const rows = new Map<string, StandingBid>();
        const model = new ReferenceLot(lot, rules);
        let at = START - 60_000;
        for (const step of steps) {
          at += step.dt;
          const maxBid = amountFor(step, model);
          const tie = state.leader !== null && state.leader.bidder !== step.bidder && maxBid === state.leader.maxBid;
          model.offer(step.bidder, maxBid, at);
          const outcome = placeBid(
            lot,
            state,
            rows.get(step.bidder) ?? null,
            { bidder: step.bidder, maxBid, at },
            rules,
          );
          if (!outcome.accepted) {
            if (outcome.reason === 'BID_TOO_LOW') seen.refusedLow++;
            if (outcome.reason === 'LOT_NOT_LIVE') seen.notLive++;
            if (outcome.reason === 'OWN_LOT') seen.ownLot++;
            continue;
          }
          seen.accepted++;
          if (outcome.leaderChanged) seen.leaderChanged++;
          if (!outcome.leading) seen.heldByProxy++;
          if (tie) seen.ties++;
          if (outcome.extended) seen.extended++;
          if (lot.reserve !== null && outcome.currentPrice === lot.reserve && outcome.reserveMet) seen.reserveJump++;
          state = outcome.state;
          rows.set(step.bidder, outcome.mine);
        }
      }),
      { numRuns: 500, seed: 20_240_817 },
    );
    for (const [what, count] of Object.entries(seen)) expect(count, what).toBeGreaterThan(20);
  });
});
