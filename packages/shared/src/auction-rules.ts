/**
 * The auction house's rules as pure functions: increments, proxy bidding, reserve, soft
 * close, deposits, premium and commission, and the public bid hash chain. No I/O and no
 * zod, so the server runs them inside the lot's row lock and the member app runs the same
 * code for its bid sheet and its "verify the chain" button. Money is integer fen and
 * times are milliseconds since the epoch, as everywhere in the API.
 */
import type { Settings } from './settings.schema.js';

// ---------------------------------------------------------------- increments

/**
 * Rows of `[below, step]`: a price below `below` fen (and at or above the previous row's
 * `below`) is raised by `step` fen. The last row's `below` is null: no upper bound. The
 * same shape as `Settings['increments']`, so operators' table is passed in as stored.
 */
export type IncrementTable = readonly (readonly [below: number | null, step: number])[];

/** PRODUCT.md: below 1,000 yuan 10, below 5,000 50, below 20,000 200, below 100,000 500, then 1,000. */
export const DEFAULT_INCREMENTS: IncrementTable = [
  [100_000, 1_000],
  [500_000, 5_000],
  [2_000_000, 20_000],
  [10_000_000, 50_000],
  [null, 100_000],
];

/**
 * Why a table cannot be used, or null when it can: every price from 0 up must fall in
 * exactly one row, so limits are positive, strictly increasing and only the last is open;
 * steps are positive whole fen and never shrink as the price grows.
 */
export function incrementTableProblem(table: IncrementTable): string | null {
  if (table.length === 0) return 'the table has no rows';
  let previousBelow = 0;
  let previousStep = 0;
  for (const [i, [below, step]] of table.entries()) {
    const row = `row ${i + 1}`;
    if (!Number.isSafeInteger(step) || step <= 0) return `${row}: the step must be a positive whole number of fen`;
    if (step < previousStep) return `${row}: the step is smaller than the one below it`;
    const last = i === table.length - 1;
    if (below === null) {
      if (!last) return `${row}: only the last row may be open-ended`;
    } else {
      if (last) return `${row}: the last row must be open-ended (no upper limit)`;
      if (!Number.isSafeInteger(below) || below <= 0) return `${row}: the limit must be a positive whole number of fen`;
      if (below <= previousBelow) return `${row}: limits must increase strictly from row to row`;
      previousBelow = below;
    }
    previousStep = step;
  }
  return null;
}

/** The increment that applies at `price`: one step of the row the price falls in. */
export function incrementAt(price: number, table: IncrementTable): number {
  assertFen(price, 'price');
  for (const [below, step] of table) {
    if (below === null || price < below) return step;
  }
  throw new RangeError('the increment table has no open-ended last row');
}

// ---------------------------------------------------------------- settings

/** Every auction number operators can change, in the units the rules use. */
export interface AuctionRules {
  increments: IncrementTable;
  /** A bid accepted when less than this is left extends the end to the bid's time plus this. */
  softCloseMs: number;
  /** The end never moves past the planned end plus this. */
  softCloseCapMs: number;
  /** Bid deposit, in basis points of the max bid (1000 = 10%). */
  depositBps: number;
  /** Buyer's premium, in basis points of the hammer price. */
  premiumBps: number;
  /** Seller's commission, in basis points of the hammer price. */
  commissionBps: number;
}

export const DEFAULT_AUCTION_RULES: AuctionRules = {
  increments: DEFAULT_INCREMENTS,
  softCloseMs: 120_000,
  softCloseCapMs: 30 * 60_000,
  depositBps: 1_000,
  premiumBps: 1_000,
  commissionBps: 800,
};

type AuctionSettings = Pick<
  Settings,
  | 'increments'
  | 'softCloseSeconds'
  | 'softCloseCapMinutes'
  | 'bidDepositBps'
  | 'buyerPremiumBps'
  | 'sellerCommissionBps'
>;

/** The rules from the operators' settings (seconds and minutes become milliseconds). */
export function auctionRulesFromSettings(settings: AuctionSettings): AuctionRules {
  return {
    increments: settings.increments,
    softCloseMs: settings.softCloseSeconds * 1_000,
    softCloseCapMs: settings.softCloseCapMinutes * 60_000,
    depositBps: settings.bidDepositBps,
    premiumBps: settings.buyerPremiumBps,
    commissionBps: settings.sellerCommissionBps,
  };
}

// ---------------------------------------------------------------- money

/**
 * `amount × bps / 10,000` in whole fen, computed in BigInt so no floating point touches
 * money. `up` rounds any fraction up; `halfUp` is 四舍五入 (a half fen goes up).
 */
