import DataLoader from 'dataloader';

/**
 * One row a key, read for many requests at once: the keys asked for during one turn of the
 * event loop (every request parsed from the sockets in that turn) go to the database as one
 * query, and each caller gets its own row (undefined when there is none). Nothing is kept
 * between turns: a row written before a lookup is always seen. Under a crowd (a hot lot's
 * bidders) this turns a query a request into a query a turn; alone, a lookup waits only
 * for the end of its turn.
 */
export function batchLookup<K, V>(
  readMany: (keys: readonly K[]) => Promise<Map<K, V>>,
  opts: { max?: number } = {},
): (key: K) => Promise<V | undefined> {
  const loader = new DataLoader<K, V | undefined>(
    async (keys) => {
      const found = await readMany(keys);
      return keys.map((k) => found.get(k));
    },
    { cache: false, maxBatchSize: opts.max ?? 500, batchScheduleFn: (run) => setImmediate(run) },
  );
  return (key) => loader.load(key);
}
