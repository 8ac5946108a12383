import { useEffect, useState } from 'react';
import { type ChainCheck, bytesToHex, verifyChain } from '@antique/shared';
import type { AdminLotDetail } from './api';

async function sha256(text: string): Promise<string> {
  return bytesToHex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

export type ChainState = { state: 'checking' } | { state: 'unavailable' } | { state: 'done'; check: ChainCheck };

/**
 * Checks the lot's bid history against its hash chain in the browser, as anyone holding the
 * public list can: every bid links to the one before and hashes to what the server stored.
 */
export function useChainCheck(lot: Pick<AdminLotDetail, 'id' | 'bids'> | undefined): ChainState {
  const [result, setResult] = useState<{ key: string; check: ChainCheck } | null>(null);
  const bids = lot?.bids;
  const key = lot ? `${lot.id}:${bids?.length ?? 0}:${bids?.[0]?.hash ?? ''}` : '';
  const available = typeof crypto !== 'undefined' && crypto.subtle !== undefined;

  useEffect(() => {
    if (!lot || !bids || !available) return;
    let live = true;
    const chained = bids.map((b) => ({
      seq: b.seq,
      bidderId: b.bidder,
      amount: b.amount,
      at: b.at,
      prevHash: b.prevHash,
      hash: b.hash,
    }));
    void verifyChain(lot.id, chained, sha256).then((check) => {
      if (live) setResult({ key, check });
    });
    return () => {
      live = false;
    };
    // The key names the history: a new bid changes its length and its newest hash.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, available]);

  if (!available) return { state: 'unavailable' };
  return result && result.key === key ? { state: 'done', check: result.check } : { state: 'checking' };
}
