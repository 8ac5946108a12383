import DataLoader from 'dataloader';

/**
 * One row a key, read for many requests at once, batched while busy: with no read of this
 * lookup in flight, a key goes to the database at once (with the keys asked for in the same
 * tick); while one is in flight, the keys asked for meanwhile wait and go together, as one
 * query, when it ends. Each caller gets its own row (undefined when there is none). Nothing
 * is kept between reads: a row written before a lookup is always seen. Under a crowd (a hot
 * lot's bidders) this turns a query a request into a few a turn; a lone request waits for
 * nothing.
 */
export function batchLookup<K, V>(
  readMany: (keys: readonly K[]) => Promise<Map<K, V>>,
  opts: { max?: number } = {},
): (key: K) => Promise<V | undefined> {
  let inFlight = 0;
  let waiting: (() => void)[] = [];
  const loader = new DataLoader<K, V | undefined>(
    async (keys) => {
      inFlight += 1;
      try {
        const found = await readMany(keys);
        return keys.map((k) => found.get(k));
      } finally {
        inFlight -= 1;
        if (inFlight === 0) {
          const next = waiting;
          waiting = [];
          for (const dispatch of next) dispatch();
        }
      }
    },
    {
      cache: false,
      maxBatchSize: opts.max ?? 500,
      // Called as a batch opens, before its first key is in it: dispatched after this tick's keys join.
      batchScheduleFn: (dispatch) => (inFlight === 0 ? queueMicrotask(dispatch) : waiting.push(dispatch)),
    },
  );
  return (key) => loader.load(key);
}
