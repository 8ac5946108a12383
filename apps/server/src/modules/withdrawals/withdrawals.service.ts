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
import { fail, notFound } from '../../lib/domain-error.js';
import { chinaDayStart } from '../../lib/china-day.js';
import { yuan } from '../../lib/csv.js';
import type { Clock } from '../../lib/clock.js';
import { offsetOf, pageResult } from '../../lib/page.js';
import { retryOnDeadlock } from '../../lib/pg-errors.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import type { MembersService } from '../members/members.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { createWithdrawalsRepository, type WithdrawalRow } from './withdrawals.repository.js';

function toWithdrawal(r: WithdrawalRow): Withdrawal {
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

/**
 * Withdrawals: the member asks (real name verified, account in that name, trade password,
 * the house's limits and fee), the amount moves from balance to frozen; finance approves,
 * then marks it paid (the frozen amount leaves) or rejects it with a reason (it returns to
 * the balance). Every step is one transaction under a row lock, money through `wallet.move`.
 */
export function createWithdrawalsService(d: {
  db: Db;
  clock: Clock;
  settings: SettingsService;
  wallet: WalletService;
  members: MembersService;
  audit: AuditService;
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
    }));
  }
  const adminView = async (r: WithdrawalRow) => (await adminViews([r]))[0]!;

  /** An operator's step: the row locked, its status checked, the change, the money and the audit entry together. */
  async function step(
    actor: Actor,
    id: number,
    from: readonly WithdrawalStatus[],
    run: (tx: Tx, w: WithdrawalRow, at: Date) => Promise<WithdrawalRow>,
    action: string,
  ): Promise<AdminWithdrawal> {
    const row = await retryOnDeadlock(() =>
      db.transaction(async (tx) => {
        const w = await repo.findForUpdate(id, tx);
        if (!w) throw notFound();
        if (!from.includes(w.status)) throw fail('WITHDRAWAL_STATE_CHANGED', { status: w.status });
        const after = await run(tx, w, new Date(clock.now()));
        await d.audit.record(tx, actor, {
          action,
          targetType: 'withdrawal',
          targetId: w.id,
          before: { status: w.status },
          after: {
            status: after.status,
            amount: after.amount,
            memberId: after.memberId,
            ...(after.rejectReason ? { reason: after.rejectReason } : {}),
          },
        });
        return after;
      }),
    );
    return adminView(row);
  }

  return {
    /**
     * A member's request. With a request key, the withdrawal already made under it is
     * answered again (a retry after a crash that lost the stored answer). The wallet row is
     * locked before the day's requests are counted, so parallel requests of one member are
     * judged one after another: never past the balance, never past the daily count.
     */
    async withdraw(memberId: number, input: WithdrawInput, requestKey?: string): Promise<Withdrawal> {
      if (requestKey) {
        const done = await repo.byRequestKey(requestKey);
        if (done) return toWithdrawal(done);
      }
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
      await d.members.verifyTradePassword(memberId, input.tradePassword);
      const fee = withdrawFee(input.amount, policy);
      const accountNo = input.method === 'bank' ? input.accountNo.replace(/\s/g, '') : input.accountNo;
      const row = await retryOnDeadlock(() =>
        db.transaction(async (tx) => {
          if (requestKey) {
            const done = await repo.byRequestKey(requestKey, tx);
            if (done) return done;
          }
          const now = clock.now();
          const balance = (await d.wallet.lockAvailable(tx, [memberId])).get(memberId) ?? 0;
          const today = await repo.countSince(memberId, chinaDayStart(now), tx);
          if (today >= policy.perDay) {
            throw fail('WITHDRAW_LIMIT', { limit: 'perDay', perDay: policy.perDay });
          }
          if (balance < input.amount) throw fail('INSUFFICIENT_BALANCE');
          const w = await repo.insert(
            {
              memberId,
              amount: input.amount,
              fee,
              actualAmount: input.amount - fee,
              method: input.method,
              accountName: payee.realName!,
              accountNo,
              bankName: input.method === 'bank' ? (input.bankName ?? null) : null,
              status: 'pending',
              requestKey: requestKey ?? null,
              createdAt: new Date(now),
            },
            tx,
          );
          await d.wallet.move(tx, {
            memberId,
            type: 'withdraw_freeze',
            amount: -w.amount,
            frozenAmount: w.amount,
            refType: 'withdrawal',
            refId: w.id,
            memo: { code: 'WITHDRAW_REQUEST', params: { actual: yuan(w.actualAmount), fee: yuan(w.fee) } },
          });
          return w;
        }),
      );
      return toWithdrawal(row);
    },

    async record(memberId: number, q: { page: number; pageSize: number }): Promise<Page<Withdrawal>> {
      const { rows, total } = await repo.ofMember(memberId, { limit: q.pageSize, offset: offsetOf(q) });
      return pageResult(rows.map(toWithdrawal), total, q);
    },

    async config(memberId: number): Promise<WithdrawConfig> {
      const [policy, payee, today, wallet] = await Promise.all([
        d.settings.get('withdraw'),
        d.members.payee(memberId),
        repo.countSince(memberId, chinaDayStart(clock.now())),
        d.wallet.summary(memberId),
      ]);
      return {
        ...policy,
        todayCount: today,
        balance: wallet.balance,
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

    approve: (actor: Actor, id: number) =>
      step(
        actor,
        id,
        ['pending'],
        (tx, w, at) =>
          repo.update(w.id, { status: 'approved', approvedAt: at, approvedBy: actor?.operatorId ?? null }, tx),
        'withdrawal.approve',
      ),

    /** Rejected while pending or approved (not yet paid): the frozen amount returns to the balance. */
    reject: (actor: Actor, id: number, reason: string) =>
      step(
        actor,
        id,
        ['pending', 'approved'],
        async (tx, w, at) => {
          await d.wallet.move(tx, {
            memberId: w.memberId,
            type: 'withdraw_reject',
            amount: w.amount,
            frozenAmount: -w.amount,
            refType: 'withdrawal',
            refId: w.id,
            memo: { code: 'WITHDRAW_REJECTED', params: { reason } },
            ...(actor ? { operatorId: actor.operatorId } : {}),
          });
          return repo.update(
            w.id,
            { status: 'rejected', rejectReason: reason, processedAt: at, processedBy: actor?.operatorId ?? null },
            tx,
          );
        },
        'withdrawal.reject',
      ),

    /** Paid out of the house: the frozen amount leaves the wallet. */
    paid: (actor: Actor, id: number) =>
      step(
        actor,
        id,
        ['approved'],
        async (tx, w, at) => {
          await d.wallet.move(tx, {
            memberId: w.memberId,
            type: 'withdraw_paid',
            amount: 0,
            frozenAmount: -w.amount,
            refType: 'withdrawal',
            refId: w.id,
            memo: { code: 'WITHDRAW_PAID' },
            ...(actor ? { operatorId: actor.operatorId } : {}),
          });
          return repo.update(w.id, { status: 'paid', processedAt: at, processedBy: actor?.operatorId ?? null }, tx);
        },
        'withdrawal.paid',
      ),
  };
}
export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
