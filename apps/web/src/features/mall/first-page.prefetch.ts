import type { QueryClient } from '@tanstack/react-query';
import { bannersQuery } from './banner.api';
import { categoriesQuery } from './category.api';
import { productQuery } from './product.api';
import { readProductFilter } from './product-filter';
import { prefetchProductPages, productShelfQuery, type ProductFilter } from './product-list.api';

/** The home page's shelves: the recommendations and the newest pieces. */
export const HOME_RECOMMENDED = { filter: { sort: 'sales' } satisfies ProductFilter, size: 6 };
export const HOME_NEWEST: ProductFilter = { sort: 'new' };

// The picture that is the largest thing on screen starts downloading as soon as its address is known.
function preloadImage(url: string | undefined): void {
  if (url) new Image().src = url;
}

/*
 * What a page shows first, asked for while its code is still on the way: on a phone the
 * page's code, then its data, then its pictures would otherwise be three trips in a row.
 * The pages read the same queries, so nothing is fetched twice.
 */

/** The home page's banners, categories and shelves of pieces (its lots are the auctions'). */
export function prefetchHome(client: QueryClient): void {
  void client.fetchQuery(bannersQuery('home')).then(
    (banners) => preloadImage(banners[0]?.image),
    () => undefined,
  );
  void client.prefetchQuery(categoriesQuery);
  void client.prefetchQuery(productShelfQuery(HOME_RECOMMENDED.filter, HOME_RECOMMENDED.size));
  void prefetchProductPages(client, HOME_NEWEST);
}

export function prefetchMall(client: QueryClient, params: URLSearchParams): void {
  void client.prefetchQuery(categoriesQuery);
  void prefetchProductPages(client, readProductFilter(params)).then((cards) =>
    cards.slice(0, 2).forEach((card) => preloadImage(card.cover)),
  );
}

export function prefetchProduct(client: QueryClient, params: URLSearchParams): void {
  const id = Number(params.get('id'));
  if (!Number.isInteger(id) || id <= 0) return;
  void client.fetchQuery(productQuery(id)).then(
    (product) => preloadImage(product.images[0] ?? product.cover),
    () => undefined,
  );
}
