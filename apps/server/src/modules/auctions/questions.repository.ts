import { and, asc, count, desc, eq, gte, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { QuestionStatus } from '@antique/shared';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { lotQuestions, lots } from '../../db/schema/index.js';

export type QuestionRow = typeof lotQuestions.$inferSelect;

/** The advisory-lock namespace of a member's questions (the second key is the member's id). */
const QUESTION_LOCK = 18_002;

const open = and(isNull(lotQuestions.answeredAt), eq(lotQuestions.hidden, false))!;
const answered = and(isNotNull(lotQuestions.answeredAt), eq(lotQuestions.hidden, false))!;
const byStatus: Record<QuestionStatus, SQL> = { open, answered, hidden: eq(lotQuestions.hidden, true) };

/** A question with the lot the console lists it under. */
export interface QuestionWithLot extends QuestionRow {
  lotTitle: string;
  lotCover: string;
  lotEndsAt: Date;
  lotStatus: string;
  lotClosedAt: Date | null;
}

/** The only queries of `lot_questions` (owner: auctions), and the lots' figures the house page counts. */
/** `reads`: the public reads' handle (db/replica.ts), for a guest's view of a lot's questions. */
export function createQuestionsRepository(db: Db, reads: Db = db) {
  return {
    /**
     * Serialises one member's questions until the transaction ends, so counting their open and
     * today's questions and the insert that follows are one step under parallel requests.
     */
    async lockMember(memberId: number, tx: Tx) {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${QUESTION_LOCK}, ${memberId})`);
    },

    /** The member's unanswered (and not hidden) questions on a lot. */
    async openCount(memberId: number, lotId: number, tx: DbOrTx) {
      const [r] = await tx
        .select({ n: count() })
        .from(lotQuestions)
        .where(and(eq(lotQuestions.memberId, memberId), eq(lotQuestions.lotId, lotId), open));
      return r?.n ?? 0;
    },

    /** Every question the member asked since a time (hidden ones too: they were asked). */
    async countSince(memberId: number, since: Date, tx: DbOrTx) {
      const [r] = await tx
        .select({ n: count() })
        .from(lotQuestions)
        .where(and(eq(lotQuestions.memberId, memberId), gte(lotQuestions.createdAt, since)));
      return r?.n ?? 0;
    },

    async insert(values: { lotId: number; memberId: number; text: string; createdAt: Date }, tx: DbOrTx) {
      const [row] = await tx.insert(lotQuestions).values(values).returning();
      return row!;
    },

    /** A lot's page: answered public questions, oldest first, and the member's own open ones. */
    async ofLot(lotId: number, memberId: number | undefined) {
      const mine = memberId === undefined ? undefined : and(eq(lotQuestions.memberId, memberId), open);
      // A member's own pending questions are read where they were written.
      return (mine ? db : reads)
        .select()
        .from(lotQuestions)
        .where(and(eq(lotQuestions.lotId, lotId), mine ? or(answered, mine) : answered))
        .orderBy(asc(lotQuestions.id));
    },

    /** The console's queue: open oldest first (the longest waiting on top), the others newest first. */
    async list(q: { status: QuestionStatus; lotId?: number; limit: number; offset: number }) {
      const where = and(byStatus[q.status], q.lotId ? eq(lotQuestions.lotId, q.lotId) : undefined)!;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            q: lotQuestions,
            lotTitle: lots.title,
            lotCover: lots.cover,
            lotEndsAt: lots.endsAt,
            lotStatus: lots.status,
            lotClosedAt: lots.closedAt,
          })
          .from(lotQuestions)
          .innerJoin(lots, eq(lots.id, lotQuestions.lotId))
          .where(where)
          .orderBy(q.status === 'open' ? asc(lotQuestions.id) : desc(lotQuestions.id))
          .limit(q.limit)
          .offset(q.offset),
        db.select({ n: count() }).from(lotQuestions).where(where),
      ]);
      return {
        rows: rows.map(({ q: row, ...lot }): QuestionWithLot => ({ ...row, ...lot })),
        total: total?.n ?? 0,
      };
    },

    async findWithLot(id: number, tx: DbOrTx = db): Promise<QuestionWithLot | undefined> {
      const [r] = await tx
        .select({
          q: lotQuestions,
          lotTitle: lots.title,
          lotCover: lots.cover,
          lotEndsAt: lots.endsAt,
          lotStatus: lots.status,
          lotClosedAt: lots.closedAt,
        })
        .from(lotQuestions)
        .innerJoin(lots, eq(lots.id, lotQuestions.lotId))
        .where(eq(lotQuestions.id, id));
      if (!r) return undefined;
      const { q: row, ...lot } = r;
      return { ...row, ...lot };
    },

    /** Answers the question if it is still open (one conditional update: two operators cannot both answer it). */
    async answer(id: number, values: { answer: string; answeredBy: number; answeredAt: Date }, tx: DbOrTx) {
      const [row] = await tx
        .update(lotQuestions)
        .set(values)
        .where(and(eq(lotQuestions.id, id), open))
        .returning();
      return row;
    },

    /** Hides the question unless it is hidden already. */
    async hide(id: number, tx: DbOrTx) {
      const [row] = await tx
        .update(lotQuestions)
        .set({ hidden: true })
        .where(and(eq(lotQuestions.id, id), eq(lotQuestions.hidden, false)))
        .returning();
      return row;
    },

    /**
     * The house's lots closed since a time: sold and unsold (a sold lot whose winner did not pay
     * is unsold by then), and the sum of the sold ones' hammers. Withdrawn lots count neither way.
     */
    async closedFigures(since: Date) {
      const [r] = await db
        .select({
          sold: sql<number>`count(*) FILTER (WHERE ${lots.status} = 'sold')`.mapWith(Number),
          unsold: sql<number>`count(*) FILTER (WHERE ${lots.status} = 'unsold')`.mapWith(Number),
          hammer: sql<number>`coalesce(sum(${lots.hammerPrice}) FILTER (WHERE ${lots.status} = 'sold'), 0)`.mapWith(
            Number,
          ),
        })
        .from(lots)
        .where(and(isNotNull(lots.closedAt), gte(lots.closedAt, since)));
      return { sold: r?.sold ?? 0, unsold: r?.unsold ?? 0, hammer: r?.hammer ?? 0 };
    },
  };
}
