import type { SmsTemplateCode, SmsTemplateParams } from '@antique/shared';

/** One text as a provider is given it: a mainland phone, the house's template name and its parameters. */
export interface ProviderText {
  phone: string;
  template: string;
  params: Record<string, string>;
}

/**
 * A provider's SMS API (Aliyun, Tencent Cloud). `send` resolves with the provider's id of the
 * message once the provider accepted it, and throws `SmsProviderError` when it refused it, timed
 * out or could not be reached: the outbox then tries again later.
 */
export interface SmsSender {
  /** What the outbox records as `provider`. */
  name: string;
  send(text: ProviderText): Promise<{ messageId: string }>;
}

/** A refusal or a transport failure, in the provider's words (its code first). */
export class SmsProviderError extends Error {
  override name = 'SmsProviderError';
}

/** How long one call to a provider may take: a member waiting for a code is not kept longer. */
export const PROVIDER_TIMEOUT_MS = 3_000;

/** The provider's template code for a house template: SMS_TEMPLATES by name, else its `default`. */
export function providerTemplateCode(templates: Record<string, string>, template: string): string {
  const code = templates[template] ?? templates.default;
  if (!code) throw new SmsProviderError(`NoTemplate: SMS_TEMPLATES names no template for ${template} and no default`);
  return code;
}

/**
 * Tencent Cloud fills a template's variables by position ({1}, {2}, …): the order of each
 * template's parameters, which its approved wording must follow (CODE_*: `{1}` the code, `{2}`
 * the minutes it lives). Aliyun names them (`${code}`), so it is given them by name.
 */
export const tencentParamOrder: { [K in SmsTemplateCode]: (keyof SmsTemplateParams[K] & string)[] } = {
  CODE_REGISTER: ['code', 'minutes'],
  CODE_PASSWORD: ['code', 'minutes'],
  CODE_TRADE: ['code', 'minutes'],
  ACCOUNT_EXISTS: [],
  OUTBID: ['title', 'price'],
  LOT_WON: ['title', 'price', 'due'],
  PAYMENT_DUE: ['title'],
  PICK_SHIPPED: ['title', 'carrier', 'trackingNo'],
  PICK_SHIPPED_MANY: ['title', 'count', 'carrier', 'trackingNo'],
};

/** The message of whatever a provider's SDK threw, for the outbox's `error` column. */
export function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  // An SDK's transport error quotes the request's URL, whose query holds the template's parameters (a code).
  return text.replace(/(https?:\/\/[^\s?]+)\?\S*/g, '$1').slice(0, 500);
}

/** Rejects with a timeout error once `ms` has passed, whatever the SDK's own timeouts do. */
export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SmsProviderError(`Timeout: ${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
