import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { savedSearchHits, savedSearches } from '../../db/schema/index.js';

/** The advisory lock class of a member's saved searches (with the member id as its second key). */
const SAVED_SEARCH_LOCK = 727118;

export type SavedSearchRow = typeof savedSearches.$inferSelect;
export type SavedSearchInsert = typeof savedSearches.$inferInsert;

const textArray = (items: readonly string[]) =>
  items.length === 0
    ? sql`'{}'::text[]`
    : sql`ARRAY[${sql.join(
        items.map((t) => sql`${t}`),
        sql`, `,
      )}]::text[]`;

/** What a new item offers a saved search to match. */
export interface SearchableItem {
  kind: 'mall' | 'auction';
  terms: string[];
  /** The item's category and the one above it. */
  categoryIds: number[];
  price: number;
}

/** Members' saved searches and what each has announced (owner: messages). */
export function createSavedSearchesRepository(db: Db) {
  return {
    /**
     * A new saved search, unless the member already keeps `max`: counted and written under
     * a lock on the member's saved searches, so parallel saves never pass the limit.
     * Undefined when the limit is reached.
     */
    async insertWithin(values: SavedSearchInsert, max: number) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${SAVED_SEARCH_LOCK}, ${values.memberId})`);
        const [n] = await tx
          .select({ n: count() })
          .from(savedSearches)
          .where(eq(savedSearches.memberId, values.memberId));
        if ((n?.n ?? 0) >= max) return undefined;
        const [row] = await tx.insert(savedSearches).values(values).returning();
        return row!;
      });
    },

    async page(memberId: number, limit: number, offset: number) {
      const where = eq(savedSearches.memberId, memberId);
      const [rows, [total]] = await Promise.all([
        db.select().from(savedSearches).where(where).orderBy(desc(savedSearches.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(savedSearches).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Deletes a member's own saved search (its hits go with it); undefined when not theirs. */
    async remove(memberId: number, id: number) {
      const [row] = await db
        .delete(savedSearches)
        .where(and(eq(savedSearches.id, id), eq(savedSearches.memberId, memberId)))
        .returning({ id: savedSearches.id });
      return row;
    },

    /**
     * The saved searches an item matches (their terms all among the item's, through the GIN
     * index; department, price range and kind), claimed for this item in the same statement:
     * only the searches that never announced it come back, so no member hears of it twice.
     */
    async claimMatches(item: SearchableItem, subject: 'product' | 'lot', subjectId: number, at: Date, tx: DbOrTx = db) {
      const rows = await tx.execute<{ id: number; member_id: number }>(sql`
        WITH matched AS (
          SELECT s.id, s.member_id FROM ${savedSearches} s
          WHERE s.terms <@ ${textArray(item.terms)}
            AND s.kind IN (${item.kind}, 'both')
            AND (s.category_id IS NULL OR s.category_id = ANY(${sql`ARRAY[${sql.join(
              [...item.categoryIds, 0].map((c) => sql`${c}`),
              sql`, `,
            )}]::int[]`}))
            AND (s.min_price IS NULL OR s.min_price <= ${item.price})
            AND (s.max_price IS NULL OR s.max_price >= ${item.price})
        ), hits AS (
          INSERT INTO ${savedSearchHits} (saved_search_id, subject, subject_id, created_at)
          SELECT id, ${subject}, ${subjectId}, ${at} FROM matched
          ON CONFLICT DO NOTHING
          RETURNING saved_search_id
        ), touched AS (
          UPDATE ${savedSearches} SET last_matched_at = ${at}
          WHERE id IN (SELECT saved_search_id FROM hits)
          RETURNING id, member_id
        )
        SELECT id, member_id FROM touched ORDER BY id`);
      return rows.rows.map((r) => ({ id: Number(r.id), memberId: Number(r.member_id) }));
    },
  };
}
export type SavedSearchesRepository = ReturnType<typeof createSavedSearchesRepository>;
