import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

const PAGE_SIZES = [10, 20, 50] as const;

function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/**
 * A list page's filters and pagination kept in the URL, so a refresh, the back button
 * or a shared link shows the same page of results.
 */
export function useSearchState<K extends string>(keys: readonly K[], defaultPageSize = 20) {
  const [params, setParams] = useSearchParams();
  const page = positiveInt(params.get('page'), 1);
  const rawSize = positiveInt(params.get('pageSize'), defaultPageSize);
  const pageSize = (PAGE_SIZES as readonly number[]).includes(rawSize) ? rawSize : defaultPageSize;
  const keysId = keys.join(',');
  const filters = useMemo(() => {
    const out = {} as Record<K, string | undefined>;
    for (const key of (keysId ? keysId.split(',') : []) as K[]) out[key] = params.get(key) ?? undefined;
    return out;
  }, [params, keysId]);

  const update = useCallback(
    (changes: Partial<Record<K | 'page' | 'pageSize', string | number | undefined>>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          // A new filter starts again at the first page.
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: false },
      );
    },
    [setParams],
  );

  return { page, pageSize, filters, update, pageSizeOptions: PAGE_SIZES.map(String) };
}
