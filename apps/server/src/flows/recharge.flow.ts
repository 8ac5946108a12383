import type { Recharge, RechargeChannel, RechargeInput, RechargeRecheckOutput } from '@antique/shared';
import type { Db } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { DomainError, fail, notFound } from '../lib/domain-error.js';
import { isUniqueViolation, retryOnDeadlock } from '../lib/pg-errors.js';
import type { OrdersService } from '../modules/orders/orders.service.js';
import { toRecharge, type PaymentsService, type RechargeRow } from '../modules/payments/payments.service.js';
import type { PaymentProviders } from '../modules/payments/providers/payment-providers.js';
import {
  ProviderError,
  type NoticeAnswer,
  type PaidTrade,
  type TradeState,
} from '../modules/payments/providers/payment-provider.js';
import type { SettingsService } from '../modules/settings/settings.service.js';
import type { WalletService } from '../modules/wallet/wallet.service.js';
import type { OrderPaymentFlow } from './order-payment.flow.js';

/** How long a provider's page takes the payment; the job closes the recharge after. */
export const RECHARGE_LIFETIME_MS = 30 * 60_000;

/** The headers that carry a notice's signature, kept with it for finance. */
const SIGNING_HEADERS = ['wechatpay-timestamp', 'wechatpay-nonce', 'wechatpay-signature', 'wechatpay-serial'];

export type Verdict = 'credited' | 'duplicate' | 'refused';
export interface StoredNotice {
  headers: Record<string, string>;
  body: string;
}

/**
 * Money in online (decision 009): a recharge opened at the provider; its payment — told by
 * the provider's verified notice, or found by asking — recorded once per provider transaction
 * in one transaction over payments (the recharge under its row lock), wallet (the credit) and,
 * for a shortfall top-up, the order paid through the order payment flow's step.
 */
