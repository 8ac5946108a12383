import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { accountsApi, type RouteInput } from '@antique/shared/routes';
import type { RealNameReviewRow, RealNameStatus } from '@antique/shared';
import { call } from '../../lib/request';
import { memberKeys } from '../members/api';

export type { RealNameReviewRow };
export type RealNameQueueParams = RouteInput<typeof accountsApi.adminRealNameQueue>;
export type RealNameReview = RouteInput<typeof accountsApi.adminRealNameReview>;

export const REALNAME_STATUS_COLORS: Record<RealNameStatus, string> = {
  none: 'default',
  pending: 'processing',
  verified: 'success',
  rejected: 'error',
};

export const realNameKeys = {
  all: ['admin', 'realname'] as const,
  queue: (params: RealNameQueueParams) => [...realNameKeys.all, 'queue', params] as const,
};

export const realNameQueries = {
  queue: (params: RealNameQueueParams) =>
    queryOptions({
      queryKey: realNameKeys.queue(params),
      queryFn: ({ signal }) => call(accountsApi.adminRealNameQueue, params, { signal }),
      // The ID-card image URLs are short-lived: never show a stale page of them for long.
      staleTime: 30_000,
      refetchInterval: 120_000,
    }),
};

export function useReviewRealName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: RealNameReview) => call(accountsApi.adminRealNameReview, review),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: realNameKeys.all }),
        queryClient.invalidateQueries({ queryKey: memberKeys.all }),
      ]),
  });
}
