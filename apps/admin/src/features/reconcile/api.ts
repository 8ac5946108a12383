import { useQuery } from '@tanstack/react-query';
import { walletApi } from '@antique/shared/routes';
import type { ReconcileOutput } from '@antique/shared';
import { call } from '../../lib/request';

export type ReconcileResult = ReconcileOutput;

export const reconcileKeys = {
  all: ['admin', 'reconcile'] as const,
};

export function useReconcile() {
  return useQuery({
    queryKey: reconcileKeys.all,
    queryFn: ({ signal }) => call(walletApi.adminReconcile, {}, { signal }),
    // A point-in-time check: run afresh whenever the page opens or on demand, not on focus.
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
}
