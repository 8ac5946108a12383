import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Bill, BillType } from '@antique/shared';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { ledgerEntries, wallets } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { offsetOf, pageResult } from '../../lib/page.js';

export interface Movement {
  memberId: number;
  type: BillType;
  /** Signed change of the available balance, in fen. */
  amount: number;
  /** Signed change of the frozen amount, in fen. */
  frozenAmount?: number;
  remark?: string;
  refType?: string;
  refId?: number;
  operatorId?: number;
}

type EntryRow = typeof ledgerEntries.$inferSelect;

export function toBill(e: EntryRow): Bill {
  return {
    id: e.id,
    type: e.type as BillType,
    amount: e.amount,
    frozenAmount: e.frozenAmount,
    balanceAfter: e.balanceAfter,
    frozenAfter: e.frozenAfter,
    remark: e.remark,
    refType: e.refType,
    refId: e.refId,
    createdAt: e.createdAt.getTime(),
  };
}

/**
 * The one way money moves. `move` runs inside the caller's transaction: it locks the
 * wallet row, refuses to take either side below zero, and writes the ledger entry with
 * the balances after, so a wallet always equals the sum of its entries.
 */
export function createWalletService({ db, clock }: { db: Db; clock: Clock }) {
  async function open(memberId: number, tx: DbOrTx = db) {
    await tx
      .insert(wallets)
      .values({ memberId, balance: 0, frozen: 0, updatedAt: new Date(clock.now()) })
      .onConflictDoNothing();
  }

  return {
    open,

    async move(tx: Tx, m: Movement): Promise<Bill> {
      const frozenAmount = m.frozenAmount ?? 0;
      if (
        !Number.isSafeInteger(m.amount) ||
        !Number.isSafeInteger(frozenAmount) ||
        (m.amount === 0 && frozenAmount === 0)
      ) {
        throw new Error(`invalid movement ${JSON.stringify(m)}`);
      }
      await open(m.memberId, tx);
      const [w] = await tx.select().from(wallets).where(eq(wallets.memberId, m.memberId)).for('update');
      if (!w) throw new Error(`wallet ${m.memberId} vanished`);
      const balanceAfter = w.balance + m.amount;
      const frozenAfter = w.frozen + frozenAmount;
      if (balanceAfter < 0 || frozenAfter < 0) throw new AppError(422, 'INSUFFICIENT_BALANCE');
      const now = new Date(clock.now());
      await tx
        .update(wallets)
        .set({ balance: balanceAfter, frozen: frozenAfter, updatedAt: now })
        .where(eq(wallets.memberId, m.memberId));
      const [entry] = await tx
        .insert(ledgerEntries)
        .values({
          memberId: m.memberId,
          type: m.type,
          amount: m.amount,
          frozenAmount,
          balanceAfter,
          frozenAfter,
          remark: m.remark ?? '',
          refType: m.refType ?? null,
          refId: m.refId ?? null,
          operatorId: m.operatorId ?? null,
          createdAt: now,
        })
        .returning();
      return toBill(entry!);
    },

    async summary(memberId: number, tx: DbOrTx = db) {
      const [w] = await tx.select().from(wallets).where(eq(wallets.memberId, memberId));
      return { balance: w?.balance ?? 0, frozen: w?.frozen ?? 0 };
    },

    async bills(q: { memberId?: number; type?: BillType; page: number; pageSize: number }) {
      const where = and(
        q.memberId !== undefined ? eq(ledgerEntries.memberId, q.memberId) : undefined,
        q.type ? eq(ledgerEntries.type, q.type) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(ledgerEntries)
          .where(where)
          .orderBy(desc(ledgerEntries.id))
          .limit(q.pageSize)
          .offset(offsetOf(q)),
        db.select({ n: count() }).from(ledgerEntries).where(where),
      ]);
      return pageResult(
        rows.map((r) => ({ ...toBill(r), memberId: r.memberId })),
        total?.n ?? 0,
        q,
      );
    },

    /** Proves every wallet equals the sum of its entries. */
    async reconcile() {
      const rows = await db.execute<{
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
      const all = rows.rows.map((r) => ({
        memberId: Number(r.member_id),
        balance: Number(r.balance),
        frozen: Number(r.frozen),
        entriesBalance: Number(r.entries_balance),
        entriesFrozen: Number(r.entries_frozen),
      }));
      const mismatches = all.filter((r) => r.balance !== r.entriesBalance || r.frozen !== r.entriesFrozen);
      return { ok: mismatches.length === 0, wallets: all.length, mismatches };
    },
  };
}
export type WalletService = ReturnType<typeof createWalletService>;
