import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { ProductSort } from '@antique/shared';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { categories, products } from '../../db/schema/index.js';

/** What a product card shows (as the catalogue's own list reads it). */
const CARD = {
  id: products.id,
  title: products.title,
  cover: products.cover,
  price: products.price,
  marketPrice: products.marketPrice,
  stock: products.stock,
  sales: products.sales,
  categoryId: products.categoryId,
  tags: products.tags,
};

const ORDER_BY: Record<ProductSort, SQL[]> = {
  new: [desc(products.id)],
  price_asc: [asc(products.price), desc(products.id)],
  price_desc: [desc(products.price), desc(products.id)],
  sales: [desc(products.sales), desc(products.id)],
};

const textArray = (items: string[]) =>
  sql`ARRAY[${sql.join(
    items.map((t) => sql`${t}`),
    sql`, `,
  )}]::text[]`;

/** A query's terms found in the title (tagged terms, see the search module): the relevance a list ranks by. */
function titleScore(titleTerms: string[]): SQL {
  if (titleTerms.length === 0) return sql`0`;
  return sql.join(
    titleTerms.map((t) => sql`(${products.searchTerms} @> ARRAY[${t}]::text[])::int`),
    sql` + `,
  );
}

export interface ProductSearch {
  /** Every one must be among the product's terms (the GIN index answers). */
  terms: string[];
  /** The same terms tagged as the title's, for ranking. */
  titleTerms: string[];
  categoryIds?: number[];
  minPrice?: number;
  maxPrice?: number;
  sort: ProductSort;
  limit: number;
  offset: number;
}

/** The mall searched by terms and filters (issue 18), and the products' search terms kept. */
/** `reads`: the public reads' handle (db/replica.ts), used by the mall's search only. */
export function createProductSearchRepository(db: Db, reads: Db = db) {
  return {
    /** Cards on sale that hold every term and pass the filters, the best title matches first, then `sort`. */
    async search(f: ProductSearch) {
      const where = and(
        eq(products.onSale, true),
        f.terms.length > 0 ? sql`${products.searchTerms} @> ${textArray(f.terms)}` : undefined,
        f.categoryIds ? inArray(products.categoryId, f.categoryIds) : undefined,
        f.minPrice !== undefined ? gte(products.price, f.minPrice) : undefined,
        f.maxPrice !== undefined ? lte(products.price, f.maxPrice) : undefined,
      );
      const rank = f.titleTerms.length > 0 ? [desc(titleScore(f.titleTerms))] : [];
      const [rows, [total]] = await Promise.all([
        reads
          .select(CARD)
          .from(products)
          .where(where)
          .orderBy(...rank, ...ORDER_BY[f.sort])
          .limit(f.limit)
          .offset(f.offset),
        reads.select({ n: count() }).from(products).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** A category's name and its parent's (the department words a product is also found by). */
    async departmentOf(categoryId: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          name: categories.name,
          parentId: categories.parentId,
          parent: sql<string | null>`(SELECT c.name FROM categories c WHERE c.id = ${categories.parentId})`,
        })
        .from(categories)
        .where(eq(categories.id, categoryId));
      return row;
    },

    /** A product as a saved search or comparables read it. */
    async searchable(id: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          id: products.id,
          title: products.title,
          era: products.era,
          material: products.material,
          price: products.price,
          onSale: products.onSale,
          categoryId: products.categoryId,
          parentCategoryId: categories.parentId,
          terms: products.searchTerms,
        })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(eq(products.id, id));
      return row;
    },

    async setTerms(id: number, terms: string[], tx: DbOrTx = db) {
      await tx.update(products).set({ searchTerms: terms }).where(eq(products.id, id));
    },

    /** Many products' terms in one statement (the backfill). */
    async setTermsMany(terms: readonly (readonly [number, string[]])[], tx: DbOrTx = db) {
      if (terms.length === 0) return;
      const json = JSON.stringify(Object.fromEntries(terms));
      await tx.execute(sql`
        UPDATE ${products} SET search_terms = ARRAY(SELECT jsonb_array_elements_text(v.value))
        FROM jsonb_each(${json}::jsonb) AS v WHERE ${products.id} = v.key::int`);
    },

    /**
     * Products whose terms were never computed (made before issue 18), locked so that two
     * instances starting together share the work instead of doing it twice.
     */
    async claimUnindexed(limit: number, tx: Tx) {
      return tx
        .select({
          id: products.id,
          title: products.title,
          era: products.era,
          material: products.material,
          category: categories.name,
          parent: sql<string | null>`(SELECT c.name FROM categories c WHERE c.id = ${categories.parentId})`,
        })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(sql`${products.searchTerms} = '{}'::text[]`)
        .orderBy(asc(products.id))
        .limit(limit)
        .for('update', { of: products, skipLocked: true });
    },
  };
}
export type ProductSearchRepository = ReturnType<typeof createProductSearchRepository>;
