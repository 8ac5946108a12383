import { custodyApi } from '@antique/shared/routes';
import type { Delegation, DelegationStatus, HoldingDetail, Page, Pick } from '@antique/shared';
import { useQuery } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER } from '../../lib/idempotency-key';
import { queryClient } from '../../lib/query-client';
import { call } from '../../lib/request';
import { PAGE_SIZE, usePagedQuery } from '../../lib/use-paged-query';

export const holdingKey = (id: number) => ['pick', 'info', id] as const;

/** One piece with its history in the house. */
export function useHoldingQuery(id: number) {
  return useQuery({
    queryKey: holdingKey(id),
    queryFn: (): Promise<HoldingDetail> => call(custodyApi.info, { id }),
    enabled: id > 0,
    staleTime: 0,
  });
}

/** Ships held pieces to one of the member's addresses; a retry asks once. */
export function requestPick(input: { holdingIds: number[]; addressId: number }, idempotencyKey: string): Promise<Pick> {
  return call(custodyApi.pick, input, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

export function confirmReceipt(id: number): Promise<Pick> {
  return call(custodyApi.receive, { id });
}

/** Consigns a held piece for auction, with an optional reserve in fen; a retry consigns once. */
export function delegateHolding(
  input: { holdingId: number; reservePrice?: number },
  idempotencyKey: string,
): Promise<Delegation> {
  return call(custodyApi.delegate, input, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

export function cancelDelegation(id: number): Promise<Delegation> {
  return call(custodyApi.cancelDelegation, { id });
}

export function fetchDelegationPage(status: DelegationStatus | undefined, page: number): Promise<Page<Delegation>> {
  return call(custodyApi.delegations, { status, page, pageSize: PAGE_SIZE });
}

export function useDelegationPages(status: DelegationStatus | undefined) {
  return usePagedQuery<Delegation>(['delegate', 'list', status ?? 'all'], (page) => fetchDelegationPage(status, page));
}

/** Pieces, pick-ups and consignments after one of them changed. */
export function refreshCustody(): void {
  void queryClient.invalidateQueries({ queryKey: ['pick'] });
  void queryClient.invalidateQueries({ queryKey: ['delegate'] });
}
