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
