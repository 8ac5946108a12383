import type { Comparable, ProductListQuery, ProductSort } from '@antique/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { invalidField, notFound } from '../../lib/domain-error.js';
import { offsetOf } from '../../lib/page.js';
import { eraFilterTerms, itemTerms, queryTerms, TITLE_TAG } from '../search/search-terms.js';
import { createProductSearchRepository } from './product-search.repository.js';

/** A product's department in words: its category and the category above it. */
export const departmentText = (d: { name: string; parent: string | null } | undefined) =>
  d ? [d.parent, d.name].filter(Boolean).join(' ') : '';

/** Stored when a text yields no term, so that the backfill never takes the row again. */
const NO_TERMS = [''];

/** What the comparables of a piece are looked up by (the auctions answer). */
export interface ComparableSubject {
  title: string;
  era: string;
  material: string;
  categoryId: number | null;
  excludeLotId?: number;
}

/** The mall's search by terms (issue 18): the list's filters, and each product's terms kept. */
export function createProductSearch(d: {
  db: Db;
  /** The public reads' handle (db/replica.ts), for the mall's search. */
  readDb?: Db;
  /** The house's own sales of similar pieces (read from the auctions, made after the catalogue). */
  comparables?: (subject: ComparableSubject) => Promise<Comparable[]>;
}) {
  const repo = createProductSearchRepository(d.db, d.readDb);

  async function termsFor(
    p: { title: string; era: string; material: string; categoryId: number },
    tx: DbOrTx = d.db,
  ): Promise<string[]> {
    const department = departmentText(await repo.departmentOf(p.categoryId, tx));
    const terms = itemTerms({ title: p.title, era: p.era, material: p.material, department });
    return terms.length > 0 ? terms : NO_TERMS;
  }

  return {
    /** Whether a product list asks more than the plain lists answer (a keyword, an era, a price range). */
    searches: (q: ProductListQuery) =>
      Boolean(q.keyword || q.era || q.minPrice !== undefined || q.maxPrice !== undefined),

    /** A page of cards by terms and filters; `categoryIds`: the department and its children. */
    async search(q: ProductListQuery, sort: ProductSort, categoryIds: number[] | undefined) {
      if (q.minPrice !== undefined && q.maxPrice !== undefined && q.minPrice > q.maxPrice) {
        throw invalidField('maxPrice');
      }
      const words = q.keyword ? queryTerms(q.keyword) : [];
      const era = q.era ? eraFilterTerms(q.era) : [];
      return repo.search({
        terms: [...new Set([...words, ...era])],
        titleTerms: words.map((t) => TITLE_TAG + t),
        ...(categoryIds ? { categoryIds } : {}),
        ...(q.minPrice !== undefined ? { minPrice: q.minPrice } : {}),
        ...(q.maxPrice !== undefined ? { maxPrice: q.maxPrice } : {}),
        sort,
        limit: q.pageSize,
        offset: offsetOf(q),
      });
    },

    /** A product's terms, in the transaction that writes it. */
    async index(tx: DbOrTx, p: { id: number; title: string; era: string; material: string; categoryId: number }) {
      await repo.setTerms(p.id, await termsFor(p, tx), tx);
    },

    /** A category and the one above it; empty for an unknown category. */
    async departmentChain(categoryId: number): Promise<number[]> {
      const row = await repo.departmentOf(categoryId);
      return row ? [categoryId, ...(row.parentId !== null ? [row.parentId] : [])] : [];
    },

    /** The department in words of a category (a lot is found by its product's department). */
    departmentOf: async (categoryId: number, tx?: DbOrTx) => departmentText(await repo.departmentOf(categoryId, tx)),

    /** A product as a saved search matches it: its terms, department, price, and whether it is on sale. */
    async searchable(id: number, tx?: DbOrTx) {
      const row = await repo.searchable(id, tx);
      if (!row) throw notFound();
      return row;
    },

    /** The house's sales of pieces like this product. */
    async comparablesOf(p: { title: string; era: string; material: string; categoryId: number }) {
      if (!d.comparables) return [];
      return d.comparables({ title: p.title, era: p.era, material: p.material, categoryId: p.categoryId });
    },

    /**
     * Terms for products that have none (made before issue 18), a batch at a time, each
     * batch locked (SKIP LOCKED) so that two instances starting together never clash.
     * Answers how many it did.
     */
    async backfill(batch = 500): Promise<number> {
      let done = 0;
      for (;;) {
        const n = await d.db.transaction(async (tx) => {
          const rows = await repo.claimUnindexed(batch, tx);
          const terms = rows.map((r) => {
            const department = departmentText({ name: r.category, parent: r.parent });
            const t = itemTerms({ title: r.title, era: r.era, material: r.material, department });
            return [r.id, t.length > 0 ? t : NO_TERMS] as const;
          });
          await repo.setTermsMany(terms, tx);
          return rows.length;
        });
        done += n;
        if (n < batch) return done;
      }
    },
  };
}
export type ProductSearch = ReturnType<typeof createProductSearch>;