function applyBps(amount: number, bps: number, rounding: 'up' | 'halfUp'): number {
  assertFen(amount, 'amount');
  if (!Number.isSafeInteger(bps) || bps < 0 || bps > 10_000) throw new RangeError(`not a rate in basis points: ${bps}`);
  const product = BigInt(amount) * BigInt(bps);
  const whole = product / 10_000n;
  const rest = product % 10_000n;
  const roundUp = rounding === 'up' ? rest > 0n : rest * 2n >= 10_000n;
  return Number(roundUp ? whole + 1n : whole);
}

/** The deposit a max bid needs frozen: the rate of it, rounded up to the fen (PRODUCT.md). */
export function depositFor(maxBid: number, rules: Pick<AuctionRules, 'depositBps'>): number {
  return applyBps(maxBid, rules.depositBps, 'up');
}

/**
 * How much more to freeze when a bidder sets or raises a max bid, given what this bidder
 * already has frozen on this lot: never negative, so a rate lowered mid-lot releases
 * nothing early (non-winners' deposits are released when the lot closes).
 */
export function depositTopUp(maxBid: number, alreadyFrozen: number, rules: Pick<AuctionRules, 'depositBps'>): number {
  assertFen(alreadyFrozen, 'alreadyFrozen');
  return Math.max(0, depositFor(maxBid, rules) - alreadyFrozen);
}

/**
 * Buyer's premium on a hammer price, rounded half up to the fen. Both house charges
 * (premium and commission) use 四舍五入, the ordinary rule for fees in Chinese accounting:
 * neither party ever pays more than half a fen beyond the stated rate, and an exact half
 * fen goes to the house. Rounding every fraction up would overcharge by up to 0.99 fen
 * and invite "you charged more than 10%"; rounding down would give away the ties.
 */
export function buyersPremium(hammer: number, rules: Pick<AuctionRules, 'premiumBps'>): number {
  return applyBps(hammer, rules.premiumBps, 'halfUp');
}

/** Seller's commission on a hammer price, rounded half up to the fen like the premium. */
export function sellersCommission(hammer: number, rules: Pick<AuctionRules, 'commissionBps'>): number {
  return applyBps(hammer, rules.commissionBps, 'halfUp');
}

export interface BidSheet {
  /** The max bid the member is about to confirm. */
  bid: number;
  /** The premium if the hammer falls at that bid. */
  premium: number;
  /** `bid + premium`: the most this bid can cost. */
  allIn: number;
  /** What this bidder will have frozen on the lot in all after confirming. */
  deposit: number;
  /** What confirming freezes now (the top-up over what is already frozen). */
  depositToFreeze: number;
}

/** What the bid sheet shows before the member confirms a max bid. */
export function bidSheet(maxBid: number, alreadyFrozen: number, rules: AuctionRules): BidSheet {
  const premium = buyersPremium(maxBid, rules);
  const depositToFreeze = depositTopUp(maxBid, alreadyFrozen, rules);
  return { bid: maxBid, premium, allIn: maxBid + premium, deposit: alreadyFrozen + depositToFreeze, depositToFreeze };
}

export interface Settlement {
  hammer: number;
  premium: number;
  /** The auction order's amount: hammer plus premium. */
  total: number;
  /** The part of the winner's deposit that pays the order. */
  depositApplied: number;
  /** The part of the winner's deposit that is more than the order and goes back. */
  depositReleased: number;
  /** What the winner still pays: total less the applied deposit. */
  due: number;
  commission: number;
  /** What the consignor is credited: hammer less commission (the house keeps both charges on a house lot). */
  proceeds: number;
}

/** The money of a sold lot, for the winner's order and the consignor's proceeds. */
export function settlement(hammer: number, winnerDeposit: number, rules: AuctionRules): Settlement {
  assertFen(winnerDeposit, 'winnerDeposit');
  const premium = buyersPremium(hammer, rules);
  const total = hammer + premium;
  const depositApplied = Math.min(winnerDeposit, total);
  const commission = sellersCommission(hammer, rules);
  return {
    hammer,
    premium,
    total,
    depositApplied,
    depositReleased: winnerDeposit - depositApplied,
    due: total - depositApplied,
    commission,
    proceeds: hammer - commission,
  };
}

// ---------------------------------------------------------------- lots and time

