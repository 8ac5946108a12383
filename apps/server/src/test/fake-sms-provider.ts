import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins for Aliyun's and Tencent Cloud's SMS APIs, on 127.0.0.1. Each checks a
 * request the way its provider documents (Aliyun's V3 signature ACS3-HMAC-SHA256, Tencent's
 * TC3-HMAC-SHA256) with keys made in the test, then the sign name, the template and its
 * variables, and answers as the provider does. What they accepted is in `received`.
 */

export interface FakeTemplate {
  /** Aliyun: the variables' names; Tencent: how many positional variables. */
  vars: string[];
}

export interface ReceivedText {
  phone: string;
  signName: string;
  templateCode: string;
  /** Aliyun's TemplateParam, by name. */
  params?: Record<string, string>;
  /** Tencent's TemplateParamSet, by position. */
  paramSet?: string[];
  messageId: string;
}

export interface FakeProvider {
  url: string;
  keyId: string;
  keySecret: string;
  /** Texts the fake accepted and "sent". */
  received: ReceivedText[];
  /** Requests refused by the fake, with the code it answered. */
  refused: { code: string; body: string }[];
  /** Every request that reached the fake, accepted or not. */
  requests: number;
  /** Refuse every text with this provider code until `refuse(undefined)`; `times` limits it. */
  refuse(code: string | undefined, times?: number): void;
  /** Holds each answer this long. */
  delay(ms: number): void;
  close(): Promise<void>;
}

const sha256hex = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => crypto.createHmac('sha256', key).update(data).digest();

/** RFC 3986 percent-encoding, as Aliyun's canonical query string takes it. */
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

interface Base {
  state: { refuse?: string; refuseTimes?: number; delayMs: number };
  fake: FakeProvider;
}

