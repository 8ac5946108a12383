import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { settingsApi } from '@antique/shared/routes';
import type { Settings } from '@antique/shared';
import { call } from '../../lib/request';

export type { Settings };

export const settingsKeys = { all: ['admin', 'settings'] as const };

export function useSettingsQuery() {
  return useQuery({
    queryKey: settingsKeys.all,
    queryFn: ({ signal }) => call(settingsApi.get, {}, { signal }),
  });
}

/** Sends the changed sections only; the answer is every setting as now stored. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<Settings>) => call(settingsApi.update, patch),
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.all, saved),
  });
}
