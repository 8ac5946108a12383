import type { Bill, BillMemoCode, BillType, LedgerRow } from '@antique/shared';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { fail, notFound } from '../../lib/domain-error.js';
import type { Clock } from '../../lib/clock.js';
import { offsetOf, pageResult } from '../../lib/page.js';
import { isForeignKeyViolation } from '../../lib/pg-errors.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import { createWalletRepository, type EntryFilter, type EntryRow } from './wallet.repository.js';

/** What the server says about an entry it writes: a code each locale translates, with parameters. */
export type Memo =
  | { code: Extract<BillMemoCode, 'ORDER_PAYMENT' | 'REFERRAL_REWARD'>; params: { orderNo: string } }
  | { code: Extract<BillMemoCode, 'DEMO_DEPOSIT' | 'WITHDRAW_PAID' | 'BANK_DEPOSIT'>; params?: undefined }
  | { code: Extract<BillMemoCode, 'LOT_DEPOSIT' | 'SALE_PROCEEDS'>; params: { title: string; lotId: string } }
  | { code: Extract<BillMemoCode, 'WITHDRAW_REQUEST'>; params: { actual: string; fee: string } }
  | { code: Extract<BillMemoCode, 'WITHDRAW_REJECTED'>; params: { reason: string } }
  | { code: Extract<BillMemoCode, 'RECHARGE_ALIPAY' | 'RECHARGE_WECHAT'>; params: { no: string } }
  | { code: Extract<BillMemoCode, 'CLAIM_REFUND'>; params: { title: string; claimId: string } };

export interface Movement {
  memberId: number;
  type: BillType;
  /** Signed change of the available balance, in fen. */
  amount: number;
  /** Signed change of the frozen amount, in fen. */
  frozenAmount?: number;
  /** What an operator typed for operators (finance's internal reference); the member never reads it. */
  remark?: string;
  /** What the operator wrote for the member to read on the bill. */
  memberNote?: string;
  memo?: Memo;
  refType?: string;
  refId?: number;
  operatorId?: number;
  /** The caller's scoped Idempotency-Key (`RouteContext.requestKey`): one entry per key, ever. */
  requestKey?: string;
}

/**
 * An entry as the member reads it: the operator's note to them, else the server's memo. The
 * operators' remark is internal and never leaves here; a deposit recorded before notes were
 * apart (no memo, no note) reads as the standard bank-transfer memo instead of finance's text.
 */
export function toBill(e: EntryRow): Bill {
  const memoCode = e.memoCode ?? (e.type === 'deposit' ? 'BANK_DEPOSIT' : null);
  return {
    id: e.id,
    type: e.type as BillType,
    amount: e.amount,
    frozenAmount: e.frozenAmount,
    balanceAfter: e.balanceAfter,
    frozenAfter: e.frozenAfter,
    remark: e.memberNote ?? '',
    ...(memoCode && !e.memberNote ? { memoCode: memoCode as BillMemoCode } : {}),
    ...(e.memoParams && !e.memberNote ? { memoParams: e.memoParams } : {}),
    refType: e.refType,
    refId: e.refId,
    createdAt: e.createdAt.getTime(),
  };
}

/** An entry as operators read it: the member's bill, whose it is, and the internal note. */
export function toLedgerRow(e: EntryRow): LedgerRow {
  return { ...toBill(e), memberId: e.memberId, internalNote: e.remark };
}

/**
 * The one way money moves. `move` runs inside the caller's transaction: it locks the
 * wallet row, refuses to take either side below zero, and writes the ledger entry with
 * the balances after, so a wallet always equals the sum of its entries.
 */
