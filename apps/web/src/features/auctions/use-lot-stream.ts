import { useEffect } from 'react';

import { MAX_STREAM_LOTS, watchLots } from './watched-lots';

export { MAX_STREAM_LOTS, onWatchedLotsChange, watchLots, watchedLotIds } from './watched-lots';

/**
 * Live prices of the lots on screen while the page is shown. The page does not open a stream
 * of its own: it adds its lots to those of the app's one live stream (opened once the first
 * screen is idle, see `LiveNotices`), which also carries the member's notices, so a tab holds
 * one connection and each notice arrives once. The lots' prices are fresh from their list
 * meanwhile, and the server sends every lot's price again whenever the stream (re)opens.
 */
export function useLotStream(ids: readonly number[]): void {
  const key = [...new Set(ids)]
    .filter((id) => Number.isInteger(id) && id > 0)
    .sort((a, b) => a - b)
    .slice(0, MAX_STREAM_LOTS)
    .join(',');
  useEffect(() => {
    if (!key) return;
    return watchLots(key.split(',').map(Number));
  }, [key]);
}
