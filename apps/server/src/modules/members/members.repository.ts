import { and, count, desc, eq, gte, ilike, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { loginFailures, memberSessions, members } from '../../db/schema/index.js';
import type { SessionRows } from '../../lib/session-store.js';

export type MemberRow = typeof members.$inferSelect;
export type MemberInsert = typeof members.$inferInsert;
export type MemberUpdate = Partial<MemberInsert>;

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createMembersRepository(db: Db) {
  const sessions: SessionRows<Tx> = {
    async insert(r, tx: DbOrTx = db) {
      const [row] = await tx
        .insert(memberSessions)
        .values({
          memberId: r.ownerId,
          tokenHash: r.tokenHash,
          createdAt: r.at,
          lastUsedAt: r.at,
          ip: r.meta.ip,
          userAgent: r.meta.userAgent,
        })
        .returning({ id: memberSessions.id });
      return row!.id;
    },
    async byTokenHash(tokenHash) {
      const [row] = await db
        .select({
          id: memberSessions.id,
          ownerId: memberSessions.memberId,
          lastUsedAt: memberSessions.lastUsedAt,
          revokedAt: memberSessions.revokedAt,
        })
        .from(memberSessions)
        .where(eq(memberSessions.tokenHash, tokenHash));
      return row;
    },
    async touch(id, at) {
      await db.update(memberSessions).set({ lastUsedAt: at }).where(eq(memberSessions.id, id));
    },
    async revokeLive(ownerId, at, reason, keepSessionId, tx: DbOrTx = db) {
      await tx
        .update(memberSessions)
        .set({ revokedAt: at, revokeReason: reason })
        .where(
          and(
            eq(memberSessions.memberId, ownerId),
            isNull(memberSessions.revokedAt),
            keepSessionId ? ne(memberSessions.id, keepSessionId) : undefined,
          ),
        );
    },
    async revoke(id, at) {
      await db.update(memberSessions).set({ revokedAt: at }).where(eq(memberSessions.id, id));
    },
    async deleteIdleBefore(cutoff) {
      await db
        .delete(memberSessions)
        .where(or(lt(memberSessions.lastUsedAt, cutoff), lt(memberSessions.revokedAt, cutoff)));
    },
  };

  return {
    sessions,

    async find(id: number, tx: DbOrTx = db) {
      const [row] = await tx.select().from(members).where(eq(members.id, id));
      return row;
    },

    async findForUpdate(id: number, tx: Tx) {
      const [row] = await tx.select().from(members).where(eq(members.id, id)).for('update');
      return row;
    },

    async byPhone(phone: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(members).where(eq(members.phone, phone));
      return row;
    },

    async byInviteCode(code: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(members).where(eq(members.inviteCode, code));
      return row;
    },

    /** Inserts a member; undefined when the phone is taken (an invite-code clash still throws). */
    async insertUnlessPhoneTaken(values: MemberInsert, tx: DbOrTx = db) {
      const [row] = await tx.insert(members).values(values).onConflictDoNothing({ target: members.phone }).returning();
      return row;
    },

    async update(id: number, set: MemberUpdate, tx: DbOrTx = db) {
      const [row] = await tx.update(members).set(set).where(eq(members.id, id)).returning();
      return row;
    },

    /** Adds to the total paid; returns the member's inviter. */
    async addTotalPaid(id: number, amount: number, tx: DbOrTx = db) {
      const [row] = await tx
        .update(members)
        .set({ totalPaid: sql`${members.totalPaid} + ${amount}` })
        .where(eq(members.id, id))
        .returning({ inviterId: members.inviterId });
      return row;
    },

    async incrementTradePasswordFailures(id: number, tx: DbOrTx = db) {
      const [row] = await tx
        .update(members)
        .set({ tradePasswordFailures: sql`${members.tradePasswordFailures} + 1` })
        .where(eq(members.id, id))
        .returning({ failures: members.tradePasswordFailures });
      return row?.failures;
    },

    /** Real name submitted only from `none` or `rejected`; undefined otherwise. */
    async submitRealName(id: number, set: MemberUpdate, tx: DbOrTx = db) {
      const [row] = await tx
        .update(members)
        .set(set)
        .where(and(eq(members.id, id), or(eq(members.realNameStatus, 'none'), eq(members.realNameStatus, 'rejected'))))
        .returning({ id: members.id });
      return row;
    },

    async page(
      q: { keyword?: string; realNameStatus?: MemberRow['realNameStatus']; limit: number; offset: number },
      tx: DbOrTx = db,
    ) {
      const k = q.keyword?.trim();
      const keyword: SQL | undefined = k
        ? or(
            ilike(members.phone, like(k)),
            ilike(members.nickname, like(k)),
            eq(members.inviteCode, k.toUpperCase()),
            /^\d{1,9}$/.test(k) ? eq(members.id, Number(k)) : undefined,
          )
        : undefined;
      const where = and(keyword, q.realNameStatus ? eq(members.realNameStatus, q.realNameStatus) : undefined);
      // The review queue: oldest submission first while pending, newest review first otherwise.
      const orderBy = !q.realNameStatus
        ? [desc(members.id)]
        : q.realNameStatus === 'pending'
          ? [members.realNameSubmittedAt]
          : [desc(members.realNameReviewedAt)];
      const [rows, [total]] = await Promise.all([
        tx
          .select()
          .from(members)
          .where(where)
          .orderBy(...orderBy)
          .limit(q.limit)
          .offset(q.offset),
        tx.select({ n: count() }).from(members).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async countInvitedBy(inviterId: number, tx: DbOrTx = db) {
      const [row] = await tx.select({ n: count() }).from(members).where(eq(members.inviterId, inviterId));
      return row?.n ?? 0;
    },

    async phones(ids: number[], tx: DbOrTx = db) {
      if (ids.length === 0) return [];
      return tx.select({ id: members.id, phone: members.phone }).from(members).where(inArray(members.id, ids));
    },

    /** Ids of members whose phone contains the digits, at most `limit`. */
    async idsByPhoneFragment(fragment: string, limit: number, tx: DbOrTx = db) {
      const rows = await tx
        .select({ id: members.id })
        .from(members)
        .where(ilike(members.phone, like(fragment)))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    async loginFailuresSince(phone: string, since: Date, tx: DbOrTx = db) {
      const rows = await tx
        .select({ at: loginFailures.at })
        .from(loginFailures)
        .where(and(eq(loginFailures.phone, phone), gte(loginFailures.at, since)))
        .orderBy(loginFailures.at);
      return rows.map((r) => r.at);
    },

    async insertLoginFailure(phone: string, at: Date, tx: DbOrTx = db) {
      await tx.insert(loginFailures).values({ phone, at });
    },

    async clearLoginFailures(phone: string, tx: DbOrTx = db) {
      await tx.delete(loginFailures).where(eq(loginFailures.phone, phone));
    },
  };
}
export type MembersRepository = ReturnType<typeof createMembersRepository>;
