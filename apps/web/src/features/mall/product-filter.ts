import type { ProductSort } from '@antique/shared';
import type { ProductFilter } from './product-list.api';

export const KEYWORD_MAX = 40;

/**
 * The contract's sorts, in the mall's order. Written out rather than imported: the contract's
 * list lives beside its zod schemas, which this first-screen module must not pull in. The
 * type check below fails when the contract gains a sort this list lacks.
 */
export const PRODUCT_SORTS = ['new', 'sales', 'price_asc', 'price_desc'] as const satisfies readonly ProductSort[];
const everySort: Record<Exclude<ProductSort, (typeof PRODUCT_SORTS)[number]>, never> = {};
void everySort;

function isSort(value: string | null): value is ProductSort {
  return value !== null && (PRODUCT_SORTS as readonly string[]).includes(value);
}

/** The mall's filter as its address carries it: ?categoryId=&keyword=&sort=&collected=1. */
export function readProductFilter(params: URLSearchParams): ProductFilter {
  const categoryId = Number(params.get('categoryId'));
  const sort = params.get('sort');
  return {
    categoryId: Number.isInteger(categoryId) && categoryId > 0 ? categoryId : undefined,
    keyword: params.get('keyword')?.trim().slice(0, KEYWORD_MAX) || undefined,
    sort: isSort(sort) ? sort : 'new',
    collected: params.get('collected') === '1' || undefined,
  };
}
