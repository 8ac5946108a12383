import { useQuery } from '@tanstack/react-query';
import type { reconcileOutput } from '@antique/shared';
import type { z } from 'zod';
import { api } from '../../lib/request';

export type ReconcileResult = z.infer<typeof reconcileOutput>;

export const fetchReconcile = (signal?: AbortSignal) => api.get<ReconcileResult>('/reconcile', {}, signal);

export const reconcileKeys = {
  all: ['admin', 'reconcile'] as const,
};

export function useReconcile() {
  return useQuery({
    queryKey: reconcileKeys.all,
    queryFn: ({ signal }) => fetchReconcile(signal),
    // A point-in-time check: run afresh whenever the page opens or on demand, not on focus.
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
}
