import { useQuery } from '@tanstack/react-query';
import { dashboardApi } from '@antique/shared/routes';
import type { Dashboard } from '@antique/shared';
import { call } from '../../lib/request';

export type { Dashboard };

export const dashboardKeys = { all: ['admin', 'dashboard'] as const };

/** Today's figures; read again every minute and when the operator comes back to the window. */
export function useDashboardQuery() {
  return useQuery({
    queryKey: dashboardKeys.all,
    queryFn: ({ signal }) => call(dashboardApi.get, {}, { signal }),
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
}
