/**
 * The demo's rolling auction schedule: run on a timer by the server while demo data is on,
 * so that whenever someone opens the app (on the first start or a week later) there are live
 * lots with bids from demo collectors, upcoming lots, and lots that ended sold and unsold.
 * Everything goes through the house's own calls (its services), so the lots, bids, deposits
 * and orders follow the real rules.
 */
import { demoBidders, demoSessionTitles } from './auctions.data.js';
import { DEMO_PASSWORD } from './members.data.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * A product of the house's inventory kept out of the mall with units free to go up (a lot
 * takes one unit; an unsold lot gives it back), so that no piece is ever offered twice.
 */
export interface DemoPiece {
  productId: number;
  cover: string;
  /** Units free to go up now. */
  free: number;
  /** Its catalogue price in fen: the lot starts well below it and bids stop a little above. */
  price: number;
}

/** A piece a demo collector keeps in the house's custody (won earlier), which they may consign again. */
export interface DemoHeldPiece {
  memberId: number;
  holdingId: number;
  cover: string;
  /** What they paid for it, in fen. */
  price: number;
}

export interface DemoLiveLot {
  id: number;
  title: string;
  /** The title of its session (null outside one): the demo keeps to lots in its own sessions. */
  session: string | null;
  startPrice: number;
  nextMinimum: number;
  bidCount: number;
  endsAt: number;
}

export interface DemoAuctionTarget {
  /** The house's inventory for its auctions: products kept out of the mall with free units. */
  pieces(): Promise<DemoPiece[]>;
  /** Pieces these collectors hold in the house's custody. */
  heldPieces(memberIds: number[]): Promise<DemoHeldPiece[]>;
  /** A member by phone, created (verified, with the deposit) when missing; undefined if it cannot be. */
  ensureMember(m: {
    phone: string;
    password: string;
    nickname: string;
    realName?: { name: string; idNumber: string };
    deposit: number;
  }): Promise<number | undefined>;
  lots(): Promise<{ live: DemoLiveLot[]; upcoming: number; ended: number }>;
  createSession(s: { title: string; cover: string; startsAt: number }): Promise<{ id: number }>;
  /** A house lot of one unit of the product; undefined when no unit is free any more. */
  createLot(l: {
    productId: number;
    startPrice: number;
    reservePrice?: number;
    startsAt: number;
    endsAt: number;
    sessionId: number;
  }): Promise<{ id: number } | undefined>;
  /** A collector consigns a held piece and the house approves it into the session; undefined if it cannot be. */
  consign(c: {
    memberId: number;
    holdingId: number;
    reservePrice?: number;
    startPrice: number;
    startsAt: number;
    endsAt: number;
    sessionId: number;
  }): Promise<{ id: number } | undefined>;
  /** A max bid through the house's bidding; false when refused (outbid meanwhile, ended). */
  bid(memberId: number, lotId: number, maxBid: number): Promise<boolean>;
  /** Pays the member's won lots still to pay; returns how many. */
  payWon(memberId: number): Promise<number>;
  /** Pays money in when the balance is below `atLeast`. */
  topUp(memberId: number, atLeast: number): Promise<void>;
}

export interface DemoTick {
  lots: number;
  bids: number;
  paid: number;
}

/** Whole hundreds of yuan, at least 100 yuan. */
const roundPrice = (fen: number) => Math.max(10_000, Math.round(fen / 10_000) * 10_000);

export const DEMO_LIVE_LOTS = 6;
export const DEMO_UPCOMING_LOTS = 4;

