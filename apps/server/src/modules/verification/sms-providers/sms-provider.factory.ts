import { smsTemplateMap, type Config } from '../../../config.js';
import { createAliyunSmsSender } from './aliyun-sms.provider.js';
import type { SmsSender } from './sms-provider.js';
import { createTencentSmsSender } from './tencent-sms.provider.js';

/** The provider SMS_PROVIDER names, or none for `outbox` (texts stay in the outbox). */
export function smsSenderOf(config: Config): SmsSender | undefined {
  if (config.SMS_PROVIDER === 'outbox') return undefined;
  // The configuration refuses to load without these when a provider is named.
  const templates = smsTemplateMap(config.SMS_TEMPLATES!)!;
  const endpoint = config.SMS_ENDPOINT ? { endpoint: config.SMS_ENDPOINT } : {};
  if (config.SMS_PROVIDER === 'aliyun') {
    return createAliyunSmsSender({
      accessKeyId: config.SMS_ACCESS_KEY_ID!,
      accessKeySecret: config.SMS_ACCESS_KEY_SECRET!,
      signName: config.SMS_SIGN_NAME!,
      templates,
      ...endpoint,
    });
  }
  return createTencentSmsSender({
    secretId: config.SMS_ACCESS_KEY_ID!,
    secretKey: config.SMS_ACCESS_KEY_SECRET!,
    sdkAppId: config.SMS_SDK_APP_ID!,
    signName: config.SMS_SIGN_NAME!,
    templates,
    ...endpoint,
  });
}
