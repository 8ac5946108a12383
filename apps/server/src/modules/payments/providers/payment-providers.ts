import type { Config } from '../../../config.js';
import { createAlipayProvider, type AlipayProvider } from './alipay.provider.js';
import type { PaymentProvider } from './payment-provider.js';
import { createWechatProvider } from './wechat.provider.js';

/** The configured online channels; a channel without its settings is absent. */
export interface PaymentProviders {
  alipay?: AlipayProvider;
  wechat?: PaymentProvider;
}

/** The providers the configuration names (config.ts checks each provider's settings are given whole). */
export function paymentProvidersOf(c: Config): PaymentProviders {
  return {
    ...(c.ALIPAY_APP_ID && c.ALIPAY_PRIVATE_KEY && c.ALIPAY_PUBLIC_KEY
      ? {
          alipay: createAlipayProvider({
            appId: c.ALIPAY_APP_ID,
            privateKey: c.ALIPAY_PRIVATE_KEY,
            alipayPublicKey: c.ALIPAY_PUBLIC_KEY,
            gateway: c.ALIPAY_GATEWAY,
          }),
        }
      : {}),
    ...(c.WECHATPAY_MCH_ID &&
    c.WECHATPAY_APP_ID &&
    c.WECHATPAY_SERIAL_NO &&
    c.WECHATPAY_PRIVATE_KEY &&
    c.WECHATPAY_API_V3_KEY &&
    c.WECHATPAY_PLATFORM_PUBLIC_KEY &&
    c.WECHATPAY_PLATFORM_SERIAL
      ? {
          wechat: createWechatProvider({
            mchId: c.WECHATPAY_MCH_ID,
            appId: c.WECHATPAY_APP_ID,
            serialNo: c.WECHATPAY_SERIAL_NO,
            privateKey: c.WECHATPAY_PRIVATE_KEY,
            apiV3Key: c.WECHATPAY_API_V3_KEY,
            platformPublicKey: c.WECHATPAY_PLATFORM_PUBLIC_KEY,
            platformSerial: c.WECHATPAY_PLATFORM_SERIAL,
            gateway: c.WECHATPAY_GATEWAY,
          }),
        }
      : {}),
  };
}
