import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { createRequire } from 'node:module';
import type { SmsTemplateCode } from '@antique/shared';
import {
  errorText,
  PROVIDER_TIMEOUT_MS,
  providerTemplateCode,
  SmsProviderError,
  tencentParamOrder,
  withTimeout,
  type ProviderText,
  type SmsSender,
} from './sms-provider.js';

const require = createRequire(import.meta.url);
// eslint-disable-next-line @typescript-eslint/consistent-type-imports -- the CommonJS view, as require gives it
const tencentcloud = require('tencentcloud-sdk-nodejs-sms') as typeof import('tencentcloud-sdk-nodejs-sms');

const HOST = 'sms.tencentcloudapi.com';

export interface TencentSmsOptions {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  /** House template name → Tencent template id; `default` for the rest. */
  templates: Record<string, string>;
  /**
   * `https://sms.tencentcloudapi.com` unless given. An http address (a local stand-in) is
   * connected to while the request still names sms.tencentcloudapi.com, the host and the
   * service its TC3 signature covers.
   */
  endpoint?: string;
  region?: string;
  timeoutMs?: number;
}

/** Connects every request to `target` whatever host its URL names. */
function agentTo(target: URL): http.Agent {
  const port = Number(target.port || 80);
  const agent = new http.Agent({ keepAlive: true });
  agent.createConnection = (_options, callback) => {
    const socket = net.createConnection({ host: target.hostname, port });
    if (callback) socket.once('connect', () => callback(null, socket));
    return socket;
  };
  return agent;
}

/**
 * Tencent Cloud SMS (2021-01-11 SendSms) through its SDK, signed TC3-HMAC-SHA256. The
 * template's variables go by position in the order `tencentParamOrder` sets; the SerialNo of
 * the number's send status is the message's id.
 */
export function createTencentSmsSender(o: TencentSmsOptions): SmsSender {
  const timeoutMs = o.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  const url = o.endpoint ? new URL(o.endpoint) : undefined;
  const local = url?.protocol === 'http:';
  const client = new tencentcloud.sms.v20210111.Client({
    credential: { secretId: o.secretId, secretKey: o.secretKey },
    region: o.region ?? 'ap-guangzhou',
    profile: {
      httpProfile: {
        endpoint: url && !local ? url.host : HOST,
        protocol: local ? 'http://' : 'https://',
        reqTimeout: Math.max(1, Math.ceil(timeoutMs / 1000)),
        // An agent of our own also keeps the SDK from taking a proxy from http_proxy.
        agent: local ? agentTo(url) : new https.Agent({ keepAlive: true }),
      },
    },
  });
  return {
    name: 'tencent',
    async send(text: ProviderText) {
      const order = tencentParamOrder[text.template as SmsTemplateCode] ?? Object.keys(text.params).sort();
      let answer;
      try {
        answer = await withTimeout(
          client.SendSms({
            PhoneNumberSet: [`+86${text.phone}`],
            SmsSdkAppId: o.sdkAppId,
            SignName: o.signName,
            TemplateId: providerTemplateCode(o.templates, text.template),
            TemplateParamSet: order.map((k) => text.params[k] ?? ''),
          }),
          timeoutMs + 500,
          'Tencent Cloud SMS',
        );
      } catch (err) {
        if (err instanceof SmsProviderError) throw err;
        const code = (err as { code?: string }).code;
        throw new SmsProviderError(code ? `${code}: ${errorText(err)}` : errorText(err));
      }
      const status = answer.SendStatusSet?.[0];
      if (!status || status.Code !== 'Ok' || !status.SerialNo) {
        throw new SmsProviderError(`${status?.Code ?? 'NoStatus'}: ${status?.Message ?? 'no send status'}`);
      }
      return { messageId: status.SerialNo };
    },
  };
}
