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

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    source: text('source', { enum: ['mall', 'auction'] }).notNull(),
    status: text('status', { enum: ['pending', 'paid', 'cancelled'] }).notNull(),
    cancelReason: text('cancel_reason'),
    goodsAmount: fen('goods_amount').notNull(),
    premium: fen('premium').notNull().default(0),
    depositApplied: fen('deposit_applied').notNull().default(0),
    amount: fen('amount').notNull(),
    remark: text('remark').notNull().default(''),
    expiresAt: ts('expires_at').notNull(),
    paidAt: ts('paid_at'),
    cancelledAt: ts('cancelled_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('orders_no_uq').on(t.orderNo),
    index('orders_member_idx').on(t.memberId, t.id),
    index('orders_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    index('orders_status_idx').on(t.status, t.id),
    check('orders_amount_nonneg', sql`${t.amount} >= 0`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    productId: integer('product_id').notNull(),
    title: text('title').notNull(),
    cover: text('cover').notNull(),
    price: fen('price').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), check('order_items_qty_pos', sql`${t.quantity} > 0`)],
);

/** One physical object in the house's custody: one owner (a member, or the house when null). */
export const holdings = pgTable(
  'holdings',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id').references(() => members.id),
    productId: integer('product_id'),
    title: text('title').notNull(),
    cover: text('cover').notNull(),
    acquiredPrice: fen('acquired_price').notNull(),
    acquiredAt: ts('acquired_at').notNull(),
    source: text('source', { enum: ['mall', 'auction', 'house'] }).notNull(),
    status: text('status', { enum: ['held', 'delegated', 'picking', 'shipped', 'received'] }).notNull(),
    orderId: integer('order_id'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('holdings_owner_idx').on(t.ownerId, t.status, t.id), index('holdings_order_idx').on(t.orderId)],
);

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    regionCode: text('region_code').notNull(),
    province: text('province').notNull(),
    city: text('city').notNull(),
    district: text('district').notNull(),
    detail: text('detail').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('addresses_member_idx').on(t.memberId),
    uniqueIndex('addresses_one_default_uq')
      .on(t.memberId)
      .where(sql`${t.isDefault}`),
  ],
);
