import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { fen, ts } from './columns.js';
import { members } from './members.js';

/** Owner: catalogue (categories, products, members' collections, banners, condition reports). */
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
    /** The search terms of title, era, material and department (see the search module), GIN-indexed. */
    searchTerms: text('search_terms')
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
    index('products_terms_idx').using('gin', t.searchTerms),
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

/**
 * The house's condition report on a piece, written by the specialist who examined it: for
 * a mall product, or for a lot (a lot without its own report shows its product's).
 * `subject` + `subjectId` name it; one report each.
 */
export const conditionReports = pgTable(
  'condition_reports',
  {
    id: serial('id').primaryKey(),
    subject: text('subject', { enum: ['product', 'lot'] }).notNull(),
    subjectId: integer('subject_id').notNull(),
    /** 'excellent' | 'fine' | 'good' | 'fair' | 'poor' (labels in the apps). */
    grade: text('grade').notNull(),
    notes: text('notes').notNull().default(''),
    dimensions: text('dimensions').notNull().default(''),
    weight: text('weight').notNull().default(''),
    marks: text('marks').notNull().default(''),
    repairs: text('repairs').notNull().default(''),
    photos: jsonb('photos')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Who examined it (the operator's display name as it is shown to members) and when. */
    examinedBy: text('examined_by').notNull(),
    examinedAt: ts('examined_at').notNull(),
    /** A certificate where there is one: issuer, number, date, picture. */
    certificate: jsonb('certificate').$type<{ issuer: string; number: string; issuedAt?: number; image?: string }>(),
    updatedBy: integer('updated_by'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('condition_reports_subject_uq').on(t.subject, t.subjectId)],
);
