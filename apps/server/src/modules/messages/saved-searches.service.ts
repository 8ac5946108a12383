import { MAX_SAVED_SEARCHES, type PageQuery, type SavedSearch, type SavedSearchInput } from '@antique/shared';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { fail, invalidField, notFound } from '../../lib/domain-error.js';
import { offsetOf, pageResult } from '../../lib/page.js';
import type { NoticesService } from '../notices/notices.service.js';
import { eraFilterTerms, queryTerms } from '../search/search-terms.js';
import { createSavedSearchesRepository, type SavedSearchRow } from './saved-searches.repository.js';

const ms = (d: Date | null) => (d ? d.getTime() : null);

const toSavedSearch = (r: SavedSearchRow): SavedSearch => ({
  id: r.id,
  keyword: r.keyword,
  categoryId: r.categoryId,
  era: r.era,
  minPrice: r.minPrice,
  maxPrice: r.maxPrice,
  kind: r.kind,
  lastMatchedAt: ms(r.lastMatchedAt),
  createdAt: r.createdAt.getTime(),
});

/** A product as a saved search reads it (the catalogue answers). */
export interface ProductForSearch {
  id: number;
  title: string;
  price: number;
  onSale: boolean;
  categoryId: number;
  parentCategoryId: number | null;
  terms: string[];
}

/** A lot as a saved search reads it (the auctions answer). */
export interface LotForSearch {
  id: number;
  title: string;
  currentPrice: number;
  categoryId: number | null;
  terms: string[];
  status: string;
}

/**
 * Saved searches (issue 18): a member keeps up to 20; a new lot, or a product that goes
 * on sale, that matches one sends its member a `saved_search` notice, once per search and
 * item. The notice lands in the message centre with every other notice.
 */
export function createSavedSearchesService(d: {
  db: Db;
  clock: Clock;
  notices: Pick<NoticesService, 'sendMany' | 'notice'>;
  catalogue: {
    searchableProduct(id: number): Promise<ProductForSearch>;
    departmentChain(categoryId: number): Promise<number[]>;
  };
  auctions: { searchableLot(id: number): Promise<LotForSearch | undefined> };
}) {
  const repo = createSavedSearchesRepository(d.db);

  async function announce(
    found: { id: number; memberId: number }[],
    notice: { productId: number } | { lotId: number },
    title: string,
  ) {
    if (found.length === 0) return 0;
    await d.notices.sendMany(
      found.map((s) => ({
        memberId: s.memberId,
        notice: d.notices.notice({ kind: 'saved_search', ...notice, savedSearchId: s.id, title }),
      })),
    );
    return found.length;
  }

  return {
    async saveSearch(memberId: number, input: SavedSearchInput): Promise<SavedSearch> {
      const keyword = input.keyword ?? '';
      const era = input.era || null;
      if (input.minPrice !== undefined && input.maxPrice !== undefined && input.minPrice > input.maxPrice) {
        throw invalidField('maxPrice');
      }
      // A search with nothing to match would announce every new item.
      if (
        !keyword &&
        !era &&
        input.categoryId === undefined &&
        input.minPrice === undefined &&
        input.maxPrice === undefined
      ) {
        throw invalidField('keyword', 'invalid.savedSearchEmpty');
      }
      if (input.categoryId !== undefined && (await d.catalogue.departmentChain(input.categoryId)).length === 0) {
        throw invalidField('categoryId');
      }
      // The era is matched as the items' era tags, kept with the keyword's terms (one indexed test).
      const terms = [...new Set([...(keyword ? queryTerms(keyword) : []), ...(era ? eraFilterTerms(era) : [])])];
      const row = await repo.insertWithin(
        {
          memberId,
          keyword,
          terms,
          categoryId: input.categoryId ?? null,
          era,
          minPrice: input.minPrice ?? null,
          maxPrice: input.maxPrice ?? null,
          kind: input.kind,
          createdAt: new Date(d.clock.now()),
        },
        MAX_SAVED_SEARCHES,
      );
      if (!row) throw fail('SAVED_SEARCH_LIMIT', { max: MAX_SAVED_SEARCHES });
      return toSavedSearch(row);
    },

    async savedSearches(memberId: number, q: PageQuery) {
      const { rows, total } = await repo.page(memberId, q.pageSize, offsetOf(q));
      return pageResult(rows.map(toSavedSearch), total, q);
    },

    async removeSavedSearch(memberId: number, id: number) {
      if (!(await repo.remove(memberId, id))) throw notFound();
      return null;
    },

    /** A product went on sale (after its commit): the saved searches it matches are told, once. Answers how many. */
    async announceProduct(productId: number): Promise<number> {
      const p = await d.catalogue.searchableProduct(productId);
      if (!p.onSale) return 0;
      const found = await repo.claimMatches(
        {
          kind: 'mall',
          terms: p.terms,
          categoryIds: [p.categoryId, ...(p.parentCategoryId !== null ? [p.parentCategoryId] : [])],
          price: p.price,
        },
        'product',
        p.id,
        new Date(d.clock.now()),
      );
      return announce(found, { productId: p.id }, p.title);
    },

    /** A lot was listed (after its commit): the saved searches it matches are told, once. Answers how many. */
    async announceLot(lotId: number): Promise<number> {
      const lot = await d.auctions.searchableLot(lotId);
      if (!lot || lot.status !== 'scheduled') return 0;
      const found = await repo.claimMatches(
        {
          kind: 'auction',
          terms: lot.terms,
          categoryIds: lot.categoryId !== null ? await d.catalogue.departmentChain(lot.categoryId) : [],
          price: lot.currentPrice,
        },
        'lot',
        lot.id,
        new Date(d.clock.now()),
      );
      return announce(found, { lotId: lot.id }, lot.title);
    },
  };
}
export type SavedSearchesService = ReturnType<typeof createSavedSearchesService>;