/** One turn of the schedule. `random` is injectable so tests can replay a turn. */
export async function tickDemoAuctions(
  target: DemoAuctionTarget,
  opts: { now: number; random?: () => number },
): Promise<DemoTick> {
  const random = opts.random ?? Math.random;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const { now } = opts;
  const out: DemoTick = { lots: 0, bids: 0, paid: 0 };

  const bidders: number[] = [];
  for (const b of demoBidders) {
    const id = await target.ensureMember({ ...b, password: DEMO_PASSWORD });
    if (id !== undefined) bidders.push(id);
  }
  if (bidders.length < 2) return out;
  // What can go up: the house's free units first; when they run out, pieces the collectors
  // won earlier, consigned back (one piece, one lot: each is used once a turn).
  const inventory = (await target.pieces()).filter((p) => p.free > 0);
  const held = await target.heldPieces(bidders);
  if (inventory.length === 0 && held.length === 0) return out;

  // The demo's collectors keep to the demo's own lots (in the sessions it names), never an
  // operator's: someone trying the console sees only real bids on the lots they make.
  const ours = (l: DemoLiveLot) => l.session !== null && demoSessionTitles.includes(l.session);
  const all = await target.lots();
  const state = { ...all, live: all.live.filter(ours) };
  const putUp = async (
    t: { startsAt: number; endsAt: number; sessionId: number },
    reserve: boolean,
  ): Promise<number | undefined> => {
    while (inventory.length > 0) {
      const i = Math.floor(random() * inventory.length);
      const piece = inventory[i]!;
      piece.free -= 1;
      if (piece.free <= 0) inventory.splice(i, 1);
      const lot = await target.createLot({
        productId: piece.productId,
        startPrice: roundPrice(piece.price * 0.3),
        ...(reserve ? { reservePrice: roundPrice(piece.price * 3) } : {}),
        ...t,
      });
      if (lot) return lot.id;
    }
    while (held.length > 0) {
      const piece = held.splice(Math.floor(random() * held.length), 1)[0]!;
      const lot = await target.consign({
        memberId: piece.memberId,
        holdingId: piece.holdingId,
        startPrice: roundPrice(piece.price * 0.5),
        ...(reserve ? { reservePrice: roundPrice(piece.price * 3) } : {}),
        ...t,
      });
      if (lot) return lot.id;
    }
    return undefined;
  };
  const schedule = async (
    count: number,
    when: (i: number) => { startsAt: number; endsAt: number },
    lotOpts: (i: number) => { reserve?: boolean } = () => ({}),
  ) => {
    if (count <= 0 || (inventory.length === 0 && held.length === 0)) return [];
    const first = when(0);
    const cover = inventory.length > 0 ? pick(inventory).cover : pick(held).cover;
    const session = await target.createSession({
      title: pick(demoSessionTitles),
      cover,
      startsAt: first.startsAt,
    });
    const made: number[] = [];
    for (let i = 0; i < count; i++) {
      const id = await putUp({ ...when(i), sessionId: session.id }, lotOpts(i).reserve ?? false);
      if (id === undefined) break;
      made.push(id);
      out.lots += 1;
    }
    return made;
  };

  // A house that has never closed a lot gets three that end within minutes: two to sell, one to stay unsold.
  if (state.ended === 0 && state.live.every((l) => l.endsAt - now > 5 * MINUTE)) {
    const quick = await schedule(
      3,
      (i) => ({ startsAt: now, endsAt: now + (2 + i) * MINUTE }),
      (i) => ({ reserve: i === 2 }),
    );
    for (const id of quick.slice(0, 2)) {
      const lot = (await target.lots()).live.find((l) => l.id === id && ours(l));
      if (!lot) continue;
      if (await target.bid(bidders[0]!, id, lot.nextMinimum)) out.bids += 1;
      if (await target.bid(bidders[1]!, id, lot.nextMinimum + lot.startPrice)) out.bids += 1;
    }
  }
  await schedule(DEMO_LIVE_LOTS - state.live.length, (i) => ({
    startsAt: now,
    endsAt: now + 15 * MINUTE + i * 35 * MINUTE + Math.floor(random() * 10) * MINUTE,
  }));
  await schedule(DEMO_UPCOMING_LOTS - state.upcoming, (i) => {
    const startsAt = now + 2 * HOUR + Math.floor(random() * 4) * HOUR;
    return { startsAt, endsAt: startsAt + 2 * HOUR + i * 30 * MINUTE };
  });

  for (const b of bidders) await target.topUp(b, 5_000_000);
  // Now and then a collector raises on a live lot; an opening bid on every lot still without one.
  for (const lot of (await target.lots()).live.filter(ours)) {
    const ceiling = lot.startPrice * 6;
    if (lot.bidCount > 0 && random() > 0.35) continue;
    const maxBid = lot.nextMinimum + Math.floor(random() * 3) * 10_000;
    if (maxBid > ceiling) continue;
    if (await target.bid(pick(bidders), lot.id, maxBid)) out.bids += 1;
  }
  for (const b of bidders) out.paid += await target.payWon(b);
  return out;
}
