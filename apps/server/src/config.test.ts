import { describe, expect, it } from 'vitest';
import { loadConfig, pemOf, smsTemplateMap } from './config.js';

const base = { DATA_DIR: '/tmp/antique-config-test' };

describe('provider configuration', () => {
  it('is the built-in stand-ins when nothing is set', () => {
    const c = loadConfig(base);
    expect(c.SMS_PROVIDER).toBe('outbox');
    expect(c.ALIPAY_APP_ID).toBeUndefined();
    expect(c.WECHATPAY_MCH_ID).toBeUndefined();
  });

  it('refuses to start with half a provider, naming what is missing', () => {
    expect(() => loadConfig({ ...base, ALIPAY_APP_ID: '2021000000000001' })).toThrow(
      /ALIPAY_PRIVATE_KEY: must be set with the other Alipay settings[\s\S]*ALIPAY_PUBLIC_KEY/,
    );
    expect(() => loadConfig({ ...base, WECHATPAY_API_V3_KEY: 'k'.repeat(32) })).toThrow(/WECHATPAY_MCH_ID/);
    expect(() => loadConfig({ ...base, WECHATPAY_API_V3_KEY: 'short' })).toThrow(/WECHATPAY_API_V3_KEY/);
    expect(() => loadConfig({ ...base, SMS_PROVIDER: 'aliyun' })).toThrow(
      /SMS_ACCESS_KEY_ID: must be set when SMS_PROVIDER is aliyun/,
    );
    const aliyun = {
      ...base,
      SMS_ACCESS_KEY_ID: 'id',
      SMS_ACCESS_KEY_SECRET: 'secret',
      SMS_SIGN_NAME: '拾古拍卖',
      SMS_TEMPLATES: '{"default":"SMS_1"}',
    };
    expect(loadConfig({ ...aliyun, SMS_PROVIDER: 'aliyun' }).SMS_PROVIDER).toBe('aliyun');
    expect(() => loadConfig({ ...aliyun, SMS_PROVIDER: 'tencent' })).toThrow(/SMS_SDK_APP_ID/);
    expect(() => loadConfig({ ...aliyun, SMS_PROVIDER: 'aliyun', SMS_TEMPLATES: '["SMS_1"]' })).toThrow(
      /SMS_TEMPLATES: must be a JSON object/,
    );
  });

  it('reads the template map and PEM keys written on one line', () => {
    expect(smsTemplateMap('{"LOGIN_CODE":"SMS_1","default":"SMS_2"}')).toEqual({
      LOGIN_CODE: 'SMS_1',
      default: 'SMS_2',
    });
    expect(smsTemplateMap('{"default":""}')).toBeUndefined();
    expect(smsTemplateMap('not json')).toBeUndefined();
    expect(pemOf('-----BEGIN PUBLIC KEY-----\\nMIIB\\n-----END PUBLIC KEY-----\\n')).toBe(
      '-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----',
    );
  });
});