export function createWalletService({ db, clock, audit }: { db: Db; clock: Clock; audit: AuditService }) {
  const repo = createWalletRepository(db);

  const open = (memberId: number, tx: DbOrTx = db) => repo.ensure(memberId, new Date(clock.now()), tx);

  async function move(tx: Tx, m: Movement): Promise<Bill> {
    return toBill(await moveEntry(tx, m));
  }

  async function moveEntry(tx: Tx, m: Movement): Promise<EntryRow> {
    const frozenAmount = m.frozenAmount ?? 0;
    if (
      !Number.isSafeInteger(m.amount) ||
      !Number.isSafeInteger(frozenAmount) ||
      (m.amount === 0 && frozenAmount === 0)
    ) {
      throw new Error(`invalid movement ${JSON.stringify(m)}`);
    }
    const entry = {
      memberId: m.memberId,
      type: m.type,
      amount: m.amount,
      frozenAmount,
      remark: m.remark ?? '',
      memberNote: m.memberNote ?? null,
      memoCode: m.memo?.code ?? null,
      memoParams: m.memo?.params ?? null,
      refType: m.refType ?? null,
      refId: m.refId ?? null,
      operatorId: m.operatorId ?? null,
      requestKey: m.requestKey ?? null,
    };
    const at = new Date(clock.now());
    let written = await repo.moveAndRecord(entry, at, tx);
    if (!written && !(await repo.exists(m.memberId, tx))) {
      // A member's first movement: the wallet is made, then moved.
      await open(m.memberId, tx);
      written = await repo.moveAndRecord(entry, at, tx);
    }
    if (!written) throw fail('INSUFFICIENT_BALANCE');
    return written;
  }

  /**
   * Several movements of one kind in one statement, for a caller that has locked the wallets
   * (`lockAvailable`) and checked them: distinct members, each with its own ledger entry.
   * Throws INSUFFICIENT_BALANCE, and the caller's transaction must roll back, if any fails.
   */
  async function moveMany(
    tx: Tx,
    m: {
      type: BillType;
      refType?: string;
      refId?: number;
      memo?: Memo;
      moves: { memberId: number; amount: number; frozenAmount: number }[];
    },
  ): Promise<void> {
    if (m.moves.length === 0) return;
    const members = new Set(m.moves.map((x) => x.memberId));
    if (
      members.size !== m.moves.length ||
      m.moves.some(
        (x) =>
          !Number.isSafeInteger(x.amount) ||
          !Number.isSafeInteger(x.frozenAmount) ||
          (x.amount === 0 && x.frozenAmount === 0),
      )
    ) {
      throw new Error(`invalid movements ${JSON.stringify(m)}`);
    }
    const written = await repo.moveAndRecordMany(
      {
        type: m.type,
        refType: m.refType ?? null,
        refId: m.refId ?? null,
        memoCode: m.memo?.code ?? null,
        memoParams: m.memo?.params ?? null,
        moves: m.moves,
      },
      new Date(clock.now()),
      tx,
    );
    if (written !== m.moves.length) throw fail('INSUFFICIENT_BALANCE');
  }

  return {
    open,
    move,
    moveMany,

    /** Deposits recorded in [from, to), in fen: the dashboard's money in. */
    depositsBetween: (from: Date, to: Date) => repo.sumOfTypeBetween('deposit', from, to),
    /** Online top-ups (Alipay, WeChat Pay) credited in [from, to), fen: what the ledger received. */
    rechargesBetween: (from: Date, to: Date) => repo.sumOfTypeBetween('recharge', from, to),

    /** The available balances of some members, their wallets locked for the caller's transaction (0 for none). */
    async lockAvailable(tx: Tx, memberIds: number[]): Promise<Map<number, number>> {
      const rows = await repo.lockBalances([...new Set(memberIds)], tx);
      const out = new Map(memberIds.map((id) => [id, 0]));
      for (const r of rows) out.set(r.memberId, r.balance);
      return out;
    },

    async summary(memberId: number, tx: DbOrTx = db) {
      const w = await repo.find(memberId, tx);
      return { balance: w?.balance ?? 0, frozen: w?.frozen ?? 0 };
    },

    async bills(q: { memberId?: number; type?: BillType; page: number; pageSize: number }) {
      const { rows, total } = await repo.entries({ ...q, limit: q.pageSize, offset: offsetOf(q) });
      return pageResult(rows.map(toBill), total, q);
    },

    /** A member's bills with their balance and frozen amount (`/asset/bill`). */
    async memberBills(memberId: number, q: { type?: BillType; page: number; pageSize: number }) {
      const [page, summary] = await Promise.all([
        repo.entries({ ...q, memberId, limit: q.pageSize, offset: offsetOf(q) }),
        repo.find(memberId),
      ]);
      return {
        ...pageResult(page.rows.map(toBill), page.total, q),
        balance: summary?.balance ?? 0,
        frozen: summary?.frozen ?? 0,
      };
    },

    /** Every member's entries, newest first, for operators. */
    async ledger(q: { memberId?: number; type?: BillType; page: number; pageSize: number }) {
      const { rows, total } = await repo.entries({ ...q, limit: q.pageSize, offset: offsetOf(q) });
      return pageResult<LedgerRow>(rows.map(toLedgerRow), total, q);
    },

    /** Entries oldest first, for the CSV export. */
    async entriesForExport(f: EntryFilter, limit: number) {
      const rows = await repo.entriesAscending({ ...f, limit });
      return rows.map(toLedgerRow);
    },

    /**
     * Money paid in from outside: an offline bank transfer an operator saw arrive (audited,
     * with their internal remark and the note for the member, if any), or the demo's opening
     * balances (`actor` null, memo DEMO_DEPOSIT). An unknown member is 404. With a request key,
     * a deposit already recorded under it is answered again, not made twice (a retry after a
     * crash that lost the stored answer).
     */
    async deposit(
      actor: Actor,
      memberId: number,
      input: { amount: number; remark?: string; memberNote?: string; memo?: Memo; requestKey?: string },
      outer?: Tx,
    ): Promise<LedgerRow> {
      // A blank note is no note: the member then reads the standard memo.
      const memberNote = input.memberNote?.trim() ? input.memberNote.trim() : undefined;
      try {
        return await (outer ?? db).transaction(async (tx) => {
          const done = input.requestKey ? await repo.entryByRequestKey(input.requestKey, tx) : undefined;
          if (done) return toLedgerRow(done);
          const written = await moveEntry(tx, {
            ...(input.requestKey ? { requestKey: input.requestKey } : {}),
            memberId,
            type: 'deposit',
            amount: input.amount,
            ...(input.remark !== undefined ? { remark: input.remark } : {}),
            ...(memberNote ? { memberNote } : {}),
            memo: input.memo ?? { code: 'BANK_DEPOSIT' },
            ...(actor ? { operatorId: actor.operatorId } : {}),
          });
          await audit.record(tx, actor, {
            action: 'member.deposit',
            targetType: 'member',
            targetId: memberId,
            before: { balance: written.balanceAfter - input.amount },
            after: {
              balance: written.balanceAfter,
              amount: input.amount,
              remark: input.remark,
              memberNote: memberNote ?? null,
              billId: written.id,
            },
          });
          return toLedgerRow(written);
        });
      } catch (e) {
        // The wallet row refers to the member: no such member, no wallet.
        if (isForeignKeyViolation(e)) throw notFound();
        throw e;
      }
    },

    /** Every referral reward credited to the member, in fen (the team page's total). */
    async referralRewardTotal(memberId: number) {
      return repo.sumOfType(memberId, 'referral_reward');
    },

    /** The online top-ups credited, by recharge: sum, entries and member (for the reconciliation). */
    rechargeCredits: () => repo.creditsByRef('recharge', 'recharge'),

    /** Proves every wallet equals the sum of its entries. */
    async reconcile() {
      const all = await repo.sums();
      const mismatches = all.filter((r) => r.balance !== r.entriesBalance || r.frozen !== r.entriesFrozen);
      return { ok: mismatches.length === 0, wallets: all.length, mismatches };
    },
  };
}
export type WalletService = ReturnType<typeof createWalletService>;
