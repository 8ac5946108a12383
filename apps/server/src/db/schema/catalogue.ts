import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { fen, ts } from './columns.js';
import { members } from './members.js';

/** Owner: catalogue (categories, products, members' collections, banners). */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    icon: text('icon').notNull().default(''),
    parentId: integer('parent_id'),
    sort: integer('sort').notNull().default(0),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('categories_parent_idx').on(t.parentId, t.sort)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    title: text('title').notNull(),
    cover: text('cover').notNull(),
    images: jsonb('images').$type<string[]>().notNull(),
    price: fen('price').notNull(),
    marketPrice: fen('market_price').notNull(),
    stock: integer('stock').notNull(),
    sales: integer('sales').notNull().default(0),
    era: text('era').notNull().default(''),
    material: text('material').notNull().default(''),
    dimensions: text('dimensions').notNull().default(''),
    provenance: text('provenance').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    description: text('description').notNull().default(''),
    onSale: boolean('on_sale').notNull().default(false),
    /** Every character and pair of characters of title, era and material: a GIN index answers keyword search. */
    searchGrams: text('search_grams')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    check('products_stock_nonneg', sql`${t.stock} >= 0`),
    check('products_price_pos', sql`${t.price} > 0`),
    index('products_search_idx').using('gin', t.searchGrams),
    index('products_sale_new_idx').on(t.onSale, t.id),
    index('products_sale_price_idx').on(t.onSale, t.price, t.id),
    index('products_sale_sales_idx').on(t.onSale, t.sales, t.id),
    index('products_category_idx').on(t.categoryId, t.onSale, t.id),
  ],
);

export const productCollections = pgTable(
  'product_collections',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.productId] })],
);

export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    position: text('position').notNull().default('home'),
    image: text('image').notNull(),
    title: text('title').notNull().default(''),
    link: text('link').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('banners_position_idx').on(t.position, t.enabled, t.sort)],
);
