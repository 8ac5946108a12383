import {
  maskAccountNo,
  maskName,
  withdrawFee,
  type AdminWithdrawal,
  type Page,
  type WithdrawConfig,
  type Withdrawal,
  type WithdrawalStatus,
  type WithdrawInput,
} from '@antique/shared';
import type { Db, Tx } from '../../db/client.js';
import { chinaDayStart } from '../../lib/china-day.js';
import type { Clock } from '../../lib/clock.js';
import { fail, notFound } from '../../lib/domain-error.js';
import { offsetOf, pageResult } from '../../lib/page.js';
import type { MembersService } from '../members/members.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { createWithdrawalsRepository, type WithdrawalRow } from './withdrawals.repository.js';

export type { WithdrawalRow } from './withdrawals.repository.js';

export function toWithdrawal(r: WithdrawalRow): Withdrawal {
  return {
    id: r.id,
    amount: r.amount,
    fee: r.fee,
    actualAmount: r.actualAmount,
    method: r.method,
    accountNo: maskAccountNo(r.accountNo),
    ...(r.bankName ? { bankName: r.bankName } : {}),
    status: r.status,
    ...(r.rejectReason ? { rejectReason: r.rejectReason } : {}),
    createdAt: r.createdAt.getTime(),
    ...(r.processedAt ? { processedAt: r.processedAt.getTime() } : {}),
  };
}

/** A member's request as checked before its transaction: the payee, the amount's fee, the account. */
export interface CheckedRequest {
  amount: number;
  fee: number;
  perDay: number;
  method: WithdrawInput['method'];
  accountName: string;
  accountNo: string;
  bankName: string | null;
}

/**
 * Withdrawals: the member's requests (real name verified, account in that name, the house's
 * limits and fee) and finance's queue, each row changed under its lock. The money and the
 * audit entry of each step are the withdrawal flow's (`flows/withdrawal.flow.ts`).
 */
