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

/** How long the stream waits at most for an idle moment once the page has loaded. */
export const STREAM_IDLE_TIMEOUT_MS = 2000;

/**
 * Calls `run` once the page has loaded and the main thread is idle (or after
 * `STREAM_IDLE_TIMEOUT_MS` of a busy one); returns the function that cancels it.
 */
export function whenLoadedAndIdle(run: () => void): () => void {
  let cancelled = false;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const go = () => {
    if (!cancelled) run();
  };
  const afterLoad = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function')
      idle = window.requestIdleCallback(go, { timeout: STREAM_IDLE_TIMEOUT_MS });
    else timer = setTimeout(go, 0);
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', afterLoad);
    if (idle !== undefined) window.cancelIdleCallback?.(idle);
    clearTimeout(timer);
  };
}

/**
 * Live prices of the lots on screen (and the member's notices) while the page is shown. The
 * stream is opened (and its client loaded) once the page has loaded and is idle: the lots'
 * prices are fresh from their list meanwhile, and the server sends every lot's price again
 * when the stream opens, so nothing is missed, while the first screen's code, data and
 * pictures keep the network and the main thread to themselves.
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
    const cancelWait = whenLoadedAndIdle(() => {
      void import('./lot-stream').then(({ openLotStream }) => {
        if (cancelled) return;
        stop = openLotStream(key.split(',').map(Number), {
          onLot: (price) => applyLotPrice(queryClient, price),
          onNotice,
        });
      });
    });
    return () => {
      cancelled = true;
      cancelWait();
      stop?.();
    };
  }, [key]);
}
