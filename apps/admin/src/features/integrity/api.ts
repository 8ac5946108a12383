import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { integrityApi, type RouteInput } from '@antique/shared/routes';
import type { LotSignals, ReviewStatus, SignalCode, SignalQueueItem } from '@antique/shared';
import { call } from '../../lib/request';
import { auctionKeys } from '../auctions/api';

export type { LotSignals, ReviewStatus, SignalCode, SignalQueueItem };
export type SignalQueueParams = RouteInput<typeof integrityApi.adminSignals>;

/** The console's words for each signal (the detail says what was found). */
export const SIGNAL_LABELS: Record<SignalCode, string> = {
  consignor_identity: '与委托人同一实名',
  consignor_inviter: '与委托人存在邀请关系',
  consignor_address: '与委托人收货地址相同',
  consignor_device: '与委托人同一网络或设备',
  self_outbid: '逐级抬价',
  only_near_rivals: '只在他人出价后跟价',
  consignor_loser: '常拍该委托人拍品却少得标',
  late_retreat: '临近截拍退出',
  hammer_above_comparables: '价格远高于本行同类成交',
};

export const REVIEW_LABELS: Record<ReviewStatus, string> = { open: '待复核', cleared: '已排除', escalated: '已上报' };
export const REVIEW_COLORS: Record<ReviewStatus, string> = { open: 'gold', cleared: 'default', escalated: 'red' };

export const integrityKeys = {
  all: ['admin', 'integrity'] as const,
  queue: (params: SignalQueueParams) => [...integrityKeys.all, 'queue', params] as const,
  lot: (id: number) => [...integrityKeys.all, 'lot', id] as const,
};

export const integrityQueries = {
  queue: (params: SignalQueueParams) =>
    queryOptions({
      queryKey: integrityKeys.queue(params),
      queryFn: ({ signal }) => call(integrityApi.adminSignals, params, { signal }),
    }),
};

/** One lot's signals, computed afresh by the server on every read. */
export function useLotSignals(id: number) {
  return useQuery({
    queryKey: integrityKeys.lot(id),
    queryFn: ({ signal }) => call(integrityApi.adminLotSignals, { id }, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useReviewSignals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; status: 'cleared' | 'escalated'; note: string }) =>
      call(integrityApi.adminReviewSignals, input),
    onSuccess: (data) => {
      queryClient.setQueryData(integrityKeys.lot(data.lotId), data);
      return queryClient.invalidateQueries({ queryKey: [...integrityKeys.all, 'queue'] });
    },
  });
}

/** Withdraw a lot, or void one of its bids; the lot's monitor reads it again after. */
export function useLotHand() {
  const queryClient = useQueryClient();
  const after = () => queryClient.invalidateQueries({ queryKey: auctionKeys.all });
  return {
    withdraw: useMutation({
      mutationFn: (input: { id: number; reason: string }) => call(integrityApi.adminWithdrawLot, input),
      onSuccess: after,
    }),
    voidBid: useMutation({
      mutationFn: (input: { id: number; bidId: number; reason: string }) => call(integrityApi.adminVoidBid, input),
      onSuccess: after,
    }),
  };
}
