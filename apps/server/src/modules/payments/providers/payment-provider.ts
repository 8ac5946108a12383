import type { PaymentNoticeRefusal, ProviderTradeState, RechargeChannel } from '@antique/shared';

/** A paid trade as the provider reported it: our order number, its transaction id, the amount in fen. */
export interface PaidTrade {
  outTradeNo: string;
  providerTradeNo: string;
  amount: number;
}

/** A notice read and checked as far as the provider's own rules go (signature, app id, state). */
export type NoticeReading =
  | { ok: true; trade: PaidTrade }
  | { ok: false; reason: PaymentNoticeRefusal; outTradeNo?: string; providerTradeNo?: string; amount?: number };

/** What the provider says about one of our trades when asked. */
export interface TradeState {
  state: ProviderTradeState;
  /** The provider's own word (`TRADE_SUCCESS`, `NOTPAY`, …). */
  detail: string;
  trade?: PaidTrade;
}

export interface OpenTrade {
  no: string;
  amount: number;
  subject: string;
  expiresAt: Date;
  notifyUrl: string;
  returnUrl: string;
  clientIp: string;
}

/** How the house answers a notice: the provider retries until it reads its success answer. */
export interface NoticeAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** One online channel's provider (Alipay, WeChat Pay) behind the same calls. */
export interface PaymentProvider {
  channel: RechargeChannel;
  /** The address the member's phone opens to pay. */
  open(t: OpenTrade): Promise<string>;
  readNotice(n: { headers: Record<string, string | string[] | undefined>; body: string }): NoticeReading;
  /** The answer once a notice is recorded (credited, or already), and otherwise. */
  answer(recorded: boolean): NoticeAnswer;
  query(no: string): Promise<TradeState>;
  /** Closes an unpaid trade at the provider; a trade the provider never saw counts as closed. */
  close(no: string): Promise<void>;
}

/** `12.34` (yuan, as the providers write it) in fen; undefined when it is not such an amount. */
export function fenOfYuan(text: unknown): number | undefined {
  if (typeof text !== 'string' || !/^\d{1,12}(\.\d{1,2})?$/.test(text)) return undefined;
  const [whole = '0', part = ''] = text.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

/** Fen as yuan with two decimals, as the providers read it. */
export const yuanOfFen = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/** Thrown when the provider did not answer or answered something the house cannot trust. */
export class ProviderError extends Error {}