export function createRechargeFlow(d: {
  db: Db;
  clock: Clock;
  settings: Pick<SettingsService, 'get'>;
  payments: PaymentsService;
  orders: Pick<OrdersService, 'info'>;
  wallet: Pick<WalletService, 'move' | 'summary'>;
  orderPayment: Pick<OrderPaymentFlow, 'pay'>;
  providers: PaymentProviders;
  /** Where the providers reach the house and send the member back (the public origin). */
  publicUrl: string;
  log?: (msg: string, err?: unknown) => void;
}) {
  const log = d.log ?? (() => undefined);

  function providerOf(channel: RechargeChannel) {
    const p = d.providers[channel];
    if (!p) throw fail('CHANNEL_NOT_AVAILABLE', { channel });
    return p;
  }

  /** What to ask for: the amount within the limits, or a pending order's shortfall. */
  async function amountOf(memberId: number, input: RechargeInput): Promise<number> {
    const limits = await d.settings.get('recharge');
    const limitsOf = { min: limits.minAmount, max: limits.maxAmount };
    if (input.orderId === undefined) {
      const amount = input.amount!;
      if (amount < limits.minAmount || amount > limits.maxAmount) throw fail('RECHARGE_LIMIT', limitsOf);
      return amount;
    }
    const order = await d.orders.info(memberId, input.orderId);
    if (order.status !== 'pending') throw fail('ORDER_NOT_PENDING');
    if (order.expiresAt <= d.clock.now()) throw fail('ORDER_EXPIRED');
    const { balance } = await d.wallet.summary(memberId);
    const shortfall = order.amount - balance;
    if (shortfall <= 0) throw fail('NO_SHORTFALL');
    // A shortfall below the minimum is still asked for as it is: the order needs exactly it.
    if (shortfall > limits.maxAmount) throw fail('RECHARGE_LIMIT', limitsOf);
    return shortfall;
  }

  /**
   * A paid trade recorded on its recharge, under the recharge's row lock: credited once;
   * any later word of the same payment is a duplicate; a trade for no recharge of ours, or
   * for another amount, credits nothing. The notice (when there is one) is kept with its verdict.
   */
  async function settle(channel: RechargeChannel, trade: PaidTrade, notice?: StoredNotice): Promise<Verdict> {
    return retryOnDeadlock(() =>
      d.db.transaction(async (tx) => {
        const seen = { outTradeNo: trade.outTradeNo, providerTradeNo: trade.providerTradeNo, amount: trade.amount };
        const keep = async (verdict: Verdict, r?: RechargeRow, reason?: string) => {
          if (notice) {
            await d.payments.recordNotice(
              { channel, verdict, ...seen, ...notice, rechargeId: r?.id ?? null, reason: reason ?? null },
              tx,
            );
          }
          return verdict;
        };
        const r = await d.payments.lockByNo(tx, trade.outTradeNo);
        if (!r || r.channel !== channel) return keep('refused', undefined, 'unknown_order');
        if (r.amount !== trade.amount) return keep('refused', r, 'amount_mismatch');
        if (r.status === 'paid') {
          return keep('duplicate', r, r.providerTradeNo === trade.providerTradeNo ? undefined : 'other_trade');
        }
        await d.payments.markPaid(tx, r, trade.providerTradeNo);
        await d.wallet.move(tx, {
          memberId: r.memberId,
          type: 'recharge',
          amount: r.amount,
          refType: 'recharge',
          refId: r.id,
          memo: { code: channel === 'alipay' ? 'RECHARGE_ALIPAY' : 'RECHARGE_WECHAT', params: { no: r.no } },
        });
        const verdict = await keep('credited', r);
        if (r.orderId !== null) {
          // The order paid in a savepoint: if it can no longer be paid (cancelled, expired,
          // the balance spent meanwhile), the money stays credited to the wallet.
          try {
            await d.orderPayment.pay(tx, { orderId: r.orderId, memberId: r.memberId });
          } catch (err) {
            if (!(err instanceof DomainError)) throw err;
            log(`recharge ${r.no}: order ${r.orderId} not paid (${err.reason})`);
          }
        }
        return verdict;
      }),
    );
  }

  /** Asks the provider; a paid trade is recorded as its notice would have been. */
  async function ask(r: RechargeRow): Promise<TradeState> {
    const state = await providerOf(r.channel).query(r.no);
    if (state.state === 'paid' && state.trade) await settle(r.channel, state.trade);
    return state;
  }

  return {
    settle,

    /**
     * A member's top-up: the recharge row first (its `no` is the provider's `out_trade_no`),
     * then the provider's page. With a request key, the recharge opened under it is answered
     * again. A provider that cannot take it leaves the recharge closed and says so.
     */
    async open(memberId: number, input: RechargeInput, requestKey: string | undefined, clientIp: string) {
      const provider = providerOf(input.channel);
      if (requestKey) {
        const done = await d.payments.byRequestKey(requestKey);
        if (done) return toRecharge(done);
      }
      const amount = await amountOf(memberId, input);
      let row: RechargeRow;
      try {
        row = await d.payments.open({
          memberId,
          amount,
          channel: input.channel,
          orderId: input.orderId,
          requestKey,
          lifetimeMs: RECHARGE_LIFETIME_MS,
        });
      } catch (err) {
        const done = requestKey && isUniqueViolation(err) ? await d.payments.byRequestKey(requestKey) : undefined;
        if (done) return toRecharge(done);
        throw err;
      }
      const base = d.publicUrl.replace(/\/$/, '');
      try {
        const payUrl = await provider.open({
          no: row.no,
          amount,
          subject: input.orderId === undefined ? '账户充值' : '订单补足充值',
          expiresAt: row.expiresAt,
          notifyUrl: `${base}/v1/pay/${input.channel}/notify`,
          returnUrl: `${base}/#/pages/recharge-result/recharge-result?id=${row.id}`,
          clientIp,
        });
        return toRecharge(await d.payments.setPayUrl(row.id, payUrl));
      } catch (err) {
        if (!(err instanceof ProviderError)) throw err;
        log(`recharge ${row.no}: provider refused to open`, err);
        await d.payments.closePending(row.id);
        throw fail('PROVIDER_UNAVAILABLE', { channel: input.channel });
      }
    },

    info: (memberId: number, id: number): Promise<Recharge> => d.payments.info(memberId, id),

    /** A provider's notice, read, judged and kept; the answer the provider expects. */
    async notice(
      channel: RechargeChannel,
      n: { headers: Record<string, string | string[] | undefined>; body: string },
    ): Promise<NoticeAnswer> {
      const provider = d.providers[channel];
      if (!provider) return { status: 404, contentType: 'text/plain; charset=utf-8', body: 'not configured' };
      const headers = Object.fromEntries(
        SIGNING_HEADERS.flatMap((h) => (typeof n.headers[h] === 'string' ? [[h, n.headers[h]]] : [])),
      );
      const stored = { headers, body: n.body };
      const reading = provider.readNotice(n);
      if (!reading.ok) {
        await d.payments.recordNotice({
          channel,
          verdict: 'refused',
          reason: reading.reason,
          outTradeNo: reading.outTradeNo ?? null,
          providerTradeNo: reading.providerTradeNo ?? null,
          amount: reading.amount ?? null,
          ...stored,
        });
        // A genuine notice of an unpaid trade needs nothing more: the provider may stop sending it.
        return provider.answer(reading.reason === 'not_paid');
      }
      const verdict = await settle(channel, reading.trade, stored);
      return provider.answer(verdict !== 'refused');
    },

    /** Finance asks the provider again about one recharge. */
    async recheck(id: number): Promise<RechargeRecheckOutput> {
      const r = await d.payments.find(id);
      if (!r) throw notFound();
      let state: TradeState;
      try {
        state = await ask(r);
      } catch (err) {
        if (!(err instanceof ProviderError)) throw err;
        throw fail('PROVIDER_UNAVAILABLE', { channel: r.channel });
      }
      const after = await d.payments.markQueried(r.id);
      return { recharge: await d.payments.adminView(after), provider: { state: state.state, detail: state.detail } };
    },

    /**
     * The job: pending recharges whose notice has not come are asked about; a paid one is
     * credited; one past its time and unpaid is closed at the provider, then here.
     */
    async sweep(): Promise<{ asked: number; credited: number; closed: number }> {
      const out = { asked: 0, credited: 0, closed: 0 };
      for (const r of await d.payments.dueForQuery()) {
        const provider = d.providers[r.channel];
        const expired = r.expiresAt.getTime() <= d.clock.now();
        try {
          if (provider) {
            out.asked += 1;
            const state = await ask(r);
            if (state.state === 'paid') {
              out.credited += 1;
              continue;
            }
            if (expired && state.state === 'waiting') await provider.close(r.no);
          }
          if (expired) {
            if (await d.payments.closePending(r.id)) out.closed += 1;
          } else {
            await d.payments.markQueried(r.id);
          }
        } catch (err) {
          // The provider did not answer: asked again on a later run.
          log(`recharge ${r.no}: query failed`, err);
          await d.payments.markQueried(r.id);
        }
      }
      return out;
    },
  };
}
export type RechargeFlow = ReturnType<typeof createRechargeFlow>;
