import { and, count, desc, eq, gte, ilike, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { createSessionRows } from '../../db/session-rows.js';
import { loginAttempts, memberSessions, members } from '../../db/schema/index.js';

export type MemberRow = typeof members.$inferSelect;
export type MemberInsert = typeof members.$inferInsert;
export type MemberUpdate = Partial<MemberInsert>;

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export function createMembersRepository(db: Db) {
  const sessions = createSessionRows(db, memberSessions, 'memberId');
  // The member behind every member page: prepared once (built once, parsed once per connection).
  const byId = db
    .select()
    .from(members)
    .where(eq(members.id, sql.placeholder('id')))
    .prepare('members_by_id');
  // Who bids, on every bid (the bids of one turn at once): three columns, prepared.
  const identityOf = { phone: members.phone, realNameStatus: members.realNameStatus, idNumber: members.idNumber };
  const identitiesByIds = db
    .select({ id: members.id, ...identityOf })
    .from(members)
    .where(sql`${members.id} = ANY(${sql.placeholder('ids')}::int[])`)
    .prepare('members_identities_by_ids');

  return {
    sessions,

    async find(id: number, tx: DbOrTx = db) {
      const [row] = tx === db ? await byId.execute({ id }) : await tx.select().from(members).where(eq(members.id, id));
      return row;
    },

    /** The columns a bid needs of its bidder: phone, real-name status, ID number. */
    async identity(id: number, tx: DbOrTx) {
      const [row] = await tx.select(identityOf).from(members).where(eq(members.id, id));
      return row;
    },

    /** `identity` of several members at once (those that exist), with their ids. */
    async identities(ids: readonly number[]) {
      return identitiesByIds.execute({ ids });
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

    /**
     * Takes one trade-password attempt slot in one statement, before the password is
     * checked: refused (undefined) while locked or while `max` slots are taken; a lock
     * that has run out starts a new count. Returns the slot's number and the hash.
     */
    async reserveTradePasswordAttempt(id: number, now: Date, max: number) {
      const lockedUntil = members.tradePasswordLockedUntil;
      const failures = members.tradePasswordFailures;
      const lockOver = sql`${lockedUntil} <= ${at(now)}`;
      const [row] = await db
        .update(members)
        .set({
          tradePasswordFailures: sql`CASE WHEN ${lockOver} THEN 1 ELSE ${failures} + 1 END`,
          tradePasswordLockedUntil: sql`CASE WHEN ${lockOver} THEN NULL ELSE ${lockedUntil} END`,
        })
        .where(
          and(
            eq(members.id, id),
            isNotNull(members.tradePasswordHash),
            or(lockOver, and(isNull(lockedUntil), lt(failures, max))),
          ),
        )
        .returning({ slot: failures, hash: members.tradePasswordHash });
      return row?.hash ? { slot: row.slot, hash: row.hash } : undefined;
    },

    /** A right trade password ends the count, unless a lock came into force meanwhile (then false). */
    async settleTradePasswordRight(id: number) {
      const [row] = await db
        .update(members)
        .set({ tradePasswordFailures: 0 })
        .where(and(eq(members.id, id), isNull(members.tradePasswordLockedUntil)))
        .returning({ id: members.id });
      return row !== undefined;
    },

    /** A wrong one keeps its slot; the slots all taken, the lock starts. Returns the lock's end, if any. */
    async settleTradePasswordWrong(id: number, now: Date, max: number, lockMs: number) {
      const lockedUntil = members.tradePasswordLockedUntil;
      const [row] = await db
        .update(members)
        .set({
          tradePasswordLockedUntil: sql`CASE WHEN ${lockedUntil} IS NULL AND ${members.tradePasswordFailures} >= ${max}
            THEN ${at(new Date(now.getTime() + lockMs))} ELSE ${lockedUntil} END`,
        })
        .where(eq(members.id, id))
        .returning({ lockedUntil, failures: members.tradePasswordFailures });
      return row;
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

    /** The dashboard's figures: every member, those who joined in [from, to), real-name checks waiting. */
    async dashboardCounts(from: Date, to: Date, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          total: count(),
          joined:
            sql<number>`count(*) FILTER (WHERE ${and(gte(members.createdAt, from), lt(members.createdAt, to))})`.mapWith(
              Number,
            ),
          realNamePending: sql<number>`count(*) FILTER (WHERE ${members.realNameStatus} = 'pending')`.mapWith(Number),
        })
        .from(members);
      return { total: row?.total ?? 0, joined: row?.joined ?? 0, realNamePending: row?.realNamePending ?? 0 };
    },

    async countInvitedBy(inviterId: number, tx: DbOrTx = db) {
      const [row] = await tx.select({ n: count() }).from(members).where(eq(members.inviterId, inviterId));
      return row?.n ?? 0;
    },

    /** The members a member invited (one level), newest first, with their total. */
    async invitees(inviterId: number, q: { limit: number; offset: number }, tx: DbOrTx = db) {
      const where = eq(members.inviterId, inviterId);
      const [rows, [total]] = await Promise.all([
        tx
          .select({
            id: members.id,
            nickname: members.nickname,
            avatar: members.avatar,
            phone: members.phone,
            totalPaid: members.totalPaid,
            realNameStatus: members.realNameStatus,
            createdAt: members.createdAt,
          })
          .from(members)
          .where(where)
          .orderBy(desc(members.createdAt), desc(members.id))
          .limit(q.limit)
          .offset(q.offset),
        tx.select({ n: count() }).from(members).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async phones(ids: number[], tx: DbOrTx = db) {
      if (ids.length === 0) return [];
      return tx
        .select({ id: members.id, phone: members.phone })
        .from(members)
        .where(sql`${members.id} = ANY(${sql.param(ids)}::int[])`);
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

    /**
     * Counts a sign-in attempt for the phone in one statement, before its password is
     * checked: refused (undefined) while the phone is locked or while `max` attempts of
     * the window are taken already; a window or lock that has run out starts a new count.
     * Returns the attempt's number within the window.
     */
    async reserveLoginAttempt(phone: string, now: Date, policy: { max: number; windowMs: number }) {
      const t = loginAttempts;
      const lockOver = sql`${t.lockedUntil} <= ${at(now)}`;
      const fresh = sql`(${lockOver} OR ${t.since} <= ${at(new Date(now.getTime() - policy.windowMs))})`;
      const [row] = await db
        .insert(t)
        .values({ phone, failures: 1, since: now })
        .onConflictDoUpdate({
          target: t.phone,
          set: {
            failures: sql`CASE WHEN ${fresh} THEN 1 ELSE ${t.failures} + 1 END`,
            since: sql`CASE WHEN ${fresh} THEN ${at(now)} ELSE ${t.since} END`,
            lockedUntil: sql`CASE WHEN ${lockOver} THEN NULL ELSE ${t.lockedUntil} END`,
          },
          setWhere: and(or(isNull(t.lockedUntil), lockOver), or(fresh, lt(t.failures, policy.max))),
        })
        .returning({ slot: t.failures });
      return row?.slot;
    },

    /** Where the phone's count stands: its attempts of the window and the lock, if any. */
    async loginAttempts(phone: string) {
      const [row] = await db.select().from(loginAttempts).where(eq(loginAttempts.phone, phone));
      return row;
    },

    /** A right password ends the count, unless a lock came into force meanwhile (then false). */
    async settleLoginRight(phone: string, now: Date) {
      await db.delete(loginAttempts).where(and(eq(loginAttempts.phone, phone), isNull(loginAttempts.lockedUntil)));
      const [left] = await db
        .select({ lockedUntil: loginAttempts.lockedUntil })
        .from(loginAttempts)
        .where(eq(loginAttempts.phone, phone));
      return !left?.lockedUntil || left.lockedUntil <= now;
    },

    /** Starts the lock once the window's attempts are spent; the lock's end, or undefined. */
    async lockLoginIfSpent(phone: string, until: Date, max: number) {
      const [row] = await db
        .update(loginAttempts)
        .set({ lockedUntil: until })
        .where(and(eq(loginAttempts.phone, phone), isNull(loginAttempts.lockedUntil), gte(loginAttempts.failures, max)))
        .returning({ lockedUntil: loginAttempts.lockedUntil });
      return row?.lockedUntil ?? undefined;
    },

    /** Forgets the phone's failures and lock (a password reset by SMS). */
    async clearLoginAttempts(phone: string) {
      await db.delete(loginAttempts).where(eq(loginAttempts.phone, phone));
    },
  };
}
export type MembersRepository = ReturnType<typeof createMembersRepository>;
