import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type {
  AdminProduct,
  Banner,
  Category,
  CategoryInput,
  Product,
  ProductCard,
  ProductInput,
  ProductListQuery,
} from '@antique/shared';
import type { Db } from '../../db/client.js';
import { banners, categories, productCollections, products } from '../../db/schema/index.js';
import { AppError, invalidField, notFound } from '../../http/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { offsetOf, pageResult } from '../../lib/page.js';
import type { AuditService, OperatorActor } from '../audit/audit.service.js';
import { keywordWords, queryGramsOf, searchGramsOf } from './search-grams.js';

type ProductRow = typeof products.$inferSelect;
type BannerRow = typeof banners.$inferSelect;

/** Rich text from operators: the tags a catalogue needs, nothing that runs. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'u',
      'h3',
      'h4',
      'ul',
      'ol',
      'li',
      'blockquote',
      'img',
      'span',
      'a',
    ],
    allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height'], span: [] },
    allowedSchemes: ['https'],
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
  });
}

const toCategory = (r: typeof categories.$inferSelect): Category => ({
  id: r.id,
  name: r.name,
  icon: r.icon,
  parentId: r.parentId,
  sort: r.sort,
});

export const toCard = (r: ProductRow): ProductCard => ({
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

const toAdminProduct = (r: ProductRow): AdminProduct => ({
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

const toBanner = (r: BannerRow): Banner => ({ id: r.id, image: r.image, title: r.title, link: r.link });
const toAdminBanner = (r: BannerRow) => ({
  ...toBanner(r),
  position: r.position as 'home' | 'mall',
  sort: r.sort,
  enabled: r.enabled,
});

const ORDER_BY: Record<ProductListQuery['sort'], SQL[]> = {
  new: [desc(products.id)],
  price_asc: [asc(products.price), desc(products.id)],
  price_desc: [desc(products.price), desc(products.id)],
  sales: [desc(products.sales), desc(products.id)],
};

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

export function createMallService(d: { db: Db; clock: Clock; audit: AuditService }) {
  const { db, clock } = d;

  async function categoryIdsUnder(id: number): Promise<number[]> {
    const children = await db.select({ id: categories.id }).from(categories).where(eq(categories.parentId, id));
    return [id, ...children.map((c) => c.id)];
  }

  async function findProduct(id: number) {
    const [row] = await db.select().from(products).where(eq(products.id, id));
    if (!row) throw notFound();
    return row;
  }

  async function checkProductInput(input: ProductInput) {
    const [cat] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId));
    if (!cat) throw invalidField('categoryId');
    if (input.marketPrice < input.price) throw invalidField('marketPrice');
    for (const [field, urls] of [
      ['cover', [input.cover]],
      ['images', input.images],
    ] as const) {
      if (urls.some((u) => !/^\/files\/[a-z]+\/\d{6}\/[A-Za-z0-9_-]{22}$/.test(u))) throw invalidField(field);
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

  return {
    findProduct,

    async categories() {
      const rows = await db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id));
      return rows.map(toCategory);
    },

    async products(q: ProductListQuery, memberId?: number) {
      if (q.collected && memberId === undefined) throw new AppError(301, 'UNAUTHENTICATED');
      const where = and(
        eq(products.onSale, true),
        q.categoryId ? inArray(products.categoryId, await categoryIdsUnder(q.categoryId)) : undefined,
        keywordWhere(q.keyword),
        q.collected
          ? sql`EXISTS (SELECT 1 FROM ${productCollections} c WHERE c.product_id = ${products.id} AND c.member_id = ${memberId})`
          : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(products)
          .where(where)
          .orderBy(...ORDER_BY[q.sort])
          .limit(q.pageSize)
          .offset(offsetOf(q)),
        db.select({ n: count() }).from(products).where(where),
      ]);
      return pageResult(rows.map(toCard), total?.n ?? 0, q);
    },

    /** Off-sale products still open by id (an old link, an order), marked onSale false. */
    async product(id: number, memberId?: number): Promise<Product> {
      const row = await findProduct(id);
      let collected = false;
      if (memberId !== undefined) {
        const [c] = await db
          .select({ id: productCollections.productId })
          .from(productCollections)
          .where(and(eq(productCollections.memberId, memberId), eq(productCollections.productId, id)));
        collected = Boolean(c);
      }
      const { createdAt: _c, updatedAt: _u, ...rest } = toAdminProduct(row);
      return { ...rest, collected };
    },

    async collect(memberId: number, id: number, collected: boolean) {
      await findProduct(id);
      if (collected) {
        await db
          .insert(productCollections)
          .values({ memberId, productId: id, createdAt: new Date(clock.now()) })
          .onConflictDoNothing();
      } else {
        await db
          .delete(productCollections)
          .where(and(eq(productCollections.memberId, memberId), eq(productCollections.productId, id)));
      }
      return { id, collected };
    },

    async banners(position: string) {
      const rows = await db
        .select()
        .from(banners)
        .where(and(eq(banners.position, position), eq(banners.enabled, true)))
        .orderBy(asc(banners.sort), desc(banners.id));
      return rows.map(toBanner);
    },

    // The operators' side.

    async saveCategory(actor: OperatorActor, input: CategoryInput, id?: number) {
      if (input.parentId !== null) {
        const [parent] = await db.select().from(categories).where(eq(categories.id, input.parentId));
        // Two levels: a parent must itself be top-level, and not the category itself.
        if (!parent || parent.parentId !== null || parent.id === id) throw invalidField('parentId');
      }
      return db.transaction(async (tx) => {
        if (id === undefined) {
          const [row] = await tx
            .insert(categories)
            .values({ ...input, createdAt: new Date(clock.now()) })
            .returning();
          await d.audit.record(tx, actor, {
            action: 'category.create',
            targetType: 'category',
            targetId: row!.id,
            after: input,
          });
          return toCategory(row!);
        }
        const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
        if (!before) throw notFound();
        if (input.parentId !== null) {
          const [child] = await tx
            .select({ id: categories.id })
            .from(categories)
            .where(eq(categories.parentId, id))
            .limit(1);
          if (child) throw invalidField('parentId');
        }
        const [row] = await tx.update(categories).set(input).where(eq(categories.id, id)).returning();
        await d.audit.record(tx, actor, {
          action: 'category.update',
          targetType: 'category',
          targetId: id,
          before: toCategory(before),
          after: toCategory(row!),
        });
        return toCategory(row!);
      });
    },

    async deleteCategory(actor: OperatorActor, id: number) {
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
        if (!before) throw notFound();
        const [child] = await tx
          .select({ id: categories.id })
          .from(categories)
          .where(eq(categories.parentId, id))
          .limit(1);
        const [used] = await tx.select({ id: products.id }).from(products).where(eq(products.categoryId, id)).limit(1);
        if (child || used) throw new AppError(409, 'CATEGORY_IN_USE');
        await tx.delete(categories).where(eq(categories.id, id));
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
      const where = and(
        q.categoryId ? inArray(products.categoryId, await categoryIdsUnder(q.categoryId)) : undefined,
        q.onSale ? eq(products.onSale, q.onSale === '1') : undefined,
        k && /^\d{1,9}$/.test(k) ? eq(products.id, Number(k)) : keywordWhere(k),
      );
      const [rows, [total]] = await Promise.all([
        db.select().from(products).where(where).orderBy(desc(products.id)).limit(q.pageSize).offset(offsetOf(q)),
        db.select({ n: count() }).from(products).where(where),
      ]);
      return pageResult(rows.map(toAdminProduct), total?.n ?? 0, q);
    },

    adminProduct: async (id: number) => toAdminProduct(await findProduct(id)),

    async createProduct(actor: OperatorActor, input: ProductInput) {
      await checkProductInput(input);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(products)
          .values({ ...productValues(input), createdAt: new Date(clock.now()) })
          .returning();
        const after = toAdminProduct(row!);
        await d.audit.record(tx, actor, { action: 'product.create', targetType: 'product', targetId: row!.id, after });
        return after;
      });
    },

    async updateProduct(actor: OperatorActor, id: number, input: ProductInput) {
      await checkProductInput(input);
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
        if (!before) throw notFound();
        const [row] = await tx.update(products).set(productValues(input)).where(eq(products.id, id)).returning();
        const after = toAdminProduct(row!);
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

    async adminBanners(position?: string) {
      const rows = await db
        .select()
        .from(banners)
        .where(position ? eq(banners.position, position) : undefined)
        .orderBy(asc(banners.position), asc(banners.sort), desc(banners.id));
      return rows.map(toAdminBanner);
    },

    async saveBanner(
      actor: OperatorActor,
      input: { position: string; image: string; title: string; link: string; sort: number; enabled: boolean },
      id?: number,
    ) {
      if (!/^\/files\/[a-z]+\/\d{6}\/[A-Za-z0-9_-]{22}$/.test(input.image)) throw invalidField('image');
      return db.transaction(async (tx) => {
        if (id === undefined) {
          const [row] = await tx
            .insert(banners)
            .values({ ...input, createdAt: new Date(clock.now()) })
            .returning();
          await d.audit.record(tx, actor, {
            action: 'banner.create',
            targetType: 'banner',
            targetId: row!.id,
            after: input,
          });
          return toAdminBanner(row!);
        }
        const [before] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
        if (!before) throw notFound();
        const [row] = await tx.update(banners).set(input).where(eq(banners.id, id)).returning();
        await d.audit.record(tx, actor, {
          action: 'banner.update',
          targetType: 'banner',
          targetId: id,
          before: toAdminBanner(before),
          after: toAdminBanner(row!),
        });
        return toAdminBanner(row!);
      });
    },

    async deleteBanner(actor: OperatorActor, id: number) {
      await db.transaction(async (tx) => {
        const [before] = await tx.delete(banners).where(eq(banners.id, id)).returning();
        if (!before) throw notFound();
        await d.audit.record(tx, actor, {
          action: 'banner.delete',
          targetType: 'banner',
          targetId: id,
          before: toAdminBanner(before),
        });
      });
      return null;
    },
  };
}
export type MallService = ReturnType<typeof createMallService>;
