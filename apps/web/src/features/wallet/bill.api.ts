import { walletApi, type RouteOutput } from '@antique/shared/routes';
import type { Bill, BillType } from '@antique/shared';
import { call } from '../../lib/request';
import { PAGE_SIZE, usePagedQuery } from '../../lib/use-paged-query';

export type BillPage = RouteOutput<typeof walletApi.bills>;

/** One page of the member's ledger, newest first, with the wallet as it stands. */
export function fetchBillPage(type: BillType | undefined, page: number): Promise<BillPage> {
  return call(walletApi.bills, { type, page, pageSize: PAGE_SIZE });
}

export function useBillPages(type: BillType | undefined) {
  return usePagedQuery<Bill, BillPage>(['asset', 'bill', type ?? 'all'], (page) => fetchBillPage(type, page));
}
