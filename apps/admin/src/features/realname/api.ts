import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Page, RealNameStatus, realNameReviewRow } from '@antique/shared';
import type { z } from 'zod';
import { api } from '../../lib/request';
import { memberKeys } from '../members/api';

export type RealNameReviewRow = z.infer<typeof realNameReviewRow>;

export interface RealNameQueueParams {
  status?: RealNameStatus;
  page: number;
  pageSize: number;
}

export interface RealNameReviewInput {
  approve: boolean;
  reason?: string;
}

export const REALNAME_STATUS_LABELS: Record<RealNameStatus, string> = {
  none: '未提交',
  pending: '待审核',
  verified: '已通过',
  rejected: '已驳回',
};

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

export const fetchRealNameQueue = (params: RealNameQueueParams, signal?: AbortSignal) =>
  api.get<Page<RealNameReviewRow>>('/realname', { ...params }, signal);
export const reviewRealName = (memberId: number, input: RealNameReviewInput) =>
  api.post<unknown>(`/realname/${memberId}/review`, input);

export const realNameQueries = {
  queue: (params: RealNameQueueParams) =>
    queryOptions({
      queryKey: realNameKeys.queue(params),
      queryFn: ({ signal }) => fetchRealNameQueue(params, signal),
      // The ID-card image URLs are short-lived: never show a stale page of them for long.
      staleTime: 30_000,
      refetchInterval: 120_000,
    }),
};

export function useReviewRealName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, input }: { memberId: number; input: RealNameReviewInput }) =>
      reviewRealName(memberId, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: realNameKeys.all }),
        queryClient.invalidateQueries({ queryKey: memberKeys.all }),
      ]),
  });
}