/**
 * Who bids. Accounts that share a real-name identity are one bidder (PRODUCT.md), so the
 * engine never sees member ids: the auction module derives this key from the verified
 * identity (for example the id of the identity or a hash of the ID number), and keeps the
 * member id only for the wallet. Two accounts of one person thus raise one max bid, never
 * bid against each other, and share one deposit; and a consignor's other accounts are the
 * consignor.
 */
export type BidderKey = string;

/** What the rules need of a lot; `reserve` is hidden from members. */
export interface AuctionLot {
  startPrice: number;
  reserve: number | null;
  startsAt: number;
  /** The end the lot was scheduled with; soft close moves `LotBidState.endsAt`, not this. */
  plannedEnd: number;
  /** The consignor's bidder key; null for the house's own pieces. */
  consignor: BidderKey | null;
}

export type LotPhase = 'upcoming' | 'live' | 'ended';

/** Live from `startsAt` (included) to `endsAt` (excluded): a bid at the end instant is too late. */
export function isLive(lot: { startsAt: number; endsAt: number }, now: number): boolean {
  return lot.startsAt <= now && now < lot.endsAt;
}

export function lotPhase(lot: { startsAt: number; endsAt: number }, now: number): LotPhase {
  if (now < lot.startsAt) return 'upcoming';
  return now < lot.endsAt ? 'live' : 'ended';
}

/**
 * The end after a bid accepted at `at`: with less than `softCloseMs` left it becomes
 * `at + softCloseMs`, never past `plannedEnd + softCloseCapMs` and never earlier than it was.
 */
export function softCloseEnd(
  plannedEnd: number,
  endsAt: number,
  at: number,
  rules: Pick<AuctionRules, 'softCloseMs' | 'softCloseCapMs'>,
): number {
  return Math.max(endsAt, Math.min(at + rules.softCloseMs, plannedEnd + rules.softCloseCapMs));
}

// ---------------------------------------------------------------- proxy bidding

/** A bidder's standing max bid on one lot. */
export interface StandingBid {
  bidder: BidderKey;
  maxBid: number;
  /** The lot's bid sequence number when this max was set: equal maxes go to the lower. */
  seq: number;
  /** Server time when this max was set. */
  at: number;
  /** What this bidder has frozen on this lot in all. */
  deposit: number;
}

/** A lot's bidding state, as the auction module keeps it on the lot row. */
export interface LotBidState {
  /** The start price until the first bid. */
  currentPrice: number;
  /** Accepted bids so far: also the last sequence number. */
  bidCount: number;
  /** The leader's standing max bid (hidden from members), or null before the first bid. */
  leader: StandingBid | null;
  /** The end, moved by soft close. */
  endsAt: number;
}

export function initialBidState(lot: AuctionLot): LotBidState {
  return { currentPrice: lot.startPrice, bidCount: 0, leader: null, endsAt: lot.plannedEnd };
}

/**
 * The least max bid that will be accepted. Works on what a member's app knows (the
 * public price and bid count, and the member's own max and whether it leads), so the bid
 * sheet and the server agree. Before any bid: the start price. After: the price plus one
 * increment. The leader raising their own max must go at least one increment above it.
 */
export function nextMinimum(
  view: { startPrice: number; currentPrice: number; bidCount: number },
  table: IncrementTable,
  mine?: { maxBid: number; leading: boolean } | null,
): number {
  const everyone = view.bidCount === 0 ? view.startPrice : view.currentPrice + incrementAt(view.currentPrice, table);
  if (!mine?.leading) return everyone;
  return Math.max(everyone, mine.maxBid + incrementAt(mine.maxBid, table));
}

/** Whether the leader's max reaches the reserve; always true for a lot without one. */
export function reserveMet(lot: Pick<AuctionLot, 'reserve'>, state: Pick<LotBidState, 'leader'>): boolean {
  if (lot.reserve === null) return true;
  return state.leader !== null && state.leader.maxBid >= lot.reserve;
}

export interface BidAttempt {
  bidder: BidderKey;
  maxBid: number;
  /** Server time, read inside the lot's lock. */
  at: number;
}

export type BidRefusal =
  | { accepted: false; reason: 'BID_TOO_LOW'; nextMinimum: number }
  | { accepted: false; reason: 'LOT_NOT_LIVE' | 'OWN_LOT' };

