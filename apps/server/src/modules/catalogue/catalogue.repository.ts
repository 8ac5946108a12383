import { and, asc, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { ProductSort } from '@antique/shared';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { banners, categories, productCollections, products } from '../../db/schema/index.js';
import { keywordWords, queryGramsOf } from './search-grams.js';
import { aliased, preparedRead } from '../../db/prepared-read.js';
import { CARD, cardStatements, ORDER_BY, type ProductCardRow } from './product-cards.repository.js';

export type { ProductCardRow };

export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
/** A product as the detail page and the console read it: every column but the search grams. */
export type ProductDetailRow = Omit<ProductRow, 'searchGrams'>;
export type ProductInsert = typeof products.$inferInsert;
export type BannerRow = typeof banners.$inferSelect;
export type BannerInsert = typeof banners.$inferInsert;

/** What a member's product page shows. */
const PAGE = {
  ...CARD,
  images: products.images,
  description: products.description,
  era: products.era,
  material: products.material,
  dimensions: products.dimensions,
  provenance: products.provenance,
  onSale: products.onSale,
};
export type ProductPageRow = Pick<ProductRow, keyof typeof PAGE>;
const { searchGrams: _searchGrams, ...DETAIL } = getTableColumns(products);

export interface ProductFilter {
  onSale?: boolean;
  categoryIds?: number[];
  keyword?: string;
  id?: number;
  collectedBy?: number;
}

/** Keyword conditions: the grams through the GIN index, then each word as a substring. */
function keywordWhere(keyword: string | undefined): SQL | undefined {
  const words = keyword ? keywordWords(keyword) : [];
  if (words.length === 0) return undefined;
  const grams = queryGramsOf(keyword!);
  const text = sql`lower(${products.title} || ' ' || ${products.era} || ' ' || ${products.material})`;
  return and(
    sql`${products.searchGrams} @> ${sql`ARRAY[${sql.join(
      grams.map((g) => sql`${g}`),
      sql`, `,
    )}]::text[]`}`,
    ...words.map((w) => sql`strpos(${text}, ${w}) > 0`),
  );
}

const productWhere = (f: ProductFilter) =>
  and(
    f.onSale !== undefined ? eq(products.onSale, f.onSale) : undefined,
    f.categoryIds ? inArray(products.categoryId, f.categoryIds) : undefined,
    f.id !== undefined ? eq(products.id, f.id) : keywordWhere(f.keyword),
    f.collectedBy !== undefined
      ? sql`EXISTS (SELECT 1 FROM ${productCollections} c WHERE c.product_id = ${products.id} AND c.member_id = ${f.collectedBy})`
      : undefined,
  );

type Page = ProductFilter & { sort: ProductSort; limit: number; offset: number };

/**
 * `reads`: the public reads' handle (the replica when the request may read there, see
 * db/replica.ts), used by the visitors' reads: categories, the mall's lists (not a member's
 * collection), product pages and banners.
 */
export function createCatalogueRepository(db: Db, reads: Db = db) {
  // The reads every visitor makes are prepared once (built once, parsed once per connection).
  const pageById = reads
    .select(PAGE)
    .from(products)
    .where(eq(products.id, sql.placeholder('id')))
    .prepare('catalogue_product_page');
  const productById = db
    .select(DETAIL)
    .from(products)
    .where(eq(products.id, sql.placeholder('id')))
    .prepare('catalogue_product_by_id');
  const childIdsOf = preparedRead<{ id: number }>(
    reads,
    reads
      .select(aliased({ id: categories.id }))
      .from(categories)
      .where(eq(categories.parentId, sql.placeholder('parentId'))),
    'catalogue_child_ids',
  );
  const collectedRow = db
    .select({ id: productCollections.productId })
    .from(productCollections)
    .where(
      and(
        eq(productCollections.memberId, sql.placeholder('memberId')),
        eq(productCollections.productId, sql.placeholder('productId')),
      ),
    )
    .prepare('catalogue_is_collected');

  // The member app's pages on sale (not a collection): a page and its count per sort, with
  // and without categories, and per number of keyword words. Without a keyword they are named
  // statements (parsed once per connection); with one they are built once but unnamed, so that
  // PostgreSQL plans each call for its own words, common or rare. They run without Drizzle's
  // per-call work (db/prepared-read.ts): the mall's lists are the most frequent requests.
  function cardsStatements(sort: ProductSort, byCategory: boolean, words: number) {
    const text = sql`lower(${products.title} || ' ' || ${products.era} || ' ' || ${products.material})`;
    const where = and(
      eq(products.onSale, true),
      byCategory ? sql`${products.categoryId} = ANY(${sql.placeholder('categoryIds')}::int[])` : undefined,
      words > 0 ? sql`${products.searchGrams} @> ${sql.placeholder('grams')}::text[]` : undefined,
      ...Array.from({ length: words }, (_, i) => sql`strpos(${text}, ${sql.placeholder(`word${i}`)}::text) > 0`),
    );
    const name = words > 0 ? '' : `catalogue_cards_${sort}${byCategory ? '_category' : ''}`;
    return cardStatements(reads, where, ORDER_BY[sort], name);
  }
  const statements = new Map<string, ReturnType<typeof cardsStatements>>();
  function cardsQuery(sort: ProductSort, byCategory: boolean, words: number) {
    const key = `${sort}:${byCategory}:${words}`;
    let q = statements.get(key);
    if (!q) statements.set(key, (q = cardsStatements(sort, byCategory, words)));
    return q;
  }

  return {
    // Categories.

    allCategories: (tx: DbOrTx = reads) =>
      tx.select().from(categories).orderBy(asc(categories.sort), asc(categories.id)),

    async category(id: number, tx: DbOrTx = db) {
      const [row] = await tx.select().from(categories).where(eq(categories.id, id));
      return row;
    },

    async categoryForUpdate(id: number, tx: Tx) {
      const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
      return row;
    },

    async childIds(parentId: number, tx: DbOrTx = db) {
      const rows =
        tx === db
          ? await childIdsOf({ parentId })
          : await tx.select({ id: categories.id }).from(categories).where(eq(categories.parentId, parentId));
      return rows.map((r) => r.id);
    },

    async hasChild(parentId: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.parentId, parentId))
        .limit(1);
      return Boolean(row);
    },

    async hasProducts(categoryId: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ id: products.id })
        .from(products)
        .where(eq(products.categoryId, categoryId))
        .limit(1);
      return Boolean(row);
    },

    async insertCategory(values: typeof categories.$inferInsert, tx: DbOrTx = db) {
      const [row] = await tx.insert(categories).values(values).returning();
      return row!;
    },

    async updateCategory(id: number, set: Partial<typeof categories.$inferInsert>, tx: DbOrTx = db) {
      const [row] = await tx.update(categories).set(set).where(eq(categories.id, id)).returning();
      return row;
    },

    async deleteCategory(id: number, tx: DbOrTx = db) {
      await tx.delete(categories).where(eq(categories.id, id));
    },

    // Products.

    /** A page of cards: what the member app's lists show. */
    async cards(f: Page): Promise<{ rows: ProductCardRow[]; total: number }> {
      if (f.onSale === true && f.id === undefined && f.collectedBy === undefined) {
        const words = f.keyword ? keywordWords(f.keyword) : [];
        const q = cardsQuery(f.sort, f.categoryIds !== undefined, words.length);
        const params: Record<string, unknown> & { offset: number } = {
          categoryIds: f.categoryIds,
          limit: f.limit,
          offset: f.offset,
        };
        if (words.length > 0) params.grams = queryGramsOf(f.keyword!);
        words.forEach((w, i) => (params[`word${i}`] = w));
        const [rows, [total]] = await Promise.all([q.page(params), q.count(params)]);
        return { rows, total: total?.n ?? 0 };
      }
      const where = productWhere(f);
      // A member's own collection is read where it was written.
      const on = f.collectedBy === undefined ? reads : db;
      const [rows, [total]] = await Promise.all([
        on
          .select(CARD)
          .from(products)
          .where(where)
          .orderBy(...ORDER_BY[f.sort])
          .limit(f.limit)
          .offset(f.offset),
        on.select({ n: count() }).from(products).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** A page of whole products, for operators. */
    async products(f: Page, tx: DbOrTx = db) {
      const where = productWhere(f);
      const [rows, [total]] = await Promise.all([
        tx
          .select(DETAIL)
          .from(products)
          .where(where)
          .orderBy(...ORDER_BY[f.sort])
          .limit(f.limit)
          .offset(f.offset),
        tx.select({ n: count() }).from(products).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async imagesOf(ids: readonly number[], tx: DbOrTx = db) {
      if (ids.length === 0) return [];
      return tx
        .select({ id: products.id, images: products.images })
        .from(products)
        .where(inArray(products.id, [...ids]));
    },

    async productPage(id: number): Promise<ProductPageRow | undefined> {
      const [row] = await pageById.execute({ id });
      return row;
    },

    async product(id: number, tx: DbOrTx = db): Promise<ProductDetailRow | undefined> {
      const [row] =
        tx === db
          ? await productById.execute({ id })
          : await tx.select(DETAIL).from(products).where(eq(products.id, id));
      return row;
    },

    async productForUpdate(id: number, tx: Tx) {
      const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
      return row;
    },

    async insertProduct(values: ProductInsert, tx: DbOrTx = db) {
      const [row] = await tx.insert(products).values(values).returning();
      return row!;
    },

    async updateProduct(id: number, set: Partial<ProductInsert>, tx: DbOrTx = db) {
      const [row] = await tx.update(products).set(set).where(eq(products.id, id)).returning();
      return row;
    },

    /**
     * Takes `quantity` from the stock of an on-sale product, never below zero, whatever
     * runs at the same time; undefined when it cannot.
     */
    async takeStock(id: number, quantity: number, tx: DbOrTx = db) {
      const [row] = await tx
        .update(products)
        .set({ stock: sql`${products.stock} - ${quantity}` })
        .where(and(eq(products.id, id), eq(products.onSale, true), sql`${products.stock} >= ${quantity}`))
        .returning({ title: products.title, cover: products.cover, price: products.price });
      return row;
    },

    /**
     * Takes one unit of a product's inventory, on sale in the mall or kept out of it, never
     * below zero whatever runs at the same time; undefined when no unit is free.
     */
    async takeUnit(id: number, tx: DbOrTx = db) {
      const [row] = await tx
        .update(products)
        .set({ stock: sql`${products.stock} - 1` })
        .where(and(eq(products.id, id), sql`${products.stock} >= 1`))
        .returning();
      return row;
    },

    async putBackStock(id: number, quantity: number, tx: DbOrTx = db) {
      await tx
        .update(products)
        .set({ stock: sql`${products.stock} + ${quantity}` })
        .where(eq(products.id, id));
    },

    async addSales(id: number, quantity: number, tx: DbOrTx = db) {
      await tx
        .update(products)
        .set({ sales: sql`${products.sales} + ${quantity}` })
        .where(eq(products.id, id));
    },

    // Members' collections.

    async isCollected(memberId: number, productId: number) {
      const [row] = await collectedRow.execute({ memberId, productId });
      return Boolean(row);
    },

    async collect(memberId: number, productId: number, at: Date, tx: DbOrTx = db) {
      await tx.insert(productCollections).values({ memberId, productId, createdAt: at }).onConflictDoNothing();
    },

    async uncollect(memberId: number, productId: number, tx: DbOrTx = db) {
      await tx
        .delete(productCollections)
        .where(and(eq(productCollections.memberId, memberId), eq(productCollections.productId, productId)));
    },

    // Banners.

    banners: (q: { position?: string; enabledOnly: boolean }, tx: DbOrTx = reads) =>
      tx
        .select()
        .from(banners)
        .where(
          and(
            q.position ? eq(banners.position, q.position) : undefined,
            q.enabledOnly ? eq(banners.enabled, true) : undefined,
          ),
        )
        .orderBy(
          ...(q.enabledOnly
            ? [asc(banners.sort), desc(banners.id)]
            : [asc(banners.position), asc(banners.sort), desc(banners.id)]),
        ),

    async bannerForUpdate(id: number, tx: Tx) {
      const [row] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
      return row;
    },

    async insertBanner(values: BannerInsert, tx: DbOrTx = db) {
      const [row] = await tx.insert(banners).values(values).returning();
      return row!;
    },

    async updateBanner(id: number, set: Partial<BannerInsert>, tx: DbOrTx = db) {
      const [row] = await tx.update(banners).set(set).where(eq(banners.id, id)).returning();
      return row;
    },

    async deleteBanner(id: number, tx: DbOrTx = db) {
      const [row] = await tx.delete(banners).where(eq(banners.id, id)).returning();
      return row;
    },
  };
}
export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
