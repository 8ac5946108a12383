import { and, asc, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { arrayColumn } from '../../db/array-columns.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { ledgerEntries, wallets } from '../../db/schema/index.js';

export type EntryRow = typeof ledgerEntries.$inferSelect;

export interface EntryFilter {
  memberId?: number;
  type?: string;
  /** createdAt from (inclusive) and to (exclusive), epoch ms. */
  from?: number;
  to?: number;
}

const entryWhere = (f: EntryFilter) =>
  and(
    f.memberId !== undefined ? eq(ledgerEntries.memberId, f.memberId) : undefined,
    f.type ? eq(ledgerEntries.type, f.type) : undefined,
    f.from !== undefined ? gte(ledgerEntries.createdAt, new Date(f.from)) : undefined,
    f.to !== undefined ? lt(ledgerEntries.createdAt, new Date(f.to)) : undefined,
  );

export function createWalletRepository(db: Db) {
  // A member's wallet and bills pages, read on every visit: prepared once (built once, parsed
  // once per connection), with and without a bill type.
  const walletOf = db
    .select()
    .from(wallets)
    .where(eq(wallets.memberId, sql.placeholder('memberId')))
    .prepare('wallet_of_member');
  function memberEntries(byType: boolean) {
    const where = and(
      eq(ledgerEntries.memberId, sql.placeholder('memberId')),
      byType ? eq(ledgerEntries.type, sql.placeholder('type')) : undefined,
    );
    const name = `wallet_member_entries${byType ? '_by_type' : ''}`;
    return {
      page: db
        .select()
        .from(ledgerEntries)
        .where(where)
        .orderBy(desc(ledgerEntries.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(name),
      count: db.select({ n: count() }).from(ledgerEntries).where(where).prepare(`${name}_count`),
    };
  }
  const entriesOfMember = { all: memberEntries(false), byType: memberEntries(true) };

  return {
    /** The entry a keyed call wrote, if it got that far. */
    async entryByRequestKey(requestKey: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.requestKey, requestKey));
      return row;
    },

    async ensure(memberId: number, at: Date, tx: DbOrTx = db) {
      await tx.insert(wallets).values({ memberId, balance: 0, frozen: 0, updatedAt: at }).onConflictDoNothing();
    },

    async find(memberId: number, tx: DbOrTx = db) {
      const [row] =
        tx === db
          ? await walletOf.execute({ memberId })
          : await tx.select().from(wallets).where(eq(wallets.memberId, memberId));
      return row;
    },

    async findForUpdate(memberId: number, tx: Tx) {
      const [row] = await tx.select().from(wallets).where(eq(wallets.memberId, memberId)).for('update');
      return row;
    },

    /** Some wallets' available balances, their rows locked in member order for the caller's transaction; a missing wallet is absent. */
    async lockBalances(memberIds: number[], tx: Tx) {
      if (memberIds.length === 0) return [];
      return tx
        .select({ memberId: wallets.memberId, balance: wallets.balance })
        .from(wallets)
        .where(sql`${wallets.memberId} = ANY(${sql.param(memberIds)}::int[])`)
        .orderBy(asc(wallets.memberId))
        .for('update');
    },

    /**
     * Movements of distinct wallets, of one type and reference, in one statement: each wallet
     * changed only if neither side goes below zero, each with its ledger entry and the
     * balances after. Returns how many were written (fewer when a wallet is missing or short).
     */
    async moveAndRecordMany(
      p: {
        type: string;
        refType: string | null;
        refId: number | null;
        memoCode: string | null;
        memoParams: Record<string, string> | null;
        moves: { memberId: number; amount: number; frozenAmount: number }[];
      },
      at: Date,
      tx: Tx,
    ): Promise<number> {
      const ids = arrayColumn(p.moves, (m) => m.memberId);
      const amounts = arrayColumn(p.moves, (m) => m.amount);
      const frozen = arrayColumn(p.moves, (m) => m.frozenAmount);
      const result = await tx.execute(sql`
        WITH m AS (
          SELECT * FROM unnest(${ids}::int[], ${amounts}::bigint[], ${frozen}::bigint[]) AS m(member_id, amount, frozen_amount)
        ), w AS (
          UPDATE ${wallets} AS w
          SET balance = w.balance + m.amount, frozen = w.frozen + m.frozen_amount, updated_at = ${at}
          FROM m
          WHERE w.member_id = m.member_id AND w.balance + m.amount >= 0 AND w.frozen + m.frozen_amount >= 0
          RETURNING w.member_id, w.balance, w.frozen, m.amount, m.frozen_amount
        )
        INSERT INTO ${ledgerEntries} (member_id, type, amount, frozen_amount, balance_after, frozen_after, remark,
          memo_code, memo_params, ref_type, ref_id, created_at)
        SELECT member_id, ${p.type}, amount, frozen_amount, balance, frozen, '', ${p.memoCode},
          ${p.memoParams ? JSON.stringify(p.memoParams) : null}::jsonb, ${p.refType}, ${p.refId}::int, ${at}
        FROM w ORDER BY member_id`);
      return result.rowCount ?? 0;
    },

    async update(memberId: number, set: { balance: number; frozen: number; updatedAt: Date }, tx: DbOrTx = db) {
      await tx.update(wallets).set(set).where(eq(wallets.memberId, memberId));
    },

    /**
     * One movement in one statement: the wallet changed only if neither side goes below zero
     * (the row lock and the check in the same UPDATE, so parallel movements queue on the row
     * and each sees the last one's balances), and its ledger entry written with the balances
     * after. Undefined when the wallet is missing or would go below zero.
     */
    async moveAndRecord(
      m: Omit<typeof ledgerEntries.$inferInsert, 'id' | 'balanceAfter' | 'frozenAfter' | 'createdAt'> & {
        frozenAmount: number;
      },
      at: Date,
      tx: Tx,
    ): Promise<EntryRow | undefined> {
      const result = await tx.execute<Record<string, unknown>>(sql`
        WITH w AS (
          UPDATE ${wallets}
          SET balance = balance + ${m.amount}, frozen = frozen + ${m.frozenAmount}, updated_at = ${at}
          WHERE member_id = ${m.memberId} AND balance + ${m.amount} >= 0 AND frozen + ${m.frozenAmount} >= 0
          RETURNING member_id, balance, frozen
        )
        INSERT INTO ${ledgerEntries} (member_id, type, amount, frozen_amount, balance_after, frozen_after, remark,
          member_note, memo_code, memo_params, ref_type, ref_id, operator_id, request_key, created_at)
        SELECT member_id, ${m.type}, ${m.amount}, ${m.frozenAmount}, balance, frozen, ${m.remark ?? ''},
          ${m.memberNote ?? null}, ${m.memoCode ?? null}, ${m.memoParams ? JSON.stringify(m.memoParams) : null}::jsonb, ${m.refType ?? null},
          ${m.refId ?? null}::int, ${m.operatorId ?? null}::int, ${m.requestKey ?? null}, ${at}
        FROM w
        RETURNING *`);
      const r = result.rows[0];
      if (!r) return undefined;
      return {
        id: Number(r.id),
        memberId: Number(r.member_id),
        type: String(r.type),
        amount: Number(r.amount),
        frozenAmount: Number(r.frozen_amount),
        balanceAfter: Number(r.balance_after),
        frozenAfter: Number(r.frozen_after),
        remark: String(r.remark),
        memberNote: (r.member_note as string | null) ?? null,
        memoCode: (r.memo_code as string | null) ?? null,
        memoParams: (r.memo_params as Record<string, string> | null) ?? null,
        refType: (r.ref_type as string | null) ?? null,
        refId: r.ref_id === null ? null : Number(r.ref_id),
        operatorId: r.operator_id === null ? null : Number(r.operator_id),
        requestKey: (r.request_key as string | null) ?? null,
        createdAt: r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at)),
      };
    },

    async exists(memberId: number, tx: DbOrTx = db) {
      const [row] = await tx.select({ id: wallets.memberId }).from(wallets).where(eq(wallets.memberId, memberId));
      return row !== undefined;
    },

    async insertEntry(values: typeof ledgerEntries.$inferInsert, tx: DbOrTx = db) {
      const [row] = await tx.insert(ledgerEntries).values(values).returning();
      return row!;
    },

    async entries(f: EntryFilter & { limit: number; offset: number }, tx: DbOrTx = db) {
      if (tx === db && f.memberId !== undefined && f.from === undefined && f.to === undefined) {
        const q = f.type ? entriesOfMember.byType : entriesOfMember.all;
        const params = { memberId: f.memberId, type: f.type, limit: f.limit, offset: f.offset };
        const [rows, [total]] = await Promise.all([q.page.execute(params), q.count.execute(params)]);
        return { rows, total: total?.n ?? 0 };
      }
      const where = entryWhere(f);
      const [rows, [total]] = await Promise.all([
        tx.select().from(ledgerEntries).where(where).orderBy(desc(ledgerEntries.id)).limit(f.limit).offset(f.offset),
        tx.select({ n: count() }).from(ledgerEntries).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Oldest first, for exports. */
    entriesAscending: (f: EntryFilter & { limit: number }, tx: DbOrTx = db) =>
      tx.select().from(ledgerEntries).where(entryWhere(f)).orderBy(asc(ledgerEntries.id)).limit(f.limit),

    /** The sum of a member's entries of one type (0 for none). */
    async sumOfType(memberId: number, type: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ total: sql<string>`COALESCE(SUM(${ledgerEntries.amount}), 0)` })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.memberId, memberId), eq(ledgerEntries.type, type)));
      return Number(row?.total ?? 0);
    },

    /** The sum of every member's entries of one type written in [from, to) (0 for none). */
    async sumOfTypeBetween(type: string, from: Date, to: Date, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ total: sql<string>`COALESCE(SUM(${ledgerEntries.amount}), 0)` })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.type, type), gte(ledgerEntries.createdAt, from), lt(ledgerEntries.createdAt, to)));
      return Number(row?.total ?? 0);
    },

    /** Entries of one type grouped by what they refer to: the sum, how many, and whose. */
    async creditsByRef(type: string, refType: string, tx: DbOrTx = db) {
      const rows = await tx
        .select({
          refId: ledgerEntries.refId,
          memberId: sql<number>`MIN(${ledgerEntries.memberId})`,
          members: sql<string>`COUNT(DISTINCT ${ledgerEntries.memberId})`,
          amount: sql<string>`SUM(${ledgerEntries.amount})`,
          entries: sql<string>`COUNT(*)`,
        })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.type, type), eq(ledgerEntries.refType, refType)))
        .groupBy(ledgerEntries.refId);
      return rows.map((r) => ({
        refId: r.refId ?? 0,
        memberId: Number(r.memberId),
        members: Number(r.members),
        amount: Number(r.amount),
        entries: Number(r.entries),
      }));
    },

    /** Every wallet beside the sums of its entries. */
    async sums(tx: DbOrTx = db) {
      const rows = await tx.execute<{
        member_id: number;
        balance: string;
        frozen: string;
        entries_balance: string;
        entries_frozen: string;
      }>(sql`
        SELECT w.member_id, w.balance, w.frozen,
               COALESCE(SUM(e.amount), 0) AS entries_balance,
               COALESCE(SUM(e.frozen_amount), 0) AS entries_frozen
        FROM wallets w LEFT JOIN ledger_entries e ON e.member_id = w.member_id
        GROUP BY w.member_id, w.balance, w.frozen`);
      return rows.rows.map((r) => ({
        memberId: Number(r.member_id),
        balance: Number(r.balance),
        frozen: Number(r.frozen),
        entriesBalance: Number(r.entries_balance),
        entriesFrozen: Number(r.entries_frozen),
      }));
    },
  };
}
