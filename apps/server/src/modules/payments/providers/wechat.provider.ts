import crypto from 'node:crypto';
import { pemOf } from '../../../config.js';
import { ProviderError, type NoticeReading, type PaidTrade, type PaymentProvider } from './payment-provider.js';

export interface WechatConfig {
  mchId: string;
  appId: string;
  /** The merchant certificate's serial, named in every request's signature. */
  serialNo: string;
  privateKey: string;
  apiV3Key: string;
  platformPublicKey: string;
  platformSerial: string;
  gateway?: string | undefined;
}

type Headers = Record<string, string | string[] | undefined>;
type Json = Record<string, unknown>;

/** `amount.total` in fen, when it is a whole number. */
function totalOf(t: Json): number | undefined {
  const total = (t.amount as { total?: unknown } | undefined)?.total;
  return typeof total === 'number' && Number.isSafeInteger(total) ? total : undefined;
}
const header = (h: Headers, name: string) => {
  const v = h[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};

/** WeChat Pay's RFC 3339 time in China: 2026-11-27T23:59:00+08:00. */
function chinaRfc3339(at: Date): string {
  return `${new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;
}

/**
 * WeChat Pay API v3: H5 payment, query by our order number, close, and the notice. Requests
 * are signed with the merchant key (`WECHATPAY2-SHA256-RSA2048`); answers and notices are
 * trusted only when the platform key's signature over `timestamp\nnonce\nbody\n` verifies; a
 * notice's `resource` is AES-256-GCM with the API v3 key.
 */
export function createWechatProvider(c: WechatConfig): PaymentProvider {
  const gateway = (c.gateway ?? 'https://api.mch.weixin.qq.com').replace(/\/$/, '');
  const privateKey = crypto.createPrivateKey(pemOf(c.privateKey));
  const platformKey = crypto.createPublicKey(pemOf(c.platformPublicKey));

  /** Whether a message came from WeChat Pay: the platform key's signature, under the serial we know. */
  function signedByPlatform(h: Headers, body: string): boolean {
    const timestamp = header(h, 'Wechatpay-Timestamp');
    const nonce = header(h, 'Wechatpay-Nonce');
    const signature = header(h, 'Wechatpay-Signature');
    const serial = header(h, 'Wechatpay-Serial');
    if (!timestamp || !nonce || !signature || serial !== c.platformSerial) return false;
    try {
      return crypto.verify(
        'sha256',
        Buffer.from(`${timestamp}\n${nonce}\n${body}\n`),
        platformKey,
        Buffer.from(signature, 'base64'),
      );
    } catch {
      return false;
    }
  }

  async function request(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; json: Json }> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = crypto.randomBytes(16).toString('hex');
    const signature = crypto
      .sign('sha256', Buffer.from(`${method}\n${path}\n${timestamp}\n${nonce}\n${text}\n`), privateKey)
      .toString('base64');
    let res: Response;
    let answer: string;
    try {
      res = await fetch(`${gateway}${path}`, {
        method,
        headers: {
          authorization: `WECHATPAY2-SHA256-RSA2048 mchid="${c.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${c.serialNo}"`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: text }),
        signal: AbortSignal.timeout(10_000),
      });
      answer = await res.text();
    } catch (err) {
      throw new ProviderError(`wechat ${path}: ${(err as Error).message}`);
    }
    const h = Object.fromEntries(res.headers.entries());
    if (!signedByPlatform(h, answer)) throw new ProviderError(`wechat ${path}: answer not signed by the platform`);
    let json: Json = {};
    if (answer) {
      try {
        json = JSON.parse(answer) as Json;
      } catch {
        throw new ProviderError(`wechat ${path}: answer is not JSON`);
      }
    }
    return { status: res.status, json };
  }

  const paidTrade = (t: Json): PaidTrade | undefined =>
    typeof t.out_trade_no === 'string' && typeof t.transaction_id === 'string' && totalOf(t) !== undefined
      ? { outTradeNo: t.out_trade_no, providerTradeNo: t.transaction_id, amount: totalOf(t)! }
      : undefined;

  return {
    channel: 'wechat',

    async open(t) {
      const r = await request('POST', '/v3/pay/transactions/h5', {
        appid: c.appId,
        mchid: c.mchId,
        description: t.subject,
        out_trade_no: t.no,
        time_expire: chinaRfc3339(t.expiresAt),
        notify_url: t.notifyUrl,
        amount: { total: t.amount, currency: 'CNY' },
        scene_info: { payer_client_ip: t.clientIp, h5_info: { type: 'Wap' } },
      });
      if (r.status !== 200 || typeof r.json.h5_url !== 'string') {
        throw new ProviderError(`wechat h5: ${r.status} ${String(r.json.code ?? '')} ${String(r.json.message ?? '')}`);
      }
      // WeChat Pay sends the member back to `redirect_url` once they leave its page.
      return `${r.json.h5_url}&redirect_url=${encodeURIComponent(t.returnUrl)}`;
    },

    readNotice({ headers, body }): NoticeReading {
      if (!signedByPlatform(headers, body)) return { ok: false, reason: 'bad_signature' };
      let resource: Json;
      try {
        const envelope = JSON.parse(body) as { resource?: Record<string, string> };
        const r = envelope.resource ?? {};
        const data = Buffer.from(r.ciphertext ?? '', 'base64');
        const decipher = crypto.createDecipheriv('aes-256-gcm', Buffer.from(c.apiV3Key), Buffer.from(r.nonce ?? ''));
        decipher.setAuthTag(data.subarray(data.length - 16));
        decipher.setAAD(Buffer.from(r.associated_data ?? ''));
        const plain = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]);
        resource = JSON.parse(plain.toString('utf8')) as Json;
      } catch {
        // Signed by the platform but not sealed with our API v3 key, or not the documented shape.
        return { ok: false, reason: 'malformed' };
      }
      const seen = {
        ...(typeof resource.out_trade_no === 'string' ? { outTradeNo: resource.out_trade_no } : {}),
        ...(typeof resource.transaction_id === 'string' ? { providerTradeNo: resource.transaction_id } : {}),
        ...(totalOf(resource) !== undefined ? { amount: totalOf(resource)! } : {}),
      };
      if (resource.mchid !== c.mchId || resource.appid !== c.appId) return { ok: false, reason: 'wrong_app', ...seen };
      const trade = paidTrade(resource);
      if (!trade) return { ok: false, reason: 'malformed', ...seen };
      if (resource.trade_state !== 'SUCCESS') return { ok: false, reason: 'not_paid', ...seen };
      return { ok: true, trade };
    },

    // 204 once recorded; an error status with `{ code, message }` makes WeChat Pay send again.
    answer: (recorded) =>
      recorded
        ? { status: 204, contentType: 'application/json', body: '' }
        : {
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ code: 'FAIL', message: 'notice not accepted' }),
          },

    async query(no) {
      const r = await request(
        'GET',
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(no)}?mchid=${encodeURIComponent(c.mchId)}`,
      );
      if (r.status === 404) return { state: 'not_found', detail: String(r.json.code ?? 'ORDER_NOT_EXIST') };
      if (r.status !== 200) throw new ProviderError(`wechat query: ${r.status} ${String(r.json.code ?? '')}`);
      const state = String(r.json.trade_state ?? '');
      if (r.json.mchid !== c.mchId || r.json.appid !== c.appId)
        throw new ProviderError('wechat query: another merchant');
      if (state === 'SUCCESS' || state === 'REFUND') {
        const trade = paidTrade(r.json);
        if (!trade || trade.outTradeNo !== no) throw new ProviderError('wechat query: a paid trade without its number');
        return { state: 'paid', detail: state, trade };
      }
      if (state === 'NOTPAY' || state === 'USERPAYING') return { state: 'waiting', detail: state };
      return { state: 'closed', detail: state };
    },

    async close(no) {
      const r = await request('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(no)}/close`, {
        mchid: c.mchId,
      });
      if (r.status === 204 || r.status === 200) return;
      throw new ProviderError(`wechat close: ${r.status} ${String(r.json.code ?? '')}`);
    },
  };
}