export interface BidAcceptance {
  accepted: true;
  /** The lot's state to store. */
  state: LotBidState;
  /** The bidder's standing max bid to store (`mine.seq` is this bid's sequence number). */
  mine: StandingBid;
  seq: number;
  /** Whether the lead passed to another bidder. */
  leaderChanged: boolean;
  /** The bidder who lost the lead to this bid: the one to notify. Null when the lead did not change hands. */
  outbid: BidderKey | null;
  /** Whether this bidder leads after the bid; false means the leader's proxy outbid it at once. */
  leading: boolean;
  currentPrice: number;
  reserveMet: boolean;
  /** The next minimum for everyone but the leader. */
  nextMinimum: number;
  endsAt: number;
  /** Whether soft close moved the end. */
  extended: boolean;
  /** What to freeze from the bidder's available balance now. */
  depositToFreeze: number;
  /**
   * The amount this bid shows in the public history: the price it leads at, or, when it
   * was outbid at once, its own max (public once beaten, as on the major sites). A
   * leader's max is never shown.
   */
  publicAmount: number;
}

export type BidOutcome = BidAcceptance | BidRefusal;

/**
 * One bid through proxy bidding, in the lot's row lock: `state` is the lot's, `mine` the
 * bidder's own standing max bid (null if they have not bid on this lot). Only these two
 * rows are needed, never the whole list of bidders.
 *
 * - Refused: the lot is not live at `at` (LOT_NOT_LIVE), the bidder is the consignor
 *   (OWN_LOT), or the max bid is below the next minimum (BID_TOO_LOW).
 * - First bid: leads at the start price.
 * - A higher max than the leader's: takes the lead at one increment over the old leader's
 *   max, capped at its own max.
 * - A max up to the leader's: the leader keeps the lead (an equal max loses to the
 *   earlier one) at one increment over the new max, capped at the leader's max.
 * - The leader raising their own max: the price stays, as on the major auction sites,
 *   so nobody bids against themselves.
 * - Reserve: whenever the leader's max reaches the reserve, the price rises to at least
 *   the reserve (eBay's rule), so a lot that can sell never shows a price below its
 *   reserve; until then the price moves as if there were none.
 */
export function placeBid(
  lot: AuctionLot,
  state: LotBidState,
  mine: StandingBid | null,
  bid: BidAttempt,
  rules: AuctionRules,
): BidOutcome {
  assertFen(bid.maxBid, 'maxBid');
  const leader = state.leader;
  const isLeader = leader !== null && leader.bidder === bid.bidder;
  if (mine !== null && mine.bidder !== bid.bidder) throw new Error('mine is another bidder’s standing bid');
  if (isLeader && (mine === null || mine.maxBid !== leader.maxBid))
    throw new Error('the leader’s own standing bid differs');

  if (!isLive({ startsAt: lot.startsAt, endsAt: state.endsAt }, bid.at))
    return { accepted: false, reason: 'LOT_NOT_LIVE' };
  if (lot.consignor !== null && lot.consignor === bid.bidder) return { accepted: false, reason: 'OWN_LOT' };
  const minimum = nextMinimum(
    { startPrice: lot.startPrice, currentPrice: state.currentPrice, bidCount: state.bidCount },
    rules.increments,
    mine && { maxBid: mine.maxBid, leading: isLeader },
  );
  if (bid.maxBid < minimum) return { accepted: false, reason: 'BID_TOO_LOW', nextMinimum: minimum };

  const seq = state.bidCount + 1;
  const frozen = mine?.deposit ?? 0;
  const depositToFreeze = depositTopUp(bid.maxBid, frozen, rules);
  const standing: StandingBid = {
    bidder: bid.bidder,
    maxBid: bid.maxBid,
    seq,
    at: bid.at,
    deposit: frozen + depositToFreeze,
  };

  let newLeader: StandingBid;
  let price: number;
  if (leader === null) {
    newLeader = standing;
    price = lot.startPrice;
  } else if (isLeader) {
    newLeader = standing;
    price = state.currentPrice;
  } else if (bid.maxBid > leader.maxBid) {
    newLeader = standing;
    price = Math.min(bid.maxBid, leader.maxBid + incrementAt(leader.maxBid, rules.increments));
  } else {
    newLeader = leader;
    price = Math.min(leader.maxBid, bid.maxBid + incrementAt(bid.maxBid, rules.increments));
  }
  if (lot.reserve !== null && newLeader.maxBid >= lot.reserve) price = Math.max(price, lot.reserve);

  const endsAt = softCloseEnd(lot.plannedEnd, state.endsAt, bid.at, rules);
  const next: LotBidState = { currentPrice: price, bidCount: seq, leader: newLeader, endsAt };
  const leaderChanged = leader !== null && newLeader.bidder !== leader.bidder;
  const leading = newLeader.bidder === bid.bidder;
  return {
    accepted: true,
    state: next,
    mine: standing,
    seq,
    leaderChanged,
    outbid: leaderChanged ? leader.bidder : null,
    leading,
    currentPrice: price,
    reserveMet: reserveMet(lot, next),
    nextMinimum: nextMinimum({ startPrice: lot.startPrice, currentPrice: price, bidCount: seq }, rules.increments),
    endsAt,
    extended: endsAt !== state.endsAt,
    depositToFreeze,
    publicAmount: leading ? price : bid.maxBid,
  };
}

