import type { AdminWithdrawal, Withdrawal, WithdrawalStatus, WithdrawConfig, WithdrawInput } from '@antique/shared';
import type { Db, Tx } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { yuan } from '../lib/csv.js';
import { fail } from '../lib/domain-error.js';
import { retryOnDeadlock } from '../lib/pg-errors.js';
import type { AlipayProvider } from '../modules/payments/providers/alipay.provider.js';
import { ProviderError } from '../modules/payments/providers/payment-provider.js';
import type { Actor, AuditService } from '../modules/audit/audit.service.js';
import type { MembersService } from '../modules/members/members.service.js';
import type { WalletService } from '../modules/wallet/wallet.service.js';
import {
  toWithdrawal,
  type WithdrawalRow,
  type WithdrawalsService,
} from '../modules/withdrawals/withdrawals.service.js';

/**
 * A withdrawal's steps (decision 005): the member asks and the amount moves from balance to
 * frozen; finance approves, then marks it paid (the frozen amount leaves) or rejects it
 * (it returns to the balance). Each step is one transaction: the withdrawal's row
 * (withdrawals), the money (wallet) and, for finance's steps, the audit entry.
 */
export function createWithdrawalFlow(d: {
  db: Db;
  clock: Clock;
  withdrawals: WithdrawalsService;
  wallet: Pick<WalletService, 'lockAvailable' | 'move' | 'summary'>;
  members: Pick<MembersService, 'verifyTradePassword'>;
  audit: Pick<AuditService, 'record'>;
  /** Alipay's transfer, when Alipay is configured: pays an approved withdrawal to an Alipay account. */
  alipay?: Pick<AlipayProvider, 'transfer'>;
}) {
  /** A finance step: the row locked, its status checked, the change, the money and the audit entry together. */
  async function step(
    actor: Actor,
    id: number,
    from: readonly WithdrawalStatus[],
    action: string,
    run: (tx: Tx, w: WithdrawalRow, at: Date) => Promise<WithdrawalRow>,
  ): Promise<AdminWithdrawal> {
    const row = await retryOnDeadlock(() =>
      d.db.transaction(async (tx) => {
        const w = await d.withdrawals.lockInStatus(tx, id, from);
        const after = await run(tx, w, new Date(d.clock.now()));
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
            ...(after.payoutRef ? { reference: after.payoutRef } : {}),
            ...(after.paidNote ? { note: after.paidNote } : {}),
          },
        });
        return after;
      }),
    );
    return d.withdrawals.adminView(row);
  }

  const operatorOf = (actor: Actor) => (actor ? { operatorId: actor.operatorId } : {});

  /** The frozen amount returned to the balance, as a rejection does. */
  const returnMoney = (tx: Tx, actor: Actor, w: WithdrawalRow, reason: string) =>
    d.wallet.move(tx, {
      memberId: w.memberId,
      type: 'withdraw_reject',
      amount: w.amount,
      frozenAmount: -w.amount,
      refType: 'withdrawal',
      refId: w.id,
      memo: { code: 'WITHDRAW_REJECTED', params: { reason } },
      ...operatorOf(actor),
    });

  /** The frozen amount leaving the wallet: paid out of the house. */
  const payOut = (tx: Tx, actor: Actor, w: WithdrawalRow) =>
    d.wallet.move(tx, {
      memberId: w.memberId,
      type: 'withdraw_paid',
      amount: 0,
      frozenAmount: -w.amount,
      refType: 'withdrawal',
      refId: w.id,
      memo: { code: 'WITHDRAW_PAID' },
      ...operatorOf(actor),
    });

  return {
    /**
     * A member's request. With a request key, the withdrawal already made under it is
     * answered again (a retry after a crash that lost the stored answer). The wallet row is
     * locked before the day's requests are counted, so parallel requests of one member are
     * judged one after another: never past the balance, never past the daily count.
     */
    async withdraw(memberId: number, input: WithdrawInput, requestKey?: string): Promise<Withdrawal> {
      if (requestKey) {
        const done = await d.withdrawals.byRequestKey(requestKey);
        if (done) return done;
      }
      const request = await d.withdrawals.checkRequest(memberId, input);
      await d.members.verifyTradePassword(memberId, input.tradePassword);
      return retryOnDeadlock(() =>
        d.db.transaction(async (tx) => {
          if (requestKey) {
            const done = await d.withdrawals.byRequestKey(requestKey, tx);
            if (done) return done;
          }
          const balance = (await d.wallet.lockAvailable(tx, [memberId])).get(memberId) ?? 0;
          const w = await d.withdrawals.insertRequest(tx, { memberId, request, balance, requestKey });
          await d.wallet.move(tx, {
            memberId,
            type: 'withdraw_freeze',
            amount: -w.amount,
            frozenAmount: w.amount,
            refType: 'withdrawal',
            refId: w.id,
            memo: { code: 'WITHDRAW_REQUEST', params: { actual: yuan(w.actualAmount), fee: yuan(w.fee) } },
          });
          return toWithdrawal(w);
        }),
      );
    },

    /** The withdraw page's figures: the house's limits, today's count, the balance, the payee. */
    async config(memberId: number): Promise<WithdrawConfig> {
      const [config, wallet] = await Promise.all([d.withdrawals.config(memberId), d.wallet.summary(memberId)]);
      return { ...config, balance: wallet.balance };
    },

    approve: (actor: Actor, id: number) =>
      step(actor, id, ['pending'], 'withdrawal.approve', (tx, w, at) =>
        d.withdrawals.markApproved(tx, w, { at, by: actor?.operatorId ?? null }),
      ),

    /** Rejected while pending or approved (not yet paid): the frozen amount returns to the balance. */
    reject: (actor: Actor, id: number, reason: string) =>
      step(actor, id, ['pending', 'approved'], 'withdrawal.reject', async (tx, w, at) => {
        await returnMoney(tx, actor, w, reason);
        return d.withdrawals.markRejected(tx, w, { at, by: actor?.operatorId ?? null, reason });
      }),

    /** Paid out of the house: the frozen amount leaves the wallet. */
    paid: (actor: Actor, id: number, note: { reference?: string | undefined; note?: string | undefined }) =>
      step(actor, id, ['approved'], 'withdrawal.paid', async (tx, w, at) => {
        await payOut(tx, actor, w);
        return d.withdrawals.markPaid(tx, w, {
          at,
          by: actor?.operatorId ?? null,
          ...(note.reference ? { reference: note.reference } : {}),
          note: note.note ?? null,
        });
      }),

    /**
     * An approved Alipay withdrawal paid through Alipay's transfer (the payee's name checked
     * by Alipay), the row locked meanwhile so that two operators never send it twice; our
     * `out_biz_no` is the withdrawal's, so asking again never pays twice either. Paid: the
     * frozen amount leaves. Refused: it returns to the balance as a rejection does, with
     * Alipay's reason. No answer: nothing changes and finance may try again.
     */
    transfer: (actor: Actor, id: number) =>
      step(actor, id, ['approved'], 'withdrawal.transfer', async (tx, w, at) => {
        if (!d.alipay) throw fail('CHANNEL_NOT_AVAILABLE', { channel: 'alipay' });
        if (w.method !== 'alipay') throw fail('PAYOUT_NOT_ALIPAY');
        let result;
        try {
          result = await d.alipay.transfer({
            outBizNo: `W${w.id}`,
            amount: w.actualAmount,
            account: w.accountNo,
            name: w.accountName,
            title: '拾古拍卖提现',
          });
        } catch (err) {
          if (err instanceof ProviderError) throw fail('PROVIDER_UNAVAILABLE', { channel: 'alipay' });
          throw err;
        }
        const by = actor?.operatorId ?? null;
        if (result.ok) {
          await payOut(tx, actor, w);
          return d.withdrawals.markPaid(tx, w, { at, by, payoutRef: result.ref });
        }
        const reason = `支付宝转账失败：${result.error}`.slice(0, 200);
        await returnMoney(tx, actor, w, reason);
        return d.withdrawals.markRejected(tx, w, { at, by, reason, payoutError: result.error });
      }),
  };
}
export type WithdrawalFlow = ReturnType<typeof createWithdrawalFlow>;
