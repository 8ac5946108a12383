import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins for Alipay's gateway and WeChat Pay API v3, on 127.0.0.1, with keys made in
 * the test. Each checks the house's requests as its provider documents (Alipay: RSA2 over the
 * sorted parameters with the app's public key; WeChat Pay: WECHATPAY2-SHA256-RSA2048 over
 * method, path, time, nonce and body with the merchant's public key), answers signed the same
 * way (Alipay's key over the `*_response` JSON; the platform key over time, nonce and body),
 * and writes the notices the providers send. Its payment pages (Alipay's gateway link, the
 * H5 address) show the amount and a 确认付款 button that pays, sends the notice to the
 * house's notify URL and returns the phone, for browser journeys.
 */

const pem = (k: crypto.KeyObject, type: 'pkcs1' | 'pkcs8' | 'spki') =>
  k.export({ type, format: 'pem' } as crypto.KeyExportOptions<'pem'>).toString();

function rsaPair() {
  return crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
}

const signB64 = (key: crypto.KeyObject, text: string) =>
  crypto.sign('sha256', Buffer.from(text), key).toString('base64');

/** A trade as the fake provider holds it. */
export interface FakeTrade {
  state: 'waiting' | 'paid' | 'closed';
  amount: number;
  tradeNo: string;
  /** Where the provider sends its notice once the member pays on its page. */
  notifyUrl?: string;
}

export interface FakePay {
  url: string;
  /** The house's environment for both providers. */
  env: Record<string, string>;
  /** Trades the house opened (by out_trade_no), and their state as the provider sees it. */
  trades: Map<string, FakeTrade>;
  /** Requests refused for a bad signature. */
  badRequests: string[];
  /** Payee accounts Alipay knows, by logon id → real name. */
  alipayAccounts: Map<string, string>;
  /** Transfers Alipay made, by out_biz_no. */
  transfers: Map<string, { orderId: string; amount: string; identity: string }>;
  /** Whether the gateway answers at all (false: HTTP 502). */
  up: boolean;
  /**
   * The member's phone opens Alipay's payment page at `payUrl`: its signature checked with the
   * app's public key, the trade created as Alipay would; answers the page's parameters.
   */
  openAlipayPage(payUrl: string): Record<string, any>;
  /** The member paid: the trade becomes paid (no notice is sent). */
  pay(no: string): FakeTrade;
  /** Alipay's asynchronous notice for a trade, form-encoded and signed. */
  alipayNotice(no: string, over?: Record<string, string>, signWith?: crypto.KeyObject): string;
  /** WeChat Pay's notice for a trade: the signed headers and the JSON body. */
  wechatNotice(
    no: string,
    over?: Record<string, unknown>,
    opts?: { signWith?: crypto.KeyObject; apiV3Key?: string },
  ): { headers: Record<string, string>; body: string };
  close(): Promise<void>;
}

/** Starts both stand-ins on 127.0.0.1 (`port` 0: any free port). */
export async function startFakePay(port = 0): Promise<FakePay> {
  const app = rsaPair();
  const alipay = rsaPair();
  const merchant = rsaPair();
  const platform = rsaPair();
  const ALIPAY_APP_ID = '2021000000000001';
  const MCH = '1900000109';
  const WX_APP = 'wx8888888888888888';
  const MCH_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
  const PLATFORM_SERIAL = '7132D72A03E93CDDF8C03BBD1F37EEDF7A6E7C2B';
  const API_V3_KEY = crypto.randomBytes(16).toString('hex');
  const trades = new Map<string, FakeTrade>();
  const badRequests: string[] = [];
  const alipayAccounts = new Map<string, string>();
  const transfers = new Map<string, { orderId: string; amount: string; identity: string }>();
  const fen = (yuan: string) => Math.round(Number(yuan) * 100);
  const yuan = (f: number) => (f / 100).toFixed(2);
  let seq = 0;
  const newTradeNo = (prefix: string) => `${prefix}${Date.now()}${String((seq += 1)).padStart(6, '0')}`;

  function alipayAnswer(method: string, payload: Record<string, unknown>) {
    const key = `${method.replaceAll('.', '_')}_response`;
    const json = JSON.stringify(payload);
    return `{"${key}":${json},"sign":"${signB64(alipay.privateKey, json)}"}`;
  }

  function alipayGateway(params: Record<string, string>): string | undefined {
    const { sign, ...rest } = params;
    const content = Object.keys(rest)
      .sort()
      .map((k) => `${k}=${rest[k]}`)
      .join('&');
    const ok =
      sign !== undefined &&
      rest.app_id === ALIPAY_APP_ID &&
      crypto.verify('sha256', Buffer.from(content), app.publicKey, Buffer.from(sign, 'base64'));
    const method = rest.method ?? '';
    if (!ok) {
      badRequests.push(method);
      return alipayAnswer(method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature' });
    }
    const biz = JSON.parse(rest.biz_content ?? '{}') as Record<string, any>;
    if (method === 'alipay.trade.query' || method === 'alipay.trade.close') {
      const t = trades.get(String(biz.out_trade_no));
      if (!t) {
        return alipayAnswer(method, {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'ACQ.TRADE_NOT_EXIST',
          sub_msg: '交易不存在',
        });
      }
      if (method === 'alipay.trade.close') {
        if (t.state === 'paid') {
          return alipayAnswer(method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_STATUS_ERROR' });
        }
        t.state = 'closed';
        return alipayAnswer(method, { code: '10000', msg: 'Success', out_trade_no: biz.out_trade_no });
      }
      const status = { waiting: 'WAIT_BUYER_PAY', paid: 'TRADE_SUCCESS', closed: 'TRADE_CLOSED' }[t.state];
      return alipayAnswer(method, {
        code: '10000',
        msg: 'Success',
        out_trade_no: biz.out_trade_no,
        trade_no: t.tradeNo,
        trade_status: status,
        total_amount: yuan(t.amount),
      });
    }
    if (method === 'alipay.fund.trans.uni.transfer') {
      const done = transfers.get(String(biz.out_biz_no));
      const payee = biz.payee_info as { identity: string; name: string };
      if (done) {
        return alipayAnswer(method, { code: '10000', msg: 'Success', status: 'SUCCESS', order_id: done.orderId });
      }
      if (alipayAccounts.get(payee.identity) !== payee.name) {
        return alipayAnswer(method, {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'PAYEE_USER_INFO_ERROR',
          sub_msg: '收款方姓名与账户不符',
        });
      }
      const orderId = newTradeNo('2026');
      transfers.set(String(biz.out_biz_no), { orderId, amount: String(biz.trans_amount), identity: payee.identity });
      return alipayAnswer(method, {
        code: '10000',
        msg: 'Success',
        out_biz_no: biz.out_biz_no,
        order_id: orderId,
        status: 'SUCCESS',
      });
    }
    return alipayAnswer(method, { code: '40004', msg: 'Business Failed', sub_code: 'isv.unknown-method' });
  }

  function wechatAnswer(res: http.ServerResponse, status: number, payload?: unknown) {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const ts = String(Math.floor(Date.now() / 1000));
    const nonce = crypto.randomBytes(16).toString('hex');
    res.writeHead(status, {
      'content-type': 'application/json',
      'wechatpay-timestamp': ts,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': PLATFORM_SERIAL,
      'wechatpay-signature': signB64(platform.privateKey, `${ts}\n${nonce}\n${body}\n`),
    });
    res.end(body);
  }

  function wechatSignedByMerchant(method: string, path: string, auth: string, body: string): boolean {
    const m = /^WECHATPAY2-SHA256-RSA2048 (.*)$/.exec(auth);
    if (!m) return false;
    const f = Object.fromEntries([...m[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (f.mchid !== MCH || f.serial_no !== MCH_SERIAL || !f.signature) return false;
    return crypto.verify(
      'sha256',
      Buffer.from(`${method}\n${path}\n${f.timestamp}\n${f.nonce_str}\n${body}\n`),
      merchant.publicKey,
      Buffer.from(f.signature, 'base64'),
    );
  }

  function wechat(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
    const path = req.url ?? '';
    if (!wechatSignedByMerchant(req.method ?? '', path, String(req.headers.authorization ?? ''), body)) {
      badRequests.push(path);
      return wechatAnswer(res, 401, { code: 'SIGN_ERROR', message: '签名错误' });
    }
    if (req.method === 'POST' && path === '/v3/pay/transactions/h5') {
      const b = JSON.parse(body) as Record<string, any>;
      if (b.mchid !== MCH || b.appid !== WX_APP || !b.scene_info?.payer_client_ip) {
        return wechatAnswer(res, 400, { code: 'PARAM_ERROR', message: '参数错误' });
      }
      trades.set(b.out_trade_no, {
        state: 'waiting',
        amount: b.amount.total,
        tradeNo: newTradeNo('4200'),
        notifyUrl: b.notify_url,
      });
      return wechatAnswer(res, 200, {
        h5_url: `${fake.url}/wechat/h5?no=${encodeURIComponent(b.out_trade_no)}&package=${seq}`,
      });
    }
    const q = /^\/v3\/pay\/transactions\/out-trade-no\/([^/?]+)(\/close)?/.exec(path);
    if (q) {
      const no = decodeURIComponent(q[1]!);
      const t = trades.get(no);
      if (!t) return wechatAnswer(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      if (q[2]) {
        t.state = 'closed';
        return wechatAnswer(res, 204);
      }
      const state = { waiting: 'NOTPAY', paid: 'SUCCESS', closed: 'CLOSED' }[t.state];
      return wechatAnswer(res, 200, {
        appid: WX_APP,
        mchid: MCH,
        out_trade_no: no,
        trade_state: state,
        ...(t.state === 'paid' ? { transaction_id: t.tradeNo } : {}),
        amount: { total: t.amount, payer_total: t.amount, currency: 'CNY' },
      });
    }
    return wechatAnswer(res, 404, { code: 'NOT_FOUND', message: 'no such path' });
  }

  /** A wap.pay link's parameters checked (the app key's signature) and its trade created, as Alipay's page does. */
  function alipayPage(params: Record<string, string>): Record<string, any> {
    const { sign, ...rest } = params;
    const content = Object.keys(rest)
      .sort()
      .map((k) => `${k}=${rest[k]}`)
      .join('&');
    if (!sign || !crypto.verify('sha256', Buffer.from(content), app.publicKey, Buffer.from(sign, 'base64'))) {
      throw new Error('payUrl not signed by the app key');
    }
    const biz = JSON.parse(rest.biz_content ?? '{}') as Record<string, any>;
    const no = String(biz.out_trade_no);
    if (!trades.has(no)) {
      trades.set(no, {
        state: 'waiting',
        amount: fen(String(biz.total_amount)),
        tradeNo: newTradeNo('2026'),
        ...(rest.notify_url ? { notifyUrl: rest.notify_url } : {}),
      });
    }
    return { ...rest, biz };
  }

  /** The provider's payment page a phone opens: the amount and one button that pays. */
  function payPage(res: http.ServerResponse, p: { title: string; no: string; back: string; action: string }) {
    const t = trades.get(p.no);
    const esc = (v: string) => v.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(p.title)}</title></head>
<body style="font-family:sans-serif;padding:24px"><h1>${esc(p.title)}（本地模拟）</h1>
<p>订单号 ${esc(p.no)}</p><p style="font-size:28px">¥${yuan(t?.amount ?? 0)}</p>
<form method="post" action="${esc(p.action)}"><input type="hidden" name="no" value="${esc(p.no)}">
<input type="hidden" name="back" value="${esc(p.back)}"><button type="submit">确认付款</button></form>
<p><a href="${esc(p.back)}">取消</a></p></body></html>`);
  }

  /** The member pressed the button: the trade paid, the provider's notice sent, the phone sent back. */
  async function payFromPage(res: http.ServerResponse, channel: 'alipay' | 'wechat', form: URLSearchParams) {
    const no = form.get('no') ?? '';
    const t = trades.get(no);
    if (!t?.notifyUrl) {
      res.writeHead(404).end('no such trade');
      return;
    }
    t.state = 'paid';
    if (channel === 'alipay') {
      await fetch(t.notifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: fake.alipayNotice(no),
      }).catch(() => undefined);
    } else {
      const n = fake.wechatNotice(no);
      await fetch(t.notifyUrl, { method: 'POST', headers: n.headers, body: n.body }).catch(() => undefined);
    }
    res.writeHead(302, { location: form.get('back') ?? '/' }).end();
  }

  const fake: FakePay = {
    url: '',
    env: {},
    trades,
    badRequests,
    alipayAccounts,
    transfers,
    up: true,
    openAlipayPage(payUrl) {
      const u = new URL(payUrl);
      if (`${u.origin}${u.pathname}` !== `${fake.url}/gateway.do`) throw new Error(`not our gateway: ${payUrl}`);
      return alipayPage(Object.fromEntries(u.searchParams));
    },
    pay(no) {
      const t = trades.get(no);
      if (!t) throw new Error(`no trade ${no}`);
      t.state = 'paid';
      return t;
    },
    alipayNotice(no, over = {}, signWith = alipay.privateKey) {
      const t = trades.get(no);
      const params: Record<string, string> = {
        notify_time: '2026-11-27 20:00:00',
        notify_type: 'trade_status_sync',
        notify_id: crypto.randomBytes(8).toString('hex'),
        app_id: ALIPAY_APP_ID,
        charset: 'utf-8',
        version: '1.0',
        trade_no: t?.tradeNo ?? newTradeNo('2026'),
        out_trade_no: no,
        total_amount: yuan(t?.amount ?? 100),
        trade_status: 'TRADE_SUCCESS',
        subject: '账户充值',
        ...over,
      };
      // Alipay signs every parameter but sign and sign_type, sorted, values as they are.
      const content = Object.keys(params)
        .sort()
        .map((k) => `${k}=${params[k]}`)
        .join('&');
      return new URLSearchParams({ ...params, sign_type: 'RSA2', sign: signB64(signWith, content) }).toString();
    },
    wechatNotice(no, over = {}, opts = {}) {
      const t = trades.get(no);
      const resource = {
        mchid: MCH,
        appid: WX_APP,
        out_trade_no: no,
        transaction_id: t?.tradeNo ?? newTradeNo('4200'),
        trade_type: 'MWEB',
        trade_state: 'SUCCESS',
        success_time: '2026-11-27T20:00:00+08:00',
        amount: { total: t?.amount ?? 100, payer_total: t?.amount ?? 100, currency: 'CNY', payer_currency: 'CNY' },
        ...over,
      };
      const nonce = crypto.randomBytes(6).toString('hex');
      const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(opts.apiV3Key ?? API_V3_KEY), Buffer.from(nonce));
      cipher.setAAD(Buffer.from('transaction'));
      const sealed = Buffer.concat([cipher.update(JSON.stringify(resource)), cipher.final(), cipher.getAuthTag()]);
      const body = JSON.stringify({
        id: crypto.randomUUID(),
        create_time: '2026-11-27T20:00:00+08:00',
        resource_type: 'encrypt-resource',
        event_type: 'TRANSACTION.SUCCESS',
        summary: '支付成功',
        resource: {
          original_type: 'transaction',
          algorithm: 'AEAD_AES_256_GCM',
          ciphertext: sealed.toString('base64'),
          associated_data: 'transaction',
          nonce,
        },
      });
      const ts = String(Math.floor(Date.now() / 1000));
      const n = crypto.randomBytes(16).toString('hex');
      return {
        headers: {
          'content-type': 'application/json',
          'wechatpay-timestamp': ts,
          'wechatpay-nonce': n,
          'wechatpay-serial': PLATFORM_SERIAL,
          'wechatpay-signature': signB64(opts.signWith ?? platform.privateKey, `${ts}\n${n}\n${body}\n`),
        },
        body,
      };
    },
    close: async () => undefined,
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (!fake.up) {
        res.writeHead(502).end('bad gateway');
        return;
      }
      const u = new URL(req.url ?? '', 'http://x');
      if (req.method === 'GET' && u.pathname === '/gateway.do') {
        try {
          const page = alipayPage(Object.fromEntries(u.searchParams));
          payPage(res, {
            title: '支付宝',
            no: String(page.biz.out_trade_no),
            back: String(page.return_url ?? '/'),
            action: '/alipay/pay',
          });
        } catch {
          res.writeHead(400).end('bad signature');
        }
        return;
      }
      if (req.method === 'GET' && u.pathname === '/wechat/h5') {
        const no = u.searchParams.get('no') ?? '';
        payPage(res, { title: '微信支付', no, back: u.searchParams.get('redirect_url') ?? '/', action: '/wechat/pay' });
        return;
      }
      if (req.method === 'POST' && (u.pathname === '/alipay/pay' || u.pathname === '/wechat/pay')) {
        void payFromPage(res, u.pathname === '/alipay/pay' ? 'alipay' : 'wechat', new URLSearchParams(body));
        return;
      }
      if (u.pathname.startsWith('/gateway.do')) {
        const params = { ...Object.fromEntries(u.searchParams), ...Object.fromEntries(new URLSearchParams(body)) };
        const answer = alipayGateway(params);
        res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' }).end(answer);
        return;
      }
      wechat(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  fake.env = {
    ALIPAY_APP_ID,
    ALIPAY_PRIVATE_KEY: pem(app.privateKey, 'pkcs1'),
    ALIPAY_PUBLIC_KEY: pem(alipay.publicKey, 'spki'),
    ALIPAY_GATEWAY: `${fake.url}/gateway.do`,
    WECHATPAY_MCH_ID: MCH,
    WECHATPAY_APP_ID: WX_APP,
    WECHATPAY_SERIAL_NO: MCH_SERIAL,
    WECHATPAY_PRIVATE_KEY: pem(merchant.privateKey, 'pkcs8'),
    WECHATPAY_API_V3_KEY: API_V3_KEY,
    WECHATPAY_PLATFORM_PUBLIC_KEY: pem(platform.publicKey, 'spki'),
    WECHATPAY_PLATFORM_SERIAL: PLATFORM_SERIAL,
    WECHATPAY_GATEWAY: fake.url,
    PUBLIC_URL: 'https://paimai.example.com',
  };
  return fake;
}
