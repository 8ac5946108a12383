import { MAX_COMPARABLES, type Comparable, type LotListStatus, type LotSort, type ResultsQuery } from '@antique/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { invalidField } from '../../lib/domain-error.js';
import { offsetOf, pageResult } from '../../lib/page.js';
import { eraFilterTerms, queryTerms, similarityTerms, storedTerms, TITLE_TAG } from '../search/search-terms.js';
import { createLotSearchRepository, type LotSearchFilter, type LotSearchOrder } from './lot-search.repository.js';

/** The catalogue's departments, read (a lot is searched under its product's or its review's department). */
export interface Departments {
  /** The category and its children. */
  departmentIds(categoryId: number): Promise<number[]>;
  /** The department in words (parent and category names). */
  departmentOf(categoryId: number): Promise<string>;
}

/** What the auction list's search adds to its query. */
export interface LotSearchQuery {
  keyword?: string;
  categoryId?: number;
  era?: string;
  minPrice?: number;
  maxPrice?: number;
  sort?: LotSort;
}

const ORDER_OF_SORT: Record<LotSort, LotSearchOrder> = {
  ending: 'endsAsc',
  newest: 'newest',
  price: 'priceAsc',
  price_desc: 'priceDesc',
};

/** The auctions searched by terms (issue 18): the list's filters, 成交结果, comparables, each lot's terms. */
export function createLotSearch(d: {
  db: Db;
  /** The public reads' handle (db/replica.ts). */
  readDb?: Db | undefined;
  clock: Clock;
  departments?: Departments | undefined;
}) {
  const repo = createLotSearchRepository(d.db, d.readDb);
  // A page's likeness terms (the lexicon's segmentation of its title, era and material), kept
  // for the last 2,000 pages read: a popular piece's page is read again and again.
  const likeness = new Map<string, ReturnType<typeof similarityTerms>>();
  const likenessOf = (p: { title: string; era: string; material: string }) => {
    const key = `${p.title}\u0000${p.era}\u0000${p.material}`;
    let terms = likeness.get(key);
    if (!terms) {
      terms = similarityTerms(p);
      if (likeness.size >= 2_000) likeness.delete(likeness.keys().next().value!);
      likeness.set(key, terms);
    }
    return terms;
  };

  async function filterOf(q: LotSearchQuery): Promise<LotSearchFilter> {
    if (q.minPrice !== undefined && q.maxPrice !== undefined && q.minPrice > q.maxPrice) {
      throw invalidField('maxPrice');
    }
    const words = q.keyword ? queryTerms(q.keyword) : [];
    const era = q.era ? eraFilterTerms(q.era) : [];
    const categoryIds =
      q.categoryId === undefined ? undefined : ((await d.departments?.departmentIds(q.categoryId)) ?? [q.categoryId]);
    return {
      terms: [...new Set([...words, ...era])],
      titleTerms: words.map((t) => TITLE_TAG + t),
      ...(categoryIds ? { categoryIds } : {}),
      ...(q.minPrice !== undefined ? { minPrice: q.minPrice } : {}),
      ...(q.maxPrice !== undefined ? { maxPrice: q.maxPrice } : {}),
    };
  }

  return {
    /** Whether an auction list asks more than the plain list answers. */
    searches: (q: LotSearchQuery) =>
      Boolean(
        q.keyword ||
        q.era ||
        q.sort ||
        q.categoryId !== undefined ||
        q.minPrice !== undefined ||
        q.maxPrice !== undefined,
      ),

    /** A page of the list's lots of one phase that match; ordered by `sort`, else as the plain list orders the phase. */
    async page(
      q: LotSearchQuery & { sessionId?: number; page: number; pageSize: number },
      phase: LotListStatus,
      now: Date,
    ) {
      const order: LotSearchOrder = q.sort
        ? ORDER_OF_SORT[q.sort]
        : phase === 'upcoming'
          ? 'startsAsc'
          : phase === 'live'
            ? 'endsAsc'
            : 'endsDesc';
      return repo.search({
        ...(await filterOf(q)),
        phase,
        ...(q.sessionId !== undefined ? { sessionId: q.sessionId } : {}),
        now,
        order,
        limit: q.pageSize,
        offset: offsetOf(q),
      });
    },

    /** 成交结果: every sold lot that matches, newest first. */
    async results(q: ResultsQuery) {
      const { rows, total } = await repo.sold({ ...(await filterOf(q)), limit: q.pageSize, offset: offsetOf(q) });
      const list = rows.map((r) => ({ ...r, hammer: r.hammer ?? 0, endedAt: r.endedAt.getTime() }));
      return pageResult(list, total, q);
    },

    /** Up to six of the house's sales of pieces most like this one (shared terms, same department first). */
    async comparables(p: {
      title: string;
      era: string;
      material: string;
      categoryId: number | null;
      excludeLotId?: number;
    }): Promise<Comparable[]> {
      const rows = await repo.similarSold({
        ...likenessOf(p),
        categoryId: p.categoryId,
        ...(p.excludeLotId !== undefined ? { excludeId: p.excludeLotId } : {}),
        limit: MAX_COMPARABLES,
      });
      return rows.map((r) => ({ ...r, hammer: r.hammer ?? 0, endedAt: r.endedAt.getTime() }));
    },

    /** The terms a new lot is stored with. */
    lotTerms: (p: { title: string; era: string; material: string; department?: string }) => storedTerms(p),

    /** A lot as a saved search matches it. */
    searchableLot: (id: number, tx?: DbOrTx) => repo.searchable(id, tx),

    /**
     * Terms for lots that have none (made before issue 18), a batch at a time, each batch
     * locked (SKIP LOCKED) so that two instances starting together never clash.
     */
    async backfillSearchTerms(batch = 500): Promise<number> {
      const names = new Map<number, string>();
      const department = async (id: number | null) => {
        if (id === null || !d.departments) return '';
        if (!names.has(id)) names.set(id, await d.departments.departmentOf(id));
        return names.get(id)!;
      };
      let done = 0;
      for (;;) {
        const n = await d.db.transaction(async (tx) => {
          const rows = await repo.claimUnindexed(batch, tx);
          const terms: [number, string[]][] = [];
          for (const r of rows) {
            terms.push([r.id, storedTerms({ ...r, department: await department(r.categoryId) })]);
          }
          await repo.setTermsMany(terms, tx);
          return rows.length;
        });
        done += n;
        if (n < batch) return done;
      }
    },
  };
}
export type LotSearch = ReturnType<typeof createLotSearch>;
