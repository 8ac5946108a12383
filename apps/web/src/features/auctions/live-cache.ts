import type { Lot, LotDetail, LotPrice } from '@antique/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { lotKey, type LotPage } from './auction.api';

const priceFields = (price: LotPrice) => ({
  currentPrice: price.currentPrice,
  nextMinimum: price.nextMinimum,
  bidCount: price.bidCount,
  endsAt: price.endsAt,
  status: price.status,
  reserveMet: price.reserveMet,
});

/**
 * A live price into every cached copy of the lot: the lists (each tab and the home shelf)
 * and its detail. A new bid also changes what only the server can tell (the history, the
 * member's lead, the next minimum of a leader), so the detail is fetched again then.
 */
export function applyLotPrice(client: QueryClient, price: LotPrice): void {
  let changedBids = false;
  client.setQueriesData<InfiniteData<LotPage>>({ queryKey: ['auction', 'list'] }, (data) => {
    if (!data?.pages) return data;
    let touched = false;
    const pages = data.pages.map((page) => {
      if (!page.list.some((lot) => lot.id === price.id)) return page;
      touched = true;
      return {
        ...page,
        list: page.list.map((lot): Lot => {
          if (lot.id !== price.id) return lot;
          if (price.bidCount !== lot.bidCount && lot.myMaxBid !== undefined) changedBids = true;
          return { ...lot, ...priceFields(price) };
        }),
      };
    });
    return touched ? { ...data, pages } : data;
  });
  const detail = client.getQueryData<LotDetail>(lotKey(price.id));
  if (detail) {
    const newBid = detail.bidCount !== price.bidCount || detail.status !== price.status;
    client.setQueryData<LotDetail>(lotKey(price.id), { ...detail, ...priceFields(price) });
    if (newBid) void client.invalidateQueries({ queryKey: lotKey(price.id) });
  }
  // The member's own standing (leading or outbid) on a list card comes from the server.
  if (changedBids) void client.invalidateQueries({ queryKey: ['auction', 'list'] });
}
