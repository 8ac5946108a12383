import { and, asc, count, desc, eq, gt, inArray, isNotNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { lots } from '../../db/schema/index.js';
import { TITLE_TAG } from '../search/search-terms.js';

const textArray = (items: readonly string[]) =>
  sql`ARRAY[${sql.join(
    items.map((t) => sql`${t}`),
    sql`, `,
  )}]::text[]`;

/** How many of the given terms a lot holds: a relevance or a likeness score. */
function heldCount(terms: readonly string[]): SQL {
  if (terms.length === 0) return sql`0`;
  return sql.join(
    terms.map((t) => sql`(${lots.searchTerms} @> ARRAY[${t}]::text[])::int`),
    sql` + `,
  );
}

/** What a search narrows lots by (issue 18). */
export interface LotSearchFilter {
  /** Every one must be among the lot's terms (the GIN index answers). */
  terms: string[];
  /** The query's terms tagged as the title's, for ranking. */
  titleTerms: string[];
  categoryIds?: number[];
  /** Inclusive, on the current price (the hammer, for sold lots). */
  minPrice?: number;
  maxPrice?: number;
}

function searchWhere(f: LotSearchFilter, price: SQL = sql`${lots.currentPrice}`) {
  return and(
    f.terms.length > 0 ? sql`${lots.searchTerms} @> ${textArray(f.terms)}` : undefined,
    f.categoryIds ? inArray(lots.categoryId, f.categoryIds) : undefined,
    f.minPrice !== undefined ? sql`${price} >= ${f.minPrice}` : undefined,
    f.maxPrice !== undefined ? sql`${price} <= ${f.maxPrice}` : undefined,
  );
}

export type LotSearchOrder = 'startsAsc' | 'endsAsc' | 'endsDesc' | 'newest' | 'priceAsc' | 'priceDesc';

const ORDER: Record<LotSearchOrder, SQL[]> = {
  startsAsc: [asc(lots.startsAt), asc(lots.id)],
  endsAsc: [asc(lots.endsAt), asc(lots.id)],
  endsDesc: [desc(lots.endsAt), desc(lots.id)],
  newest: [desc(lots.id)],
  priceAsc: [asc(lots.currentPrice), asc(lots.endsAt), asc(lots.id)],
  priceDesc: [desc(lots.currentPrice), asc(lots.endsAt), asc(lots.id)],
};

/** The auctions searched by terms and filters, 成交结果, comparables, and the lots' terms kept. */
/** `reads`: the public reads' handle (db/replica.ts), used by the list's search, 成交结果 and comparables. */
export function createLotSearchRepository(db: Db, reads: Db = db) {
  // Every product and lot page asks for its comparables: one statement of a fixed shape, the
  // terms passed as arrays, so it is built once and parsed once per connection. The score
  // counts the terms of `held` (the title's and the rest's words, and the title's tagged) a
  // lot holds; ties go to the same department, then the latest sale.
  const similarSold = reads
    .select({
      lotId: lots.id,
      title: lots.title,
      cover: lots.cover,
      hammer: lots.hammerPrice,
      endedAt: lots.endsAt,
    })
    .from(lots)
    .where(
      and(
        eq(lots.status, 'sold'),
        isNotNull(lots.hammerPrice),
        sql`${lots.searchTerms} && ${sql.placeholder('title')}::text[]`,
        sql`${lots.id} <> ${sql.placeholder('excludeId')}::int`,
      ),
    )
    .orderBy(
      desc(
        sql`(SELECT count(*) FROM unnest(${sql.placeholder('held')}::text[]) AS h(term) WHERE h.term = ANY(${lots.searchTerms}))`,
      ),
      desc(sql`(${lots.categoryId} = ${sql.placeholder('categoryId')}::int)::int`),
      desc(lots.endsAt),
      desc(lots.id),
    )
    .limit(sql.placeholder('limit'))
    .prepare('lots_similar_sold');

  return {
    /** Lots of a phase (by the server clock, as the auction list has them) that match, best title matches first. */
    async search(
      f: LotSearchFilter & {
        phase: 'upcoming' | 'live' | 'ended';
        sessionId?: number;
        now: Date;
        order: LotSearchOrder;
        limit: number;
        offset: number;
      },
    ) {
      const open = eq(lots.status, 'scheduled');
      const where = and(
        searchWhere(f),
        f.sessionId !== undefined ? eq(lots.sessionId, f.sessionId) : undefined,
        f.phase === 'upcoming' ? and(open, gt(lots.startsAt, f.now)) : undefined,
        f.phase === 'live' ? and(open, lte(lots.startsAt, f.now), gt(lots.endsAt, f.now)) : undefined,
        // Withdrawn lots are the house's own business, not a result.
        f.phase === 'ended'
          ? and(ne(lots.status, 'withdrawn'), or(ne(lots.status, 'scheduled'), lte(lots.endsAt, f.now)))
          : undefined,
      );
      const rank = f.titleTerms.length > 0 ? [desc(heldCount(f.titleTerms))] : [];
      const [rows, [total]] = await Promise.all([
        reads
          .select()
          .from(lots)
          .where(where)
          .orderBy(...rank, ...ORDER[f.order])
          .limit(f.limit)
          .offset(f.offset),
        reads.select({ n: count() }).from(lots).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Sold lots that match, newest sale first. */
    async sold(f: LotSearchFilter & { limit: number; offset: number }) {
      const where = and(eq(lots.status, 'sold'), isNotNull(lots.hammerPrice), searchWhere(f, sql`${lots.hammerPrice}`));
      const [rows, [total]] = await Promise.all([
        reads
          .select({
            id: lots.id,
            title: lots.title,
            cover: lots.cover,
            hammer: lots.hammerPrice,
            bidCount: lots.bidCount,
            endedAt: lots.endsAt,
          })
          .from(lots)
          .where(where)
          .orderBy(desc(lots.endsAt), desc(lots.id))
          .limit(f.limit)
          .offset(f.offset),
        reads.select({ n: count() }).from(lots).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /**
     * The house's sold lots sharing a word of `title` (at least one), the most alike first:
     * a word shared counts one, and one more when it is in the sold lot's own title; `rest`
     * (era, material) only adds. Then the same department first, then the most recent;
     * never `excludeId`.
     */
    async similarSold(f: {
      title: string[];
      rest: string[];
      categoryId: number | null;
      excludeId?: number;
      limit: number;
    }) {
      if (f.title.length === 0) return [];
      // Distinct terms, each counted once: the title's and the rest's words never overlap, and tagged ones differ.
      const held = [...new Set([...f.title, ...f.rest, ...f.title.map((t) => TITLE_TAG + t)])];
      return similarSold.execute({
        title: f.title,
        held,
        // No department: NULL for every lot, so nothing ranks by it.
        categoryId: f.categoryId,
        excludeId: f.excludeId ?? 0,
        limit: f.limit,
      });
    },

    async setTerms(id: number, terms: string[], tx: DbOrTx = db) {
      await tx.update(lots).set({ searchTerms: terms }).where(eq(lots.id, id));
    },

    /** Many lots' terms in one statement (the backfill). */
    async setTermsMany(terms: readonly (readonly [number, string[]])[], tx: DbOrTx = db) {
      if (terms.length === 0) return;
      const json = JSON.stringify(Object.fromEntries(terms));
      await tx.execute(sql`
        UPDATE ${lots} SET search_terms = ARRAY(SELECT jsonb_array_elements_text(v.value))
        FROM jsonb_each(${json}::jsonb) AS v WHERE ${lots.id} = v.key::int`);
    },

    /** Lots whose terms were never computed, locked (SKIP LOCKED) so that two instances share the work. */
    async claimUnindexed(limit: number, tx: Tx) {
      return tx
        .select({
          id: lots.id,
          title: lots.title,
          era: lots.era,
          material: lots.material,
          categoryId: lots.categoryId,
        })
        .from(lots)
        .where(sql`${lots.searchTerms} = '{}'::text[]`)
        .orderBy(asc(lots.id))
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    /** A lot as a saved search matches it. */
    async searchable(id: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          id: lots.id,
          title: lots.title,
          currentPrice: lots.currentPrice,
          categoryId: lots.categoryId,
          terms: lots.searchTerms,
          status: lots.status,
        })
        .from(lots)
        .where(eq(lots.id, id));
      return row;
    },
  };
}
export type LotSearchRepository = ReturnType<typeof createLotSearchRepository>;
