import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { protectApi, type RouteInput } from '@antique/shared/routes';
import type { AdminClaim, AdminClaimDetail, ClaimReason, ClaimStatus, OfferStatus } from '@antique/shared';
import { call } from '../../lib/request';

export type { AdminClaim, AdminClaimDetail };
export type ClaimQueueParams = RouteInput<typeof protectApi.adminClaims>;

export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  pending: '待处理',
  accepted: '已通过（已退款）',
  rejected: '已驳回',
};
export const CLAIM_STATUS_COLORS: Record<ClaimStatus, string> = {
  pending: 'processing',
  accepted: 'success',
  rejected: 'error',
};
export const CLAIM_REASON_LABELS: Record<ClaimReason, string> = {
  not_as_described: '与描述不符',
  not_authentic: '非真品',
  damaged: '运输损坏',
  other: '其他',
};
export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  open: '待接受',
  accepted: '已接受',
  expired: '已过期',
  withdrawn: '已撤回',
};
/** A piece's history as operators read it. */
export const HOLDING_EVENT_LABELS: Record<string, string> = {
  bought: '商城购入',
  won: '拍卖竞得',
  consigned: '委托寄拍',
  listed: '上拍',
  sold: '成交',
  unsold: '流拍',
  returned: '退回保管',
  shipped: '发货',
  received: '签收',
  claim_returned: '保障退回平台',
};

export const claimKeys = {
  all: ['admin', 'claims'] as const,
  queue: (params: ClaimQueueParams) => [...claimKeys.all, 'queue', params] as const,
  detail: (id: number) => [...claimKeys.all, 'detail', id] as const,
};

export const claimQueries = {
  queue: (params: ClaimQueueParams) =>
    queryOptions({
      queryKey: claimKeys.queue(params),
      queryFn: ({ signal }) => call(protectApi.adminClaims, params, { signal }),
      refetchInterval: 120_000,
    }),
};

export function useClaimDetail(id: number | null) {
  return useQuery({
    queryKey: claimKeys.detail(id ?? 0),
    queryFn: ({ signal }) => call(protectApi.adminClaim, { id: id! }, { signal }),
    enabled: id !== null,
  });
}

export function useDecideClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; accept: boolean; reason: string }) => call(protectApi.adminDecideClaim, input),
    onSuccess: (detail) => {
      queryClient.setQueryData(claimKeys.detail(detail.id), detail);
      void queryClient.invalidateQueries({ queryKey: claimKeys.all });
    },
  });
}

export const offerKeys = {
  lot: (lotId: number) => ['admin', 'lot-offers', lotId] as const,
};

export function useLotOffers(lotId: number, enabled: boolean) {
  return useQuery({
    queryKey: offerKeys.lot(lotId),
    queryFn: ({ signal }) => call(protectApi.adminLotOffers, { id: lotId }, { signal }),
    enabled,
  });
}

export function useOfferLot(lotId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(protectApi.adminOfferLot, { id: lotId }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: offerKeys.lot(lotId) }),
  });
}

export function useWithdrawOffer(lotId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(protectApi.adminWithdrawOffer, { id }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: offerKeys.lot(lotId) }),
  });
}
