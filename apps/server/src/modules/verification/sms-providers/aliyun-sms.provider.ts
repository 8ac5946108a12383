import { createRequire } from 'node:module';
import { Config } from '@alicloud/openapi-client';
import {
  errorText,
  PROVIDER_TIMEOUT_MS,
  providerTemplateCode,
  SmsProviderError,
  withTimeout,
  type ProviderText,
  type SmsSender,
} from './sms-provider.js';

// The SDK is CommonJS with its client as `exports.default`: required as such, it is the same under Node and Vitest.
const require = createRequire(import.meta.url);
// eslint-disable-next-line @typescript-eslint/consistent-type-imports -- the CommonJS view (`default` the client), as require gives it
const dysmsapi = require('@alicloud/dysmsapi20170525') as typeof import('@alicloud/dysmsapi20170525');

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** House template name → Aliyun template code (`SMS_123456789`); `default` for the rest. */
  templates: Record<string, string>;
  /** `https://dysmsapi.aliyuncs.com` unless given (a local stand-in in tests, http allowed). */
  endpoint?: string;
  timeoutMs?: number;
}

/**
 * Aliyun SMS (dysmsapi 2017-05-25 SendSms) through its SDK, which signs each call with the
 * V3 signature (ACS3-HMAC-SHA256). The template's variables go by name as TemplateParam JSON;
 * the BizId Aliyun answers is the message's id.
 */
export function createAliyunSmsSender(o: AliyunSmsOptions): SmsSender {
  const url = new URL(o.endpoint ?? 'https://dysmsapi.aliyuncs.com');
  const timeoutMs = o.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  const config = new Config({
    accessKeyId: o.accessKeyId,
    accessKeySecret: o.accessKeySecret,
    endpoint: url.host,
    protocol: url.protocol.replace(':', ''),
    connectTimeout: timeoutMs,
    readTimeout: timeoutMs,
  });
  const client = new dysmsapi.default(config as ConstructorParameters<typeof dysmsapi.default>[0]);
  return {
    name: 'aliyun',
    async send(text: ProviderText) {
      const request = new dysmsapi.SendSmsRequest({
        phoneNumbers: text.phone,
        signName: o.signName,
        templateCode: providerTemplateCode(o.templates, text.template),
        // A template without variables takes no TemplateParam.
        ...(Object.keys(text.params).length > 0 ? { templateParam: JSON.stringify(text.params) } : {}),
      });
      let body;
      try {
        body = (await withTimeout(client.sendSms(request), timeoutMs + 500, 'Aliyun SMS')).body;
      } catch (err) {
        if (err instanceof SmsProviderError) throw err;
        throw new SmsProviderError(errorText(err));
      }
      if (body?.code !== 'OK' || !body.bizId) {
        throw new SmsProviderError(`${body?.code ?? 'NoAnswer'}: ${body?.message ?? 'no body'}`);
      }
      return { messageId: body.bizId };
    },
  };
}
