import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { custodyApi, type RouteInput } from '@antique/shared/routes';
import type { AdminDelegation, AdminHolding, AdminPick, DelegationStatus, PickStatus } from '@antique/shared';
import { call } from '../../lib/request';
import { auctionKeys } from '../auctions/api';

export type { AdminDelegation, AdminHolding, AdminPick, DelegationStatus, PickStatus };
export type HoldingListParams = RouteInput<typeof custodyApi.adminHoldings>;
export type PickListParams = RouteInput<typeof custodyApi.adminPicks>;
export type DelegationListParams = RouteInput<typeof custodyApi.adminDelegations>;
export type DelegationReview = RouteInput<typeof custodyApi.adminReviewDelegation>;
export type ShipInput = RouteInput<typeof custodyApi.adminShip>;

export const DELEGATION_STATUS_COLORS: Record<DelegationStatus, string> = {
  pending: 'processing',
  listed: 'purple',
  sold: 'success',
  unsold: 'default',
  rejected: 'error',
  cancelled: 'default',
};

export const PICK_STATUS_COLORS: Record<PickStatus, string> = {
  pending: 'gold',
  shipped: 'processing',
  received: 'success',
};

export const HOLDING_STATUS_COLORS: Record<AdminHolding['status'], string> = {
  held: 'success',
  delegated: 'purple',
  picking: 'gold',
  shipped: 'processing',
  received: 'default',
};

export const custodyKeys = {
  all: ['admin', 'custody'] as const,
  holdings: (params: HoldingListParams) => [...custodyKeys.all, 'holdings', params] as const,
  picks: (params: PickListParams) => [...custodyKeys.all, 'picks', params] as const,
  delegations: (params: DelegationListParams) => [...custodyKeys.all, 'delegations', params] as const,
};

export const custodyQueries = {
  holdings: (params: HoldingListParams) =>
    queryOptions({
      queryKey: custodyKeys.holdings(params),
      queryFn: ({ signal }) => call(custodyApi.adminHoldings, params, { signal }),
    }),
  picks: (params: PickListParams) =>
    queryOptions({
      queryKey: custodyKeys.picks(params),
      queryFn: ({ signal }) => call(custodyApi.adminPicks, params, { signal }),
    }),
  delegations: (params: DelegationListParams) =>
    queryOptions({
      queryKey: custodyKeys.delegations(params),
      queryFn: ({ signal }) => call(custodyApi.adminDelegations, params, { signal }),
    }),
};

export function useShipPick() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ShipInput) => call(custodyApi.adminShip, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: custodyKeys.all }),
  });
}

/** Approving makes a lot: the lots' lists refresh too. */
export function useReviewDelegation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: DelegationReview) => call(custodyApi.adminReviewDelegation, review),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: custodyKeys.all }),
        queryClient.invalidateQueries({ queryKey: auctionKeys.all }),
      ]),
  });
}