async function serve(
  handle: (req: http.IncomingMessage, body: Buffer, base: Base) => { status: number; json: unknown },
  keyId: string,
  keySecret: string,
): Promise<FakeProvider> {
  const base = { state: { delayMs: 0 } } as Base;
  const server = http.createServer((req, res) => {
    void readBody(req).then(async (body) => {
      base.fake.requests += 1;
      const { status, json } = handle(req, body, base);
      if (base.state.delayMs > 0) await new Promise((r) => setTimeout(r, base.state.delayMs));
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base.fake = {
    url: `http://127.0.0.1:${port}`,
    keyId,
    keySecret,
    received: [],
    refused: [],
    requests: 0,
    refuse(code, times) {
      base.state.refuse = code;
      base.state.refuseTimes = times;
    },
    delay(ms) {
      base.state.delayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return base.fake;
}

/** Takes one injected refusal, if any is set. */
function injectedRefusal(base: Base): string | undefined {
  const { refuse, refuseTimes } = base.state;
  if (!refuse) return undefined;
  if (refuseTimes !== undefined) {
    base.state.refuseTimes = refuseTimes - 1;
    if (base.state.refuseTimes <= 0) base.state.refuse = undefined;
  }
  return refuse;
}

/**
 * Aliyun dysmsapi SendSms as the SDK calls it: POST / with the parameters in the query,
 * `x-acs-action: SendSms`, `x-acs-version: 2017-05-25` and the V3 signature:
 * `ACS3-HMAC-SHA256 Credential=<AccessKeyId>,SignedHeaders=<h1;h2…>,Signature=<hex>` over
 * the canonical request (method, path, sorted RFC 3986 query, the signed headers, the body's
 * SHA-256 in x-acs-content-sha256).
 */
export function startFakeAliyun(o: { signName: string; templates: Record<string, FakeTemplate> }) {
  const keyId = `LTAI${crypto.randomBytes(8).toString('hex')}`;
  const keySecret = crypto.randomBytes(15).toString('base64');
  const requestId = () => crypto.randomUUID().toUpperCase();
  return serve(
    (req, body, base) => {
      const refuse = (status: number, code: string, message: string) => {
        base.fake.refused.push({ code, body: body.toString() });
        return { status, json: { Code: code, Message: message, RequestId: requestId() } };
      };
      const h = req.headers;
      const auth = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
        String(h.authorization ?? ''),
      );
      if (!auth)
        return refuse(400, 'IncompleteSignature', 'The request signature does not conform to Aliyun standards.');
      const [, credential, signedList, signature] = auth as unknown as [string, string, string, string];
      if (credential !== keyId) return refuse(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
      const signed = signedList.split(';');
      for (const need of [
        'host',
        'x-acs-action',
        'x-acs-content-sha256',
        'x-acs-date',
        'x-acs-signature-nonce',
        'x-acs-version',
      ]) {
        if (!signed.includes(need)) return refuse(400, 'IncompleteSignature', `${need} is not signed.`);
      }
      if (h['x-acs-content-sha256'] !== sha256hex(body))
        return refuse(400, 'SignatureDoesNotMatch', 'Payload hash mismatch.');
      const date = Date.parse(String(h['x-acs-date']));
      if (!(Math.abs(Date.now() - date) < 15 * 60_000))
        return refuse(400, 'InvalidTimeStamp.Expired', 'Timestamp expired.');
      const url = new URL(req.url ?? '/', 'http://fake');
      const query = [...url.searchParams.entries()]
        .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => `${k}=${v}`)
        .join('&');
      const headers = signed.map((name) => `${name}:${String(h[name] ?? '').trim()}\n`).join('');
      const canonical = [req.method, url.pathname, query, headers, signedList, h['x-acs-content-sha256']].join('\n');
      const expected = hmac(keySecret, `ACS3-HMAC-SHA256\n${sha256hex(canonical)}`).toString('hex');
      if (expected !== signature) {
        return refuse(400, 'SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.');
      }
      if (h['x-acs-action'] !== 'SendSms' || h['x-acs-version'] !== '2017-05-25') {
        return refuse(404, 'InvalidAction.NotFound', 'Specified api is not found.');
      }
      const q = Object.fromEntries(url.searchParams.entries());
      if (!/^1[3-9]\d{9}$/.test(q.PhoneNumbers ?? '')) return refuse(200, 'isv.MOBILE_NUMBER_ILLEGAL', '非法手机号');
      if (q.SignName !== o.signName) return refuse(200, 'isv.SMS_SIGNATURE_ILLEGAL', '该账号下找不到对应签名');
      const template = o.templates[q.TemplateCode ?? ''];
      if (!template) return refuse(200, 'isv.SMS_TEMPLATE_ILLEGAL', '该账号下找不到对应模板');
      let params: Record<string, string> = {};
      try {
        params = q.TemplateParam ? (JSON.parse(q.TemplateParam) as Record<string, string>) : {};
      } catch {
        return refuse(200, 'isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
      }
      const missing = template.vars.filter((v) => typeof params[v] !== 'string' || params[v] === '');
      if (missing.length > 0)
        return refuse(200, 'isv.TEMPLATE_MISSING_PARAMETERS', `模板缺少变量 ${missing.join(',')}`);
      const injected = injectedRefusal(base);
      if (injected) return refuse(200, injected, '触发号码天级流控');
      const messageId = `${crypto.randomInt(1e9, 9e9)}${Date.now()}^0`;
      base.fake.received.push({
        phone: q.PhoneNumbers!,
        signName: q.SignName,
        templateCode: q.TemplateCode!,
        params,
        messageId,
      });
      return { status: 200, json: { Code: 'OK', Message: 'OK', BizId: messageId, RequestId: requestId() } };
    },
    keyId,
    keySecret,
  );
}

/**
 * Tencent Cloud SMS SendSms (2021-01-11): POST / with a JSON body, `X-TC-Action: SendSms`,
 * `X-TC-Timestamp`, and `Authorization: TC3-HMAC-SHA256 Credential=<SecretId>/<date>/sms/tc3_request,
 * SignedHeaders=content-type;host, Signature=<hex>`, the key derived from `TC3<SecretKey>` by
 * the date, the service and `tc3_request`. Errors come as `Response.Error`; a number's refusal
 * as its send status.
 */
export function startFakeTencent(o: { sdkAppId: string; signName: string; templates: Record<string, FakeTemplate> }) {
  const keyId = `AKID${crypto.randomBytes(12).toString('hex')}`;
  const keySecret = crypto.randomBytes(16).toString('hex');
  return serve(
    (req, body, base) => {
      const requestId = crypto.randomUUID();
      const error = (code: string, message: string) => {
        base.fake.refused.push({ code, body: body.toString() });
        return { status: 200, json: { Response: { Error: { Code: code, Message: message }, RequestId: requestId } } };
      };
      const h = req.headers;
      const auth =
        /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
          String(h.authorization ?? ''),
        );
      if (!auth) return error('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.');
      const [, secretId, date, service, signedList, signature] = auth as unknown as string[];
      if (secretId !== keyId) return error('AuthFailure.SecretIdNotFound', 'The SecretId is not found.');
      if (service !== 'sms') return error('AuthFailure.SignatureFailure', `Credential scope names service ${service}.`);
      const timestamp = Number(h['x-tc-timestamp']);
      if (!(Math.abs(Date.now() / 1000 - timestamp) < 300))
        return error('AuthFailure.SignatureExpire', 'Signature expired.');
      if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date) {
        return error('AuthFailure.SignatureFailure', 'The credential date is not the timestamp’s.');
      }
      const signed = signedList!.split(';');
      if (!signed.includes('content-type') || !signed.includes('host')) {
        return error('AuthFailure.SignatureFailure', 'content-type and host must be signed.');
      }
      const url = new URL(req.url ?? '/', 'http://fake');
      const headers = signed
        .map(
          (name) =>
            `${name}:${String(h[name] ?? '')
              .trim()
              .toLowerCase()}\n`,
        )
        .join('');
      const canonical = [req.method, url.pathname, url.search.slice(1), headers, signedList, sha256hex(body)].join(
        '\n',
      );
      const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/${service}/tc3_request\n${sha256hex(canonical)}`;
      const key = hmac(hmac(hmac(`TC3${keySecret}`, date!), service!), 'tc3_request');
      if (hmac(key, toSign).toString('hex') !== signature) {
        return error('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.');
      }
      if (h['x-tc-action'] !== 'SendSms' || h['x-tc-version'] !== '2021-01-11') {
        return error('InvalidAction', 'The action is not found.');
      }
      let p: {
        PhoneNumberSet?: string[];
        SmsSdkAppId?: string;
        SignName?: string;
        TemplateId?: string;
        TemplateParamSet?: string[];
      };
      try {
        p = JSON.parse(body.toString()) as typeof p;
      } catch {
        return error('InvalidParameter', 'The body is not JSON.');
      }
      if (p.SmsSdkAppId !== o.sdkAppId) return error('FailedOperation.SdkAppIdNotExist', 'SmsSdkAppId 不存在。');
      if (p.SignName !== o.signName)
        return error('FailedOperation.SignatureIncorrectOrUnapproved', '签名未审批或格式错误。');
      const template = o.templates[p.TemplateId ?? ''];
      if (!template) return error('FailedOperation.TemplateIncorrectOrUnapproved', '模板未审批或内容不合法。');
      const set = p.TemplateParamSet ?? [];
      if (set.length !== template.vars.length || set.some((v) => typeof v !== 'string' || v === '')) {
        return error(
          'FailedOperation.TemplateParamSetNotMatchApprovedTemplate',
          '请求内容与审核通过的模板内容不匹配。',
        );
      }
      const phone = /^\+86(1[3-9]\d{9})$/.exec(p.PhoneNumberSet?.[0] ?? '')?.[1];
      if (!phone || p.PhoneNumberSet!.length !== 1)
        return error('InvalidParameterValue.IncorrectPhoneNumber', '手机号格式错误。');
      const injected = injectedRefusal(base);
      const messageId = `2640:${crypto.randomInt(1e9, 9e9)}${Date.now()}`;
      if (injected) base.fake.refused.push({ code: injected, body: body.toString() });
      else
        base.fake.received.push({ phone, signName: p.SignName, templateCode: p.TemplateId!, paramSet: set, messageId });
      const status = injected
        ? {
            SerialNo: '',
            PhoneNumber: `+86${phone}`,
            Fee: 0,
            SessionContext: '',
            Code: injected,
            Message: '单个手机号日下发短信条数超过设定的上限',
            IsoCode: 'CN',
          }
        : {
            SerialNo: messageId,
            PhoneNumber: `+86${phone}`,
            Fee: 1,
            SessionContext: '',
            Code: 'Ok',
            Message: 'send success',
            IsoCode: 'CN',
          };
      return { status: 200, json: { Response: { SendStatusSet: [status], RequestId: requestId } } };
    },
    keyId,
    keySecret,
  );
}
