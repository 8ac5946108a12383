import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountsApi, type RouteInput } from '@antique/shared/routes';
import type { RealNameReveal, RealNameReviewRow, RealNameStatus } from '@antique/shared';
import { call } from '../../lib/request';
import { memberKeys } from '../members/api';

export type { RealNameReveal, RealNameReviewRow };
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
  // Apart from `all`: refreshing the queue never asks (and audits) a reveal again.
  revealed: (memberId: number) => ['admin', 'realname-revealed', memberId] as const,
};

/** How long a revealed name and ID number stay in memory once nothing on screen shows them. */
const REVEALED_KEEP_MS = 60_000;

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

/**
 * A submission's name and ID number in full, asked for only when the reviewer clicks (the
 * server audits each reveal). The answer is shared by the queue's row and the review dialog
 * of the same member, so looking in both is one reveal.
 */
export function useRevealedIdentity(memberId: number) {
  const queryClient = useQueryClient();
  const key = realNameKeys.revealed(memberId);
  const revealed = useQuery<RealNameReveal>({ queryKey: key, queryFn: skipToken, gcTime: REVEALED_KEEP_MS });
  const reveal = useMutation({
    mutationFn: () => call(accountsApi.adminRealNameReveal, { memberId }),
    onSuccess: (identity) => queryClient.setQueryData(key, identity),
  });
  return { identity: revealed.data, reveal: () => reveal.mutate(), pending: reveal.isPending, error: reveal.error };
}
