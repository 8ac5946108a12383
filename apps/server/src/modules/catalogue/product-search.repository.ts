import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { ProductSort } from '@antique/shared';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { categories, products } from '../../db/schema/index.js';
import { preparedRead } from '../../db/prepared-read.js';
import { CARD, cardStatements, ORDER_BY, type ProductCardRow } from './product-cards.repository.js';

/**
 * How many of a query's `n` terms the title holds (tagged terms, see the search module): the
 * relevance a list ranks by. One containment a term, each term its own parameter: on a term
 * that matches thousands, this sorts faster than counting an array's terms in a subquery.
 */
function titleScore(n: number): SQL {
  return sql.join(
    Array.from(
      { length: n },
      (_, i) => sql`(${products.searchTerms} @> ARRAY[${sql.placeholder(`title${i}`)}::text])::int`,
    ),
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

interface SearchShape {
  sort: ProductSort;
  terms: boolean;
  /** How many categories a page may come from (none: any). */
  categories: number;
  min: boolean;
  max: boolean;
  /** How many title terms rank the page (none: `sort` alone). */
  ranked: number;
}

/**
 * `ORDER_BY`'s sorts over the columns of a search's matches (`m`, `p` below), given the
 * table's name or alias: the same keys, the newest first among equals.
 */
const MATCH_ORDER: Record<ProductSort, (t: string) => string> = {
  new: (t) => `${t}.id DESC`,
  price_asc: (t) => `${t}.price ASC, ${t}.id DESC`,
  price_desc: (t) => `${t}.price DESC, ${t}.id DESC`,
  sales: (t) => `${t}.sales DESC, ${t}.id DESC`,
};

const dialect = new PgDialect();

/** The card's columns named by the table, as the selection's keys (raw SQL names a column bare). */
const cardColumns = sql.join(
  Object.entries(CARD).map(([key, c]) => sql`${products}.${sql.identifier(c.name)} AS ${sql.identifier(key)}`),
  sql`, `,
);

/** `title3`, `category0`: a numbered placeholder's name, made once. */
const placeholderNames = new Map<string, string[]>();
function placeholderName(prefix: string, i: number): string {
  let names = placeholderNames.get(prefix);
  if (!names) placeholderNames.set(prefix, (names = []));
  return (names[i] ??= `${prefix}${i}`);
}

/** The mall searched by terms and filters (issue 18), and the products' search terms kept. */
/** `reads`: the public reads' handle (db/replica.ts), used by the mall's search only. */
export function createProductSearchRepository(db: Db, reads: Db = db) {
  // The mall's search: a page and its count per shape (sort, which filters, how many title
  // terms rank it and categories it may come from), each built once; the terms that filter are
  // one array whatever their number. Unnamed, so that PostgreSQL plans each call for its own terms.
  function searchStatements(shape: SearchShape) {
    const where = and(
      eq(products.onSale, true),
      shape.terms ? sql`${products.searchTerms} @> ${sql.placeholder('terms')}::text[]` : undefined,
      // `IN` of one parameter an id, not `= ANY` of an array: PostgreSQL then reads the category index.
      shape.categories > 0
        ? inArray(
            products.categoryId,
            Array.from({ length: shape.categories }, (_, i) => sql.placeholder(`category${i}`)),
          )
        : undefined,
      shape.min ? gte(products.price, sql.placeholder('minPrice')) : undefined,
      shape.max ? lte(products.price, sql.placeholder('maxPrice')) : undefined,
    );
    // Unnamed: PostgreSQL plans each call for its own terms.
    const separate = cardStatements(reads, where, [
      ...(shape.ranked > 0 ? [desc(titleScore(shape.ranked))] : []),
      ...ORDER_BY[shape.sort],
    ]);
    if (!shape.terms) return { ...separate, counted: undefined };
    // Terms match through the GIN index and every match is read to rank it: the page and the
    // count come from one read of the matches (kept narrow: id, the sort keys and the rank)
    // instead of two, and only the page's rows are read whole.
    const order = MATCH_ORDER[shape.sort];
    const counted = preparedRead<ProductCardRow & { total: number }>(reads, {
      toSQL: () =>
        dialect.sqlToQuery(sql`
          WITH m AS MATERIALIZED (
            SELECT ${products.id} AS id, ${products.price} AS price, ${products.sales} AS sales,
              ${shape.ranked > 0 ? titleScore(shape.ranked) : sql`0`} AS rank
            FROM ${products} WHERE ${where}
          )
          SELECT ${cardColumns}, (SELECT count(*) FROM m) AS "total"
          FROM (
            SELECT m.id, m.price, m.sales, m.rank FROM m
            ORDER BY m.rank DESC, ${sql.raw(order('m'))}
            LIMIT ${sql.placeholder('limit')} OFFSET ${sql.placeholder('offset')}
          ) AS p
          JOIN ${products} ON ${products}.id = p.id
          ORDER BY p.rank DESC, ${sql.raw(order('p'))}`),
    });
    return { ...separate, counted };
  }
  const statements = new Map<string, ReturnType<typeof searchStatements>>();

  return {
    /** Cards on sale that hold every term and pass the filters, the best title matches first, then `sort`. */
    async search(f: ProductSearch) {
      const shape: SearchShape = {
        sort: f.sort,
        terms: f.terms.length > 0,
        categories: f.categoryIds?.length ?? 0,
        min: f.minPrice !== undefined,
        max: f.maxPrice !== undefined,
        ranked: f.titleTerms.length,
      };
      const key = `${shape.sort}:${shape.terms}:${shape.categories}:${shape.min}:${shape.max}:${shape.ranked}`;
      let q = statements.get(key);
      if (!q) statements.set(key, (q = searchStatements(shape)));
      const params: Record<string, unknown> & { offset: number } = {
        terms: f.terms,
        minPrice: f.minPrice,
        maxPrice: f.maxPrice,
        limit: f.limit,
        offset: f.offset,
      };
      f.titleTerms.forEach((term, i) => (params[placeholderName('title', i)] = term));
      f.categoryIds?.forEach((id, i) => (params[placeholderName('category', i)] = id));
      if (q.counted) {
        const rows = await q.counted(params);
        if (rows.length > 0) return { rows: rows.map(({ total: _, ...card }) => card), total: rows[0]!.total };
        // A page past the last: the count alone (none at all on the first page).
        return { rows, total: f.offset === 0 ? 0 : ((await q.count(params))[0]?.n ?? 0) };
      }
      const [rows, [total]] = await Promise.all([q.page(params), q.count(params)]);
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
