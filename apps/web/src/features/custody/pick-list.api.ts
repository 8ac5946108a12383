import { custodyApi } from '@antique/shared/routes';
import type { Holding, Page } from '@antique/shared';
import { call } from '../../lib/request';
import { PAGE_SIZE, usePagedQuery } from '../../lib/use-paged-query';

export type HoldingStatus = Holding['status'];

/** One page of the member's pieces in the house's custody. */
export function fetchHoldingPage(status: HoldingStatus | undefined, page: number): Promise<Page<Holding>> {
  return call(custodyApi.list, { status, page, pageSize: PAGE_SIZE });
}

export function useHoldingPages(status: HoldingStatus | undefined) {
  return usePagedQuery<Holding>(['pick', 'list', status ?? 'all'], (page) => fetchHoldingPage(status, page));
}
