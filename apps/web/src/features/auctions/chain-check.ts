import { bytesToHex, verifyChain, type ChainCheck, type PublicBid } from '@antique/shared';

/** SHA-256 of UTF-8 text as lowercase hex, by the browser's own Web Crypto. */
export async function sha256Hex(text: string): Promise<string> {
  return bytesToHex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/**
 * Recomputes a lot's public bid chain here, in the member's browser: every hash from the
 * bids as shown (the masked bidder is what the hash covers), in order, each linked to the one
 * before. A bid inserted, removed or altered afterwards breaks it at that bid.
 */
export function checkBidChain(lotId: number, bids: readonly PublicBid[]): Promise<ChainCheck> {
  return verifyChain(
    lotId,
    bids.map((bid) => ({
      seq: bid.seq,
      bidderId: bid.bidder,
      amount: bid.amount,
      at: bid.at,
      prevHash: bid.prevHash,
      hash: bid.hash,
    })),
    sha256Hex,
  );
}
