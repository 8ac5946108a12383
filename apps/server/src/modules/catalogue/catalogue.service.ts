import type {
  AdminProduct,
  Comparable,
  Category,
  CategoryInput,
  Product,
  ProductCard,
  ProductInput,
  ProductListQuery,
} from '@antique/shared';
import type { Db, Tx } from '../../db/client.js';
import { fail, invalidField, notFound } from '../../lib/domain-error.js';
import type { Clock } from '../../lib/clock.js';
import { offsetOf, pageResult } from '../../lib/page.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import {
  createCatalogueRepository,
  type CategoryRow,
  type ProductCardRow,
  type ProductDetailRow,
  type ProductPageRow,
} from './catalogue.repository.js';
import { createBannersService } from './banners.service.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { FILE_URL } from '../../lib/file-url.js';
import { searchGramsOf } from './search-grams.js';
import { createProductSearch, type ComparableSubject } from './product-search.service.js';
import type { ConditionView } from './condition-reports.service.js';

/** A line of stock: so many units of a product. */
export interface StockLine {
  productId: number;
  quantity: number;
}

/** Stock taken for an order, with what the order line shows and charges. */
export interface ReservedLine extends StockLine {
  title: string;
  cover: string;
  price: number;
}

const toCategory = (r: CategoryRow): Category => ({
  id: r.id,
  name: r.name,
  icon: r.icon,
  parentId: r.parentId,
  sort: r.sort,
});

const toCard = (r: ProductCardRow): ProductCard => ({
  id: r.id,
  title: r.title,
  cover: r.cover,
  price: r.price,
  marketPrice: r.marketPrice,
  stock: r.stock,
  sales: r.sales,
  categoryId: r.categoryId,
  tags: r.tags,
});

const toAdminProduct = (r: ProductDetailRow): AdminProduct => ({
  ...toCard(r),
  images: r.images,
  description: r.description,
  era: r.era,
  material: r.material,
  dimensions: r.dimensions,
  provenance: r.provenance,
  onSale: r.onSale,
  createdAt: r.createdAt.getTime(),
  updatedAt: r.updatedAt.getTime(),
});

const toProduct = (r: ProductPageRow, collected: boolean): Product => ({
  ...toCard(r),
  images: r.images,
  description: r.description,
  era: r.era,
  material: r.material,
  dimensions: r.dimensions,
  provenance: r.provenance,
  collected,
  onSale: r.onSale,
});

/** Sorted by product, so that concurrent orders lock their rows in one order. */
const byProduct = <T extends StockLine>(lines: readonly T[]) => [...lines].sort((a, b) => a.productId - b.productId);

/**
 * The catalogue: categories, products and their stock, members' collections, and the banners.
 * `reservedUntil`: for products with no free unit, when the first unit an unpaid order holds
 * is released (read from orders, which are made after the catalogue).
 */
