import { type BillType, type Bill, type Page } from '@antique/shared';
import { http } from '../../lib/request';
import { PAGE_SIZE, usePagedQuery } from '../../lib/use-paged-query';

export type BillPage = Page<Bill> & { balance: number; frozen: number };

/** GET /asset/bill: one page of the member's ledger, newest first, with the wallet as it stands. */
export function fetchBillPage(type: BillType | undefined, page: number): Promise<BillPage> {
  return http.get<BillPage>('/asset/bill', { type, page, pageSize: PAGE_SIZE });
}

export function useBillPages(type: BillType | undefined) {
  return usePagedQuery<Bill, BillPage>(['asset', 'bill', type ?? 'all'], (page) => fetchBillPage(type, page));
}
