import { chainBid, type PublicBid } from '@antique/shared';
import { describe, expect, it } from 'vitest';
import { checkBidChain, sha256Hex } from './chain-check';

const LOT = 12;

async function history(): Promise<PublicBid[]> {
  const bids: PublicBid[] = [];
  let previous: PublicBid | null = null;
  const entries = [
    { bidder: '138****0001', amount: 100_000, at: 1_760_000_000_000 },
    { bidder: '139****0002', amount: 110_000, at: 1_760_000_060_000 },
    { bidder: '138****0001', amount: 120_000, at: 1_760_000_120_000 },
  ];
  for (const [index, entry] of entries.entries()) {
    const chained = await chainBid(
      LOT,
      previous,
      { seq: index + 1, bidderId: entry.bidder, amount: entry.amount, at: entry.at },
      sha256Hex,
    );
    const bid: PublicBid = { ...entry, seq: chained.seq, prevHash: chained.prevHash, hash: chained.hash };
    bids.push(bid);
    previous = bid;
  }
  // As the API lists it: newest first.
  return bids.reverse();
}

describe('checking a lot’s bid chain in the browser', () => {
  it('hashes text as SHA-256 lowercase hex with Web Crypto', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('accepts the history as the server chained it', async () => {
    expect(await checkBidChain(LOT, await history())).toEqual({ ok: true, length: 3 });
  });

  it('finds an amount changed afterwards at that bid', async () => {
    const bids = await history();
    const tampered = bids.map((bid) => (bid.seq === 2 ? { ...bid, amount: 105_000 } : bid));
    expect(await checkBidChain(LOT, tampered)).toEqual({ ok: false, seq: 2, problem: 'hash' });
  });

  it('finds a removed bid and a bid of another lot', async () => {
    const bids = await history();
    expect(
      await checkBidChain(
        LOT,
        bids.filter((bid) => bid.seq !== 2),
      ),
    ).toEqual({
      ok: false,
      seq: 2,
      problem: 'missing',
    });
    expect((await checkBidChain(LOT + 1, bids)).ok).toBe(false);
  });

  it('finds a bidder rewritten in the public list', async () => {
    const bids = await history();
    const tampered = bids.map((bid) => (bid.seq === 3 ? { ...bid, bidder: '137****9999' } : bid));
    expect(await checkBidChain(LOT, tampered)).toEqual({ ok: false, seq: 3, problem: 'hash' });
  });
});
