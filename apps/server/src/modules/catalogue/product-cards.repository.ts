import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ProductSort } from '@antique/shared';
import type { Db } from '../../db/client.js';
import { products } from '../../db/schema/index.js';
import { aliased, preparedRead } from '../../db/prepared-read.js';

/** What a product card shows, and nothing else (no description, no search grams). */
export const CARD = {
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
export type ProductCardRow = Pick<typeof products.$inferSelect, keyof typeof CARD>;

/** The member app's sorts, the newest first among equals. */
export const ORDER_BY: Record<ProductSort, SQL[]> = {
  new: [desc(products.id)],
  price_asc: [asc(products.price), desc(products.id)],
  price_desc: [desc(products.price), desc(products.id)],
  sales: [desc(products.sales), desc(products.id)],
};

/** From this many rows on, a page is read ids first (`cardStatements`). */
export const DEEP_OFFSET = 200;

/**
 * A page of cards (`limit`, `offset` placeholders) and their count for `where`, built once and
 * run without Drizzle's per-call work (db/prepared-read.ts): the mall's lists and its search are
 * the most frequent requests. A `name` makes them named statements (`<name>`, `<name>_deep`,
 * `<name>_count`); `deepOffset`: from which offset a page is read ids first.
 */
export function cardStatements(reads: Db, where: SQL | undefined, orderBy: SQL[], name = '', deepOffset = DEEP_OFFSET) {
  const near = preparedRead<ProductCardRow>(
    reads,
    reads
      .select(aliased(CARD))
      .from(products)
      .where(where)
      .orderBy(...orderBy)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
    name,
  );
  // A deep page takes its ids first, then their rows: it skips the rows before it in the
  // list's index alone (the sorts' indexes hold the sale flag, the sort key and the id) and
  // reads ten rows whole, not two thousand. Near the top the join costs more than it saves.
  const ids = reads
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...orderBy)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page_ids');
  const deep = preparedRead<ProductCardRow>(
    reads,
    reads
      .select(aliased(CARD))
      .from(products)
      .innerJoin(ids, eq(products.id, ids.id))
      .orderBy(...orderBy),
    name && `${name}_deep`,
  );
  return {
    page: (values: Record<string, unknown> & { offset: number }) =>
      values.offset >= deepOffset ? deep(values) : near(values),
    count: preparedRead<{ n: number }>(
      reads,
      reads
        .select({ n: sql<number>`count(*)`.as('n') })
        .from(products)
        .where(where),
      name && `${name}_count`,
    ),
  };
}