export type CloseResult =
  | { sold: true; winner: BidderKey; hammer: number; winnerDeposit: number }
  | { sold: false; reason: 'NO_BIDS' | 'RESERVE_NOT_MET' };

/** How a lot ends: sold to the leader at the current price if the reserve is met. */
export function closeLot(lot: Pick<AuctionLot, 'reserve'>, state: LotBidState): CloseResult {
  if (state.leader === null) return { sold: false, reason: 'NO_BIDS' };
  if (!reserveMet(lot, state)) return { sold: false, reason: 'RESERVE_NOT_MET' };
  return { sold: true, winner: state.leader.bidder, hammer: state.currentPrice, winnerDeposit: state.leader.deposit };
}

// ---------------------------------------------------------------- hash chain

/** SHA-256 of the UTF-8 text as lowercase hex: node:crypto on the server, crypto.subtle in the browser. */
export type Sha256Hex = (text: string) => Promise<string>;

/** The `prevHash` of a lot's first bid. */
export const GENESIS_HASH = '0'.repeat(64);

export interface ChainedBidFields {
  seq: number;
  /** Exactly the bidder as the public history shows it, or nobody outside can check the chain. */
  bidderId: string | number;
  amount: number;
  at: number;
}

export interface ChainedBid extends ChainedBidFields {
  prevHash: string;
  hash: string;
}

/** API.md: `prevHash|lotId|seq|bidderId|amount|at`, numbers in plain decimal. */
export function bidHashInput(lotId: number, bid: ChainedBidFields & { prevHash: string }): string {
  return [bid.prevHash, lotId, bid.seq, bid.bidderId, bid.amount, bid.at].join('|');
}

export function bidHash(
  lotId: number,
  bid: ChainedBidFields & { prevHash: string },
  sha256: Sha256Hex,
): Promise<string> {
  return sha256(bidHashInput(lotId, bid));
}

/** Links a new bid to the previous one (null for the lot's first bid). */
export async function chainBid(
  lotId: number,
  previous: Pick<ChainedBid, 'hash'> | null,
  bid: ChainedBidFields,
  sha256: Sha256Hex,
): Promise<ChainedBid> {
  const prevHash = previous?.hash ?? GENESIS_HASH;
  return { ...bid, prevHash, hash: await bidHash(lotId, { ...bid, prevHash }, sha256) };
}

export type ChainCheck =
  { ok: true; length: number } | { ok: false; seq: number; problem: 'missing' | 'duplicate' | 'link' | 'hash' };

/**
 * Checks a lot's whole bid history, in any order (the API lists it newest first): the
 * sequence runs 1, 2, 3… without gaps or repeats, each `prevHash` is the previous bid's
 * `hash` (64 zeros for the first), and each `hash` is recomputed. Returns the first seq
 * where it breaks: a bid inserted, removed or altered afterwards shows there.
 */
export async function verifyChain(lotId: number, bids: readonly ChainedBid[], sha256: Sha256Hex): Promise<ChainCheck> {
  const ordered = [...bids].sort((a, b) => a.seq - b.seq);
  let prevHash = GENESIS_HASH;
  for (const [i, bid] of ordered.entries()) {
    const expected = i + 1;
    if (bid.seq > expected) return { ok: false, seq: expected, problem: 'missing' };
    if (bid.seq < expected) return { ok: false, seq: bid.seq, problem: 'duplicate' };
    if (bid.prevHash.toLowerCase() !== prevHash) return { ok: false, seq: bid.seq, problem: 'link' };
    const hash = (await bidHash(lotId, { ...bid, prevHash }, sha256)).toLowerCase();
    if (bid.hash.toLowerCase() !== hash) return { ok: false, seq: bid.seq, problem: 'hash' };
    prevHash = hash;
  }
  return { ok: true, length: ordered.length };
}

/** Hex of a digest, for the browser: `bytesToHex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))`. */
export function bytesToHex(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let hex = '';
  for (const byte of view) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

function assertFen(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} is not an amount in fen: ${value}`);
}
