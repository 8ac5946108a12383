import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { certificate, conditionReport } from './judge.schema.js';
import { idParam, pageOf, pageQuery, recordId, recordIdText } from './envelope.js';
import { comparable, searchFilterFields } from './search.schema.js';

export const banner = z.object({ id: z.number().int(), image: z.string(), title: z.string(), link: z.string() });
export type Banner = z.infer<typeof banner>;
export const bannerPositions = ['home', 'mall'] as const;
export const bannerQuery = z.object({
  position: z.enum(bannerPositions, { error: 'invalid.position' }).default('home'),
});

export const category = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string(),
  parentId: z.number().int().nullable(),
  sort: z.number().int(),
});
export type Category = z.infer<typeof category>;

export const productSorts = ['new', 'price_asc', 'price_desc', 'sales'] as const;
export type ProductSort = (typeof productSorts)[number];

export const productListQuery = pageQuery.extend({
  categoryId: recordIdText('invalid.categoryId').optional(),
  keyword: z.string().trim().max(40, { error: 'invalid.keyword' }).optional(),
  // `newest` is `new` and `price` is `price_asc`: the names the auction list's sorts use.
  sort: z.enum([...productSorts, 'newest', 'price'], { error: 'invalid.sort' }).default('new'),
  collected: z.coerce.number().int().min(1).max(1).optional(),
  era: searchFilterFields.era,
  minPrice: searchFilterFields.minPrice,
  maxPrice: searchFilterFields.maxPrice,
});
export type ProductListQuery = z.infer<typeof productListQuery>;

export const productCard = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  price: z.number().int(),
  marketPrice: z.number().int(),
  stock: z.number().int(),
  sales: z.number().int(),
  categoryId: z.number().int(),
  tags: z.array(z.string()),
  /**
   * No unit is free (`stock` 0) but one is held by an unpaid order: the latest time it is
   * released if that order is not paid. Absent when a unit is free or none is held.
   */
  reservedUntil: z.number().int().optional(),
});
export type ProductCard = z.infer<typeof productCard>;

export const product = productCard.extend({
  images: z.array(z.string()),
  description: z.string(),
  era: z.string(),
  material: z.string(),
  dimensions: z.string(),
  provenance: z.string(),
  collected: z.boolean(),
  onSale: z.boolean(),
  /** The house's condition report, null when none (sent by product/info). */
  condition: conditionReport.nullable().optional(),
  certificate: certificate.optional(),
  /** The house's own sales of similar pieces, most similar first (sent by product/info). */
  comparables: z.array(comparable).optional(),
});
export type Product = z.infer<typeof product>;

export const collectInput = z.object({
  id: recordId(),
  collected: z.boolean({ error: 'invalid.collected' }),
});
export const collectOutput = z.object({ id: z.number().int(), collected: z.boolean() });

// The operators' side of the catalogue.

const fenPrice = z
  .number({ error: 'invalid.price' })
  .int({ error: 'invalid.price' })
  .min(1, { error: 'invalid.price' })
  .max(10_000_000_000, { error: 'invalid.price' });
const text = (max: number, key: string) => z.string({ error: key }).trim().max(max, { error: key });

export const categoryInput = z.object({
  name: text(20, 'invalid.name').min(1, { error: 'invalid.name' }),
  icon: z.string().max(512).default(''),
  parentId: recordId('invalid.parentId').nullable().default(null),
  sort: z.number().int().min(0).max(9999).default(0),
});
export type CategoryInput = z.infer<typeof categoryInput>;

export const productInput = z.object({
  title: text(60, 'invalid.title').min(2, { error: 'invalid.title' }),
  categoryId: recordId('invalid.categoryId'),
  cover: z.string({ error: 'invalid.cover' }).min(1, { error: 'invalid.cover' }).max(512),
  images: z.array(z.string().min(1).max(512)).min(1, { error: 'invalid.images' }).max(9, { error: 'invalid.images' }),
  price: fenPrice,
  marketPrice: fenPrice,
  stock: z
    .number({ error: 'invalid.stock' })
    .int()
    .min(0, { error: 'invalid.stock' })
    .max(1_000_000, { error: 'invalid.stock' }),
  description: z.string().max(20_000, { error: 'invalid.description' }).default(''),
  era: text(30, 'invalid.era').default(''),
  material: text(30, 'invalid.material').default(''),
  dimensions: text(60, 'invalid.dimensions').default(''),
  provenance: text(200, 'invalid.provenance').default(''),
  tags: z.array(z.string().trim().min(1).max(10)).max(5, { error: 'invalid.tags' }).default([]),
  onSale: z.boolean().default(false),
});
export type ProductInput = z.infer<typeof productInput>;

export const adminProductQuery = pageQuery.extend({
  keyword: z.string().trim().max(40).optional(),
  categoryId: recordIdText('invalid.categoryId').optional(),
  onSale: z.enum(['0', '1']).optional(),
});