export function createCatalogueService(d: {
  db: Db;
  /** The public reads' handle (db/replica.ts); `db` when absent. */
  readDb?: Db;
  clock: Clock;
  audit: AuditService;
  reservedUntil?: (productIds: number[]) => Promise<Map<number, number>>;
  /** The house's own sales of similar pieces (the auctions' read, for product/info). */
  comparables?: (subject: ComparableSubject) => Promise<Comparable[]>;
  /** The product's condition report and certificate for its page (issue 18). */
  conditionOf?: (productId: number) => Promise<ConditionView>;
}) {
  const { db, clock } = d;

  /** Cards with `reservedUntil` where no unit is free but one is held by an unpaid order. */
  async function withReservations<T extends ProductCard>(cards: T[]): Promise<T[]> {
    const soldOut = cards.filter((c) => c.stock === 0).map((c) => c.id);
    if (soldOut.length === 0 || !d.reservedUntil) return cards;
    const until = await d.reservedUntil(soldOut);
    return cards.map((c) => {
      const at = until.get(c.id);
      return at === undefined ? c : { ...c, reservedUntil: at };
    });
  }
  const repo = createCatalogueRepository(db, d.readDb);
  const banners = createBannersService({ ...d, repo });
  const search = createProductSearch(d);

  async function categoryIdsUnder(id: number): Promise<number[]> {
    return [id, ...(await repo.childIds(id))];
  }

  async function findProduct(id: number) {
    const row = await repo.product(id);
    if (!row) throw notFound();
    return row;
  }

  async function checkProductInput(input: ProductInput, tx: Db | Tx) {
    if (!(await repo.category(input.categoryId, tx))) throw invalidField('categoryId');
    if (input.marketPrice < input.price) throw invalidField('marketPrice');
    for (const [field, urls] of [
      ['cover', [input.cover]],
      ['images', input.images],
    ] as const) {
      if (urls.some((u) => !FILE_URL.test(u))) throw invalidField(field);
    }
  }

  function productValues(input: ProductInput) {
    return {
      ...input,
      description: sanitizeRichText(input.description),
      searchGrams: searchGramsOf(input.title, input.era, input.material),
      updatedAt: new Date(clock.now()),
    };
  }

  /** Two levels: a parent must itself be top-level, and not the category itself. */
  async function checkParent(input: CategoryInput, id: number | undefined, tx: Db | Tx) {
    if (input.parentId === null) return;
    const parent = await repo.category(input.parentId, tx);
    if (!parent || parent.parentId !== null || parent.id === id) throw invalidField('parentId');
  }

  return {
    ...banners,
    // Search by terms (issue 18): the backfill at start, and what saved searches and lots read.
    backfillSearchTerms: () => search.backfill(),
    searchableProduct: search.searchable,
    departmentOf: search.departmentOf,
    departmentChain: search.departmentChain,
    departmentIds: categoryIdsUnder,

    async categories() {
      return (await repo.allCategories()).map(toCategory);
    },

    async products(q: ProductListQuery, memberId?: number) {
      if (q.collected && memberId === undefined) throw fail('UNAUTHENTICATED');
      const sort = q.sort === 'newest' ? 'new' : q.sort === 'price' ? 'price_asc' : q.sort;
      // A keyword, an era or a price range: the search by terms (issue 18).
      if (!q.collected && search.searches(q)) {
        const found = await search.search(q, sort, q.categoryId ? await categoryIdsUnder(q.categoryId) : undefined);
        return pageResult(await withReservations(found.rows.map(toCard)), found.total, q);
      }
      const { rows, total } = await repo.cards({
        onSale: true,
        ...(q.categoryId ? { categoryIds: await categoryIdsUnder(q.categoryId) } : {}),
        ...(q.keyword ? { keyword: q.keyword } : {}),
        ...(q.collected ? { collectedBy: memberId } : {}),
        sort,
        limit: q.pageSize,
        offset: offsetOf(q),
      });
      return pageResult(await withReservations(rows.map(toCard)), total, q);
    },

    /** Off-sale products still open by id (an old link, an order), marked onSale false. */
    async product(id: number, memberId?: number): Promise<Product> {
      const row = await repo.productPage(id);
      if (!row) throw notFound();
      const [product] = await withReservations([
        toProduct(row, memberId !== undefined && (await repo.isCollected(memberId, id))),
      ]);
      product!.comparables = await search.comparablesOf(row);
      return d.conditionOf ? { ...product!, ...(await d.conditionOf(id)) } : product!;
    },

    async collect(memberId: number, id: number, collected: boolean) {
      await findProduct(id);
      if (collected) await repo.collect(memberId, id, new Date(clock.now()));
      else await repo.uncollect(memberId, id);
      return { id, collected };
    },

    // Stock, inside the transaction of an order.

    /**
     * Takes the stock of every line, or none: a conditional decrement that cannot take
     * stock below zero. 404 for an unknown product, 409 OUT_OF_STOCK with what is left.
     */
    async reserve(tx: Tx, lines: readonly StockLine[]): Promise<ReservedLine[]> {
      const reserved: ReservedLine[] = [];
      for (const line of byProduct(lines)) {
        const p = await repo.takeStock(line.productId, line.quantity, tx);
        if (!p) {
          const exists = await repo.product(line.productId, tx);
          if (!exists) throw fail('NOT_FOUND', { productId: line.productId });
          throw fail('OUT_OF_STOCK', {
            productId: line.productId,
            available: exists.onSale ? exists.stock : 0,
            offSale: !exists.onSale,
          });
        }
        reserved.push({ productId: line.productId, quantity: line.quantity, ...p });
      }
      return reserved;
    },

    /**
     * One unit of a product's inventory for a house lot (on sale or kept out of the mall):
     * the product's particulars, or 409 PIECE_NOT_AVAILABLE when every unit is in a lot,
     * sold or held by an unpaid order; 400 naming `productId` for an unknown product.
     */
    async takeUnit(tx: Tx, productId: number) {
      const row = await repo.takeUnit(productId, tx);
      if (!row) {
        if (!(await repo.product(productId, tx))) throw invalidField('productId');
        throw fail('PIECE_NOT_AVAILABLE', { productId });
      }
      return {
        id: row.id,
        categoryId: row.categoryId,
        title: row.title,
        images: row.images.length > 0 ? row.images : [row.cover],
        description: row.description,
        era: row.era,
        material: row.material,
        dimensions: row.dimensions,
        provenance: row.provenance,
      };
    },

    /** A unit back in inventory: its lot ended unsold, or its order went unpaid. */
    async returnUnit(tx: Tx, productId: number) {
      await repo.putBackStock(productId, 1, tx);
    },

    /** Puts reserved stock back (an order cancelled). */
    async release(tx: Tx, lines: readonly StockLine[]) {
      for (const line of byProduct(lines)) await repo.putBackStock(line.productId, line.quantity, tx);
    },

    /** The photographs of products, inside the caller's transaction (custody copies them onto the pieces it makes). */
    async imagesOf(tx: Tx, productIds: readonly number[]): Promise<Map<number, string[]>> {
      const rows = await repo.imagesOf([...new Set(productIds)], tx);
      return new Map(rows.map((r) => [r.id, r.images]));
    },

    /** Counts sold units (an order paid). */
    async recordSale(tx: Tx, lines: readonly StockLine[]) {
      for (const line of byProduct(lines)) await repo.addSales(line.productId, line.quantity, tx);
    },

    // The operators' side; `actor` null is the server itself (the demo), not audited.

    async createCategory(actor: Actor, input: CategoryInput, outer?: Tx) {
      return (outer ?? db).transaction(async (tx) => {
        await checkParent(input, undefined, tx);
        const row = await repo.insertCategory({ ...input, createdAt: new Date(clock.now()) }, tx);
        await d.audit.record(tx, actor, {
          action: 'category.create',
          targetType: 'category',
          targetId: row.id,
          after: input,
        });
        return toCategory(row);
      });
    },

    async updateCategory(actor: Actor, id: number, input: CategoryInput) {
      return db.transaction(async (tx) => {
        await checkParent(input, id, tx);
        const before = await repo.categoryForUpdate(id, tx);
        if (!before) throw notFound();
        if (input.parentId !== null && (await repo.hasChild(id, tx))) throw invalidField('parentId');
        const row = (await repo.updateCategory(id, input, tx))!;
        await d.audit.record(tx, actor, {
          action: 'category.update',
          targetType: 'category',
          targetId: id,
          before: toCategory(before),
          after: toCategory(row),
        });
        return toCategory(row);
      });
    },

    async deleteCategory(actor: Actor, id: number) {
      await db.transaction(async (tx) => {
        const before = await repo.categoryForUpdate(id, tx);
        if (!before) throw notFound();
        if ((await repo.hasChild(id, tx)) || (await repo.hasProducts(id, tx))) {
          throw fail('CATEGORY_IN_USE');
        }
        await repo.deleteCategory(id, tx);
        await d.audit.record(tx, actor, {
          action: 'category.delete',
          targetType: 'category',
          targetId: id,
          before: toCategory(before),
        });
      });
      return null;
    },

    async adminProducts(q: {
      keyword?: string;
      categoryId?: number;
      onSale?: '0' | '1';
      page: number;
      pageSize: number;
    }) {
      const k = q.keyword?.trim();
      const { rows, total } = await repo.products({
        ...(q.categoryId ? { categoryIds: await categoryIdsUnder(q.categoryId) } : {}),
        ...(q.onSale ? { onSale: q.onSale === '1' } : {}),
        ...(k && /^\d{1,9}$/.test(k) ? { id: Number(k) } : k ? { keyword: k } : {}),
        sort: 'new',
        limit: q.pageSize,
        offset: offsetOf(q),
      });
      // The console's lot picker says when a piece held by an unpaid order comes free.
      return pageResult(await withReservations(rows.map(toAdminProduct)), total, q);
    },

    adminProduct: async (id: number) => toAdminProduct(await findProduct(id)),

    /**
     * A new product. The server's own (the demo's) may come with units already sold and
     * the time it was listed.
     */
    async createProduct(actor: Actor, input: ProductInput, opts: { sales?: number; listedAt?: Date; tx?: Tx } = {}) {
      return (opts.tx ?? db).transaction(async (tx) => {
        await checkProductInput(input, tx);
        const listed = opts.listedAt ?? new Date(clock.now());
        const row = await repo.insertProduct(
          { ...productValues(input), sales: opts.sales ?? 0, createdAt: listed, updatedAt: listed },
          tx,
        );
        await search.index(tx, row);
        const after = toAdminProduct(row);
        await d.audit.record(tx, actor, { action: 'product.create', targetType: 'product', targetId: row.id, after });
        return after;
      });
    },

    async updateProduct(actor: Actor, id: number, input: ProductInput) {
      return db.transaction(async (tx) => {
        await checkProductInput(input, tx);
        const before = await repo.productForUpdate(id, tx);
        if (!before) throw notFound();
        const row = (await repo.updateProduct(id, productValues(input), tx))!;
        await search.index(tx, row);
        const after = toAdminProduct(row);
        const was = toAdminProduct(before);
        const changed = (Object.keys(after) as (keyof AdminProduct)[]).filter(
          (k) => k !== 'updatedAt' && JSON.stringify(after[k]) !== JSON.stringify(was[k]),
        );
        await d.audit.record(tx, actor, {
          action: 'product.update',
          targetType: 'product',
          targetId: id,
          before: Object.fromEntries(changed.map((k) => [k, was[k]])),
          after: Object.fromEntries(changed.map((k) => [k, after[k]])),
        });
        return after;
      });
    },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
