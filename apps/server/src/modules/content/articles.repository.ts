import { and, count, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { articles, contactInfo } from '../../db/schema/index.js';

export type ArticleRow = typeof articles.$inferSelect;
export type ArticleInsert = typeof articles.$inferInsert;
export type ContactRow = typeof contactInfo.$inferSelect;

/** The only queries of `articles` and `contact_info` (owner: content). */
/** `reads`: the public reads' handle (db/replica.ts), for the published notices and news. */
export function createArticlesRepository(db: Db, reads: Db = db) {
  const visible = (kind: string, now: Date) =>
    and(eq(articles.kind, kind), eq(articles.published, true), lte(articles.publishedAt, now));
  const newest = [desc(articles.publishedAt), desc(articles.id)];

  return {
    /** Published and due, newest first. */
    async publishedPage(q: { kind: string; now: Date; limit: number; offset: number }, tx: DbOrTx = reads) {
      const where = visible(q.kind, q.now);
      const [rows, [total]] = await Promise.all([
        tx
          .select({
            id: articles.id,
            title: articles.title,
            summary: articles.summary,
            cover: articles.cover,
            publishedAt: articles.publishedAt,
          })
          .from(articles)
          .where(where)
          .orderBy(...newest)
          .limit(q.limit)
          .offset(q.offset),
        tx.select({ n: count() }).from(articles).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async published(kind: string, id: number, now: Date, tx: DbOrTx = reads) {
      const [row] = await tx
        .select()
        .from(articles)
        .where(and(eq(articles.id, id), visible(kind, now)));
      return row;
    },

    /** Every article of a kind, drafts too; `keyword` a literal part of the title, any case. */
    async adminPage(q: { kind: string; keyword?: string; limit: number; offset: number }, tx: DbOrTx = db) {
      const k = q.keyword?.trim();
      const where = and(
        eq(articles.kind, q.kind),
        k ? sql`strpos(lower(${articles.title}), lower(${k})) > 0` : undefined,
      );
      const [rows, [total]] = await Promise.all([
        tx
          .select()
          .from(articles)
          .where(where)
          .orderBy(desc(articles.updatedAt), desc(articles.id))
          .limit(q.limit)
          .offset(q.offset),
        tx.select({ n: count() }).from(articles).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async forUpdate(kind: string, id: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(articles)
        .where(and(eq(articles.id, id), eq(articles.kind, kind)))
        .for('update');
      return row;
    },

    async insert(values: ArticleInsert, tx: DbOrTx = db) {
      const [row] = await tx.insert(articles).values(values).returning();
      return row!;
    },

    async update(id: number, values: Partial<ArticleInsert>, tx: DbOrTx = db) {
      const [row] = await tx.update(articles).set(values).where(eq(articles.id, id)).returning();
      return row;
    },

    async remove(kind: string, id: number, tx: DbOrTx = db) {
      const [row] = await tx
        .delete(articles)
        .where(and(eq(articles.id, id), eq(articles.kind, kind)))
        .returning();
      return row;
    },

    async count(tx: DbOrTx = db) {
      const [row] = await tx.select({ n: count() }).from(articles);
      return row?.n ?? 0;
    },

    async contact(tx: DbOrTx = db) {
      const [row] = await tx.select().from(contactInfo).where(eq(contactInfo.id, 1));
      return row;
    },

    async contactForUpdate(tx: DbOrTx = db) {
      const [row] = await tx.select().from(contactInfo).where(eq(contactInfo.id, 1)).for('update');
      return row;
    },

    async saveContact(values: Omit<ContactRow, 'id'>, tx: DbOrTx = db) {
      const [row] = await tx
        .insert(contactInfo)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: contactInfo.id, set: values })
        .returning();
      return row!;
    },
  };
}
export type ArticlesRepository = ReturnType<typeof createArticlesRepository>;