export const adminProduct = product.omit({ collected: true }).extend({
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type AdminProduct = z.infer<typeof adminProduct>;

export const bannerInput = z.object({
  position: z.enum(bannerPositions, { error: 'invalid.position' }).default('home'),
  image: z.string({ error: 'invalid.image' }).min(1, { error: 'invalid.image' }).max(512),
  title: text(40, 'invalid.title').default(''),
  /** An in-app route (/pages/...) or an https URL. */
  link: z
    .string()
    .trim()
    .max(512)
    .refine((v) => v === '' || v.startsWith('/pages/') || v.startsWith('https://'), { error: 'invalid.link' })
    .default(''),
  sort: z.number().int().min(0).max(9999).default(0),
  enabled: z.boolean().default(true),
});
export const adminBannerQuery = z.object({ position: z.enum(bannerPositions).optional() });
export const adminBanner = banner.extend({
  position: z.enum(bannerPositions),
  sort: z.number().int(),
  enabled: z.boolean(),
});
export type AdminBanner = z.infer<typeof adminBanner>;

const admin_ = { base: '/v1/admin', auth: 'operator', roles: ['operator'] } as const;

export const catalogueApi = {
  banners: defineEndpoint({
    method: 'GET',
    base: '/v1/iyd',
    path: '/banner',
    input: bannerQuery,
    output: z.array(banner),
    auth: 'none',
    summary: 'The enabled banners of a position (home or mall).',
  }),
  categories: defineEndpoint({
    method: 'GET',
    base: '/v1/iyd',
    path: '/category/list',
    input: z.object({}),
    output: z.array(category),
    auth: 'none',
    summary: 'Every category, by sort.',
  }),
  products: defineEndpoint({
    method: 'GET',
    base: '/v1/iyd',
    path: '/product/list',
    input: productListQuery,
    output: pageOf(productCard),
    auth: 'optional',
    summary: 'Products on sale, filtered and sorted; `collected=1` lists the member’s collection.',
  }),
  product: defineEndpoint({
    method: 'GET',
    base: '/v1/iyd',
    path: '/product/info',
    input: idParam,
    output: product,
    auth: 'optional',
    summary: 'One product, with whether the member collected it.',
  }),
  collect: defineEndpoint({
    method: 'POST',
    base: '/v1/iyd',
    path: '/product/collect',
    input: collectInput,
    output: collectOutput,
    auth: 'member',
    summary: 'Collect or uncollect a product.',
  }),
  adminCategories: defineEndpoint({
    ...admin_,
    method: 'GET',
    path: '/categories',
    input: z.object({}),
    output: z.array(category),
    summary: 'Every category.',
  }),
  adminCreateCategory: defineEndpoint({
    ...admin_,
    method: 'POST',
    path: '/categories',
    input: categoryInput,
    output: category,
    summary: 'Add a category.',
  }),
  adminUpdateCategory: defineEndpoint({
    ...admin_,
    method: 'PUT',
    path: '/categories/{id}',
    input: categoryInput.extend(idParam.shape),
    output: category,
    summary: 'Change a category.',
  }),
  adminDeleteCategory: defineEndpoint({
    ...admin_,
    method: 'DELETE',
    path: '/categories/{id}',
    input: idParam,
    output: z.null(),
    summary: 'Delete a category.',
  }),
  adminProducts: defineEndpoint({
    ...admin_,
    method: 'GET',
    path: '/products',
    input: adminProductQuery,
    output: pageOf(adminProduct),
    summary: 'Products, on sale or not.',
  }),
  adminCreateProduct: defineEndpoint({
    ...admin_,
    method: 'POST',
    path: '/products',
    input: productInput,
    output: adminProduct,
    summary: 'Add a product.',
  }),
  adminProduct: defineEndpoint({
    ...admin_,
    method: 'GET',
    path: '/products/{id}',
    input: idParam,
    output: adminProduct,
    summary: 'One product.',
  }),
  adminUpdateProduct: defineEndpoint({
    ...admin_,
    method: 'PUT',
    path: '/products/{id}',
    input: productInput.extend(idParam.shape),
    output: adminProduct,
    summary: 'Change a product.',
  }),
  adminBanners: defineEndpoint({
    ...admin_,
    method: 'GET',
    path: '/banners',
    input: adminBannerQuery,
    output: z.array(adminBanner),
    summary: 'Banners, enabled or not.',
  }),
  adminCreateBanner: defineEndpoint({
    ...admin_,
    method: 'POST',
    path: '/banners',
    input: bannerInput,
    output: adminBanner,
    summary: 'Add a banner.',
  }),
  adminUpdateBanner: defineEndpoint({
    ...admin_,
    method: 'PUT',
    path: '/banners/{id}',
    input: bannerInput.extend(idParam.shape),
    output: adminBanner,
    summary: 'Change a banner.',
  }),
  adminDeleteBanner: defineEndpoint({
    ...admin_,
    method: 'DELETE',
    path: '/banners/{id}',
    input: idParam,
    output: z.null(),
    summary: 'Delete a banner.',
  }),
};
