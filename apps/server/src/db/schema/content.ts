import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/** Owner: content (rules, notices and news, the contact page). */
export const rules = pgTable('rules', {
  slug: text('slug').primaryKey(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/** Notices and news (`kind`): sanitised HTML, shown to members once published and its time has come. */
export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    content: text('content').notNull(),
    cover: text('cover'),
    published: boolean('published').notNull(),
    publishedAt: ts('published_at').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('articles_kind_published_idx').on(t.kind, t.published, t.publishedAt)],
);

/** The contact page: one row (id 1), created by the first operator's save or the demo. */
export const contactInfo = pgTable('contact_info', {
  id: integer('id').primaryKey(),
  phone: text('phone').notNull(),
  wechat: text('wechat').notNull(),
  email: text('email').notNull(),
  serviceHours: text('service_hours').notNull(),
  address: text('address').notNull(),
  qrCode: text('qr_code').notNull(),
  notes: text('notes').notNull(),
  // The house's account for members' bank transfers, shown on the top-up page.
  bankName: text('bank_name').notNull().default(''),
  bankAccountName: text('bank_account_name').notNull().default(''),
  bankAccountNo: text('bank_account_no').notNull().default(''),
  bankNotes: text('bank_notes').notNull().default(''),
  updatedAt: ts('updated_at').notNull(),
});

/** The native shell's update policy: one row (id 1), written by the first operator's save; defaults until then. */
export const appVersionPolicy = pgTable('app_version_policy', {
  id: integer('id').primaryKey(),
  latest: text('latest').notNull(),
  minSupported: text('min_supported').notNull(),
  downloadUrl: text('download_url').notNull(),
  updateContent: text('update_content').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