export function createWithdrawalsService(d: {
  db: Db;
  clock: Clock;
  settings: Pick<SettingsService, 'get'>;
  members: Pick<MembersService, 'payee' | 'phonesOf'>;
}) {
  const { db, clock } = d;
  const repo = createWithdrawalsRepository(db);

  async function adminViews(rows: WithdrawalRow[]): Promise<AdminWithdrawal[]> {
    const phones = await d.members.phonesOf(rows.map((r) => r.memberId));
    return rows.map((r) => ({
      ...toWithdrawal(r),
      memberId: r.memberId,
      memberPhone: phones.get(r.memberId) ?? '',
      accountName: maskName(r.accountName),
      payee: { name: r.accountName, accountNo: r.accountNo },
      ...(r.payoutChannel
        ? {
            payout: {
              channel: r.payoutChannel,
              ...(r.payoutRef ? { ref: r.payoutRef } : {}),
              ...(r.payoutError ? { error: r.payoutError } : {}),
            },
          }
        : {}),
      // Paid by hand: the reference finance typed (and their note).
      ...(r.status === 'paid' && r.payoutChannel === null
        ? { paidNote: { reference: r.payoutRef, note: r.paidNote } }
        : {}),
    }));
  }

  return {
    adminView: async (r: WithdrawalRow) => (await adminViews([r]))[0]!,

    /** The withdrawal already made under a request key. */
    async byRequestKey(requestKey: string, tx: Db | Tx = db): Promise<Withdrawal | undefined> {
      const done = await repo.byRequestKey(requestKey, tx);
      return done && toWithdrawal(done);
    },

    /** A member's request checked: real name verified, account in that name, within the house's limits. */
    async checkRequest(memberId: number, input: WithdrawInput): Promise<CheckedRequest> {
      const payee = await d.members.payee(memberId);
      if (!payee.realName) throw fail('REAL_NAME_REQUIRED');
      if (input.accountName.replace(/\s/g, '') !== payee.realName.replace(/\s/g, '')) {
        throw fail('ACCOUNT_NAME_MISMATCH');
      }
      const policy = await d.settings.get('withdraw');
      if (input.amount < policy.minAmount || input.amount > policy.maxAmount) {
        throw fail('WITHDRAW_LIMIT', {
          limit: input.amount < policy.minAmount ? 'minAmount' : 'maxAmount',
          minAmount: policy.minAmount,
          maxAmount: policy.maxAmount,
        });
      }
      return {
        amount: input.amount,
        fee: withdrawFee(input.amount, policy),
        perDay: policy.perDay,
        method: input.method,
        accountName: payee.realName,
        accountNo: input.method === 'bank' ? input.accountNo.replace(/\s/g, '') : input.accountNo,
        bankName: input.method === 'bank' ? (input.bankName ?? null) : null,
      };
    },

    /**
     * Records a checked request in the caller's transaction, the member's wallet locked by the
     * caller (`balance`, available): refused past the day's count or the balance.
     */
    async insertRequest(
      tx: Tx,
      p: { memberId: number; request: CheckedRequest; balance: number; requestKey?: string | undefined },
    ): Promise<WithdrawalRow> {
      const now = clock.now();
      const { request: r } = p;
      const today = await repo.countSince(p.memberId, chinaDayStart(now), tx);
      if (today >= r.perDay) throw fail('WITHDRAW_LIMIT', { limit: 'perDay', perDay: r.perDay });
      if (p.balance < r.amount) throw fail('INSUFFICIENT_BALANCE');
      return repo.insert(
        {
          memberId: p.memberId,
          amount: r.amount,
          fee: r.fee,
          actualAmount: r.amount - r.fee,
          method: r.method,
          accountName: r.accountName,
          accountNo: r.accountNo,
          bankName: r.bankName,
          status: 'pending',
          requestKey: p.requestKey ?? null,
          createdAt: new Date(now),
        },
        tx,
      );
    },

    /** A withdrawal locked for a finance step; 409 WITHDRAWAL_STATE_CHANGED unless in one of `from`. */
    async lockInStatus(tx: Tx, id: number, from: readonly WithdrawalStatus[]): Promise<WithdrawalRow> {
      const w = await repo.findForUpdate(id, tx);
      if (!w) throw notFound();
      if (!from.includes(w.status)) throw fail('WITHDRAWAL_STATE_CHANGED', { status: w.status });
      return w;
    },

    markApproved: (tx: Tx, w: WithdrawalRow, p: { at: Date; by: number | null }) =>
      repo.update(w.id, { status: 'approved', approvedAt: p.at, approvedBy: p.by }, tx),

    /** Rejected; `payoutError` when Alipay's transfer refused it. */
    markRejected: (
      tx: Tx,
      w: WithdrawalRow,
      p: { at: Date; by: number | null; reason: string; payoutError?: string },
    ) =>
      repo.update(
        w.id,
        {
          status: 'rejected',
          rejectReason: p.reason,
          processedAt: p.at,
          processedBy: p.by,
          ...(p.payoutError ? { payoutChannel: 'alipay' as const, payoutError: p.payoutError } : {}),
        },
        tx,
      ),

    /**
     * Paid; `payoutRef` is Alipay's order id when its transfer paid it; `reference` (and
     * `note`) what finance typed for a transfer made by hand, kept in `payout_ref` too.
     */
    markPaid: (
      tx: Tx,
      w: WithdrawalRow,
      p: { at: Date; by: number | null; payoutRef?: string; reference?: string; note?: string | null },
    ) =>
      repo.update(
        w.id,
        {
          status: 'paid',
          processedAt: p.at,
          processedBy: p.by,
          ...(p.payoutRef ? { payoutChannel: 'alipay' as const, payoutRef: p.payoutRef } : {}),
          ...(p.reference ? { payoutRef: p.reference, paidNote: p.note ?? null } : {}),
        },
        tx,
      ),

    async record(memberId: number, q: { page: number; pageSize: number }): Promise<Page<Withdrawal>> {
      const { rows, total } = await repo.ofMember(memberId, { limit: q.pageSize, offset: offsetOf(q) });
      return pageResult(rows.map(toWithdrawal), total, q);
    },

    /** The withdraw page's limits, today's count and the payee (the balance is the wallet's). */
    async config(memberId: number): Promise<Omit<WithdrawConfig, 'balance'>> {
      const [policy, payee, today] = await Promise.all([
        d.settings.get('withdraw'),
        d.members.payee(memberId),
        repo.countSince(memberId, chinaDayStart(clock.now())),
      ]);
      return {
        ...policy,
        todayCount: today,
        accountName: payee.realName,
        hasTradePassword: payee.hasTradePassword,
      };
    },

    // The operators' side (finance).

    /** Withdrawals as stored (accounts in full, finance pays from them), oldest first, for the CSV export. */
    async rowsForExport(f: { status?: WithdrawalStatus; from?: number; to?: number }, limit: number) {
      return (await repo.forExport({ ...f, limit })).map((r) => ({
        id: r.id,
        memberId: r.memberId,
        amount: r.amount,
        fee: r.fee,
        actualAmount: r.actualAmount,
        method: r.method,
        bankName: r.bankName,
        accountName: r.accountName,
        accountNo: r.accountNo,
        status: r.status,
        rejectReason: r.rejectReason,
        createdAt: r.createdAt.getTime(),
        processedAt: r.processedAt?.getTime() ?? null,
        // The transfer's reference (Alipay's order id, or the bank's typed by finance) and finance's note.
        payoutRef: r.payoutRef,
        paidNote: r.paidNote,
      }));
    },

    /** The dashboard's queue (requested, approved not paid, their amount) and what was paid out in [from, to). */
    dashboardFigures: (from: Date, to: Date) => repo.dashboardCounts(from, to),

    async adminList(q: { status?: WithdrawalStatus; page: number; pageSize: number }) {
      const waiting = q.status === 'pending' || q.status === 'approved';
      const { rows, total } = await repo.queue({
        ...(q.status ? { statuses: [q.status] } : {}),
        oldestFirst: waiting,
        limit: q.pageSize,
        offset: offsetOf(q),
      });
      return pageResult(await adminViews(rows), total, q);
    },
  };
}
export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
