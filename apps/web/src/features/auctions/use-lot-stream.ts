import { useEffect } from 'react';

/** The server follows at most this many lots on one stream. */
export const MAX_STREAM_LOTS = 50;

// The lots the pages on screen follow, by page: the app's one live stream (live-hub.ts) reads them.
const watched = new Map<symbol, readonly number[]>();
const watchers = new Set<() => void>();

/** Adds lots to those the app's live stream follows until the returned function is called. */
export function watchLots(ids: readonly number[]): () => void {
  const key = Symbol('lots');
  watched.set(key, ids);
  watchers.forEach((watcher) => watcher());
  return () => {
    watched.delete(key);
    watchers.forEach((watcher) => watcher());
  };
}

/** Every lot some page follows, once each, in order, at most `MAX_STREAM_LOTS`. */
export function watchedLotIds(): number[] {
  const ids = new Set<number>();
  for (const list of watched.values()) for (const id of list) if (Number.isInteger(id) && id > 0) ids.add(id);
  return [...ids].sort((a, b) => a - b).slice(0, MAX_STREAM_LOTS);
}

/** Calls `watcher` whenever a page starts or stops following lots; returns the function that stops it. */
export function onWatchedLotsChange(watcher: () => void): () => void {
  watchers.add(watcher);
  return () => {
    watchers.delete(watcher);
  };
}

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
