import type { MemberNotice } from '@antique/shared';
import { useEffect } from 'react';
import { queryClient } from '../../lib/query-client';
import { applyLotPrice } from './live-cache';
import { useLiveNoticeStore } from './live-notice';

function onNotice(notice: MemberNotice): void {
  useLiveNoticeStore.getState().show(notice);
  // Outbid, won, due: the member's standing and orders changed on the server.
  void queryClient.invalidateQueries({ queryKey: ['auction'] });
  if (notice.kind === 'won' || notice.kind === 'payment_due') {
    void queryClient.invalidateQueries({ queryKey: ['order'] });
    void queryClient.invalidateQueries({ queryKey: ['member'] });
  }
  if (notice.kind === 'shipped') void queryClient.invalidateQueries({ queryKey: ['pick'] });
}

/**
 * Live prices of the lots on screen (and the member's notices) while the page is shown. The
 * stream client is loaded with the first lot shown, not with the page.
 */
export function useLotStream(ids: readonly number[]): void {
  const key = [...new Set(ids)]
    .filter((id) => id > 0)
    .sort((a, b) => a - b)
    .slice(0, 50)
    .join(',');
  useEffect(() => {
    if (!key) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import('./lot-stream').then(({ openLotStream }) => {
      if (cancelled) return;
      stop = openLotStream(key.split(',').map(Number), {
        onLot: (price) => applyLotPrice(queryClient, price),
        onNotice,
      });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [key]);
}
