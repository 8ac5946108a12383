import { AlipaySdk, type AlipaySdkCommonResult } from 'alipay-sdk';
import { pemOf } from '../../../config.js';
import {
  fenOfYuan,
  ProviderError,
  yuanOfFen,
  type NoticeReading,
  type PaymentProvider,
  type TradeState,
} from './payment-provider.js';

export interface AlipayConfig {
  appId: string;
  privateKey: string;
  alipayPublicKey: string;
  gateway?: string | undefined;
}

/** The outcome of a transfer: paid (Alipay's order id), refused (Alipay's reason); anything else throws. */
export type TransferResult = { ok: true; ref: string } | { ok: false; error: string };

const PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/** Alipay's China time for `time_expire`: 'yyyy-MM-dd HH:mm:ss'. */
function chinaStamp(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * Alipay through `alipay-sdk`: mobile-web payment (alipay.trade.wap.pay, a signed gateway
 * link), the asynchronous notice (RSA2 with Alipay's public key), trade query and close, and
 * the transfer to an Alipay account that pays a withdrawal. Every answer's signature is checked.
 */
export function createAlipayProvider(c: AlipayConfig) {
  const privateKey = pemOf(c.privateKey);
  const sdk = new AlipaySdk({
    appId: c.appId,
    privateKey,
    keyType: privateKey.includes('BEGIN PRIVATE KEY') ? 'PKCS8' : 'PKCS1',
    alipayPublicKey: pemOf(c.alipayPublicKey),
    gateway: c.gateway ?? 'https://openapi.alipay.com/gateway.do',
    timeout: 10_000,
    camelcase: false,
  });

  async function call(method: string, bizContent: Record<string, unknown>): Promise<AlipaySdkCommonResult> {
    try {
      return await sdk.exec(method, { bizContent }, { validateSign: true });
    } catch (err) {
      throw new ProviderError(`alipay ${method}: ${(err as Error).message}`);
    }
  }

  const provider: PaymentProvider & { transfer: typeof transfer } = {
    channel: 'alipay',

    async open(t) {
      return sdk.pageExecute('alipay.trade.wap.pay', 'GET', {
        bizContent: {
          out_trade_no: t.no,
          total_amount: yuanOfFen(t.amount),
          subject: t.subject,
          product_code: 'QUICK_WAP_WAY',
          time_expire: chinaStamp(t.expiresAt),
          quit_url: t.returnUrl,
        },
        notifyUrl: t.notifyUrl,
        returnUrl: t.returnUrl,
      });
    },

    readNotice({ body }): NoticeReading {
      const form = Object.fromEntries(new URLSearchParams(body));
      const seen = {
        ...(form.out_trade_no ? { outTradeNo: form.out_trade_no } : {}),
        ...(form.trade_no ? { providerTradeNo: form.trade_no } : {}),
        ...(fenOfYuan(form.total_amount) !== undefined ? { amount: fenOfYuan(form.total_amount)! } : {}),
      };
      if (!form.sign) return { ok: false, reason: 'malformed', ...seen };
      let signed = false;
      try {
        // Values are already decoded by the form parser: verify them as they are (raw).
        signed = sdk.checkNotifySign(form, true);
      } catch {
        signed = false;
      }
      if (!signed) return { ok: false, reason: 'bad_signature', ...seen };
      if (form.app_id !== c.appId) return { ok: false, reason: 'wrong_app', ...seen };
      if (!seen.outTradeNo || !seen.providerTradeNo || seen.amount === undefined) {
        return { ok: false, reason: 'malformed', ...seen };
      }
      if (!PAID.has(form.trade_status ?? '')) return { ok: false, reason: 'not_paid', ...seen };
      return {
        ok: true,
        trade: { outTradeNo: seen.outTradeNo, providerTradeNo: seen.providerTradeNo, amount: seen.amount },
      };
    },

    // Alipay stops sending once it reads the plain text `success`.
    answer: (recorded) => ({
      status: 200,
      contentType: 'text/plain; charset=utf-8',
      body: recorded ? 'success' : 'failure',
    }),

    async query(no): Promise<TradeState> {
      const r = await call('alipay.trade.query', { out_trade_no: no });
      if (r.code === '40004' && r.sub_code === 'ACQ.TRADE_NOT_EXIST') {
        return { state: 'not_found', detail: 'ACQ.TRADE_NOT_EXIST' };
      }
      if (r.code !== '10000') throw new ProviderError(`alipay query: ${r.code} ${r.sub_code ?? ''} ${r.sub_msg ?? ''}`);
      const status = String(r.trade_status ?? '');
      if (PAID.has(status)) {
        const amount = fenOfYuan(r.total_amount);
        if (r.out_trade_no !== no || !r.trade_no || amount === undefined) {
          throw new ProviderError('alipay query: a paid trade without its number or amount');
        }
        return {
          state: 'paid',
          detail: status,
          trade: { outTradeNo: no, providerTradeNo: String(r.trade_no), amount },
        };
      }
      return { state: status === 'TRADE_CLOSED' ? 'closed' : 'waiting', detail: status };
    },

    async close(no) {
      const r = await call('alipay.trade.close', { out_trade_no: no });
      // A trade the member never opened does not exist at Alipay: nothing to close.
      if (r.code === '10000' || r.sub_code === 'ACQ.TRADE_NOT_EXIST') return;
      throw new ProviderError(`alipay close: ${r.code} ${r.sub_code ?? ''} ${r.sub_msg ?? ''}`);
    },

    transfer,
  };

  /**
   * Pays `amount` to an Alipay account whose holder's name Alipay checks against `name`.
   * `outBizNo` is ours and unique: asked again, Alipay answers the first transfer instead of
   * paying twice. A business refusal (40004) is an answer; anything else throws.
   */
  async function transfer(p: {
    outBizNo: string;
    amount: number;
    account: string;
    name: string;
    title: string;
  }): Promise<TransferResult> {
    const r = await call('alipay.fund.trans.uni.transfer', {
      out_biz_no: p.outBizNo,
      trans_amount: yuanOfFen(p.amount),
      product_code: 'TRANS_ACCOUNT_NO_PWD',
      biz_scene: 'DIRECT_TRANSFER',
      order_title: p.title,
      payee_info: { identity: p.account, identity_type: 'ALIPAY_LOGON_ID', name: p.name },
    });
    if (r.code === '10000' && r.status === 'SUCCESS' && r.order_id) return { ok: true, ref: String(r.order_id) };
    if (r.code === '40004') {
      return { ok: false, error: `${String(r.sub_msg ?? r.msg ?? '')} (${String(r.sub_code ?? r.code)})`.trim() };
    }
    throw new ProviderError(`alipay transfer: ${r.code} ${String(r.status ?? '')} ${r.sub_code ?? ''}`);
  }

  return provider;
}
export type AlipayProvider = ReturnType<typeof createAlipayProvider>;
