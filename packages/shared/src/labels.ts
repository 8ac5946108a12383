import type { RealNameStatus } from './accounts.schema.js';
import type { LotStatus } from './auctions.schema.js';
import type { DelegationStatus, HoldingSource, HoldingStatus, PickStatus } from './custody.schema.js';
import type { OperatorRole } from './operators.schema.js';
import type { OrderCancelReason, OrderSource, OrderStatus } from './orders.schema.js';
import type { RechargeStatus } from './payments.schema.js';
import type { Bill, BillMemoCode, BillType, RechargeChannel } from './wallet.schema.js';
import type { SmsTemplateCode, SmsText } from './verification.schema.js';
import type { WithdrawalMethod, WithdrawalStatus } from './withdrawals.schema.js';
import * as zhHans from './labels.zh-hans.js';
import * as zhHant from './labels.zh-hant.js';
import * as en from './labels.en.js';
import * as fr from './labels.fr.js';
import * as es from './labels.es.js';

/*
 * The words for stored values, written once for the server's CSV, the member app and the
 * console. Templates use `{name}` for parameters.
 */

export const locales = ['zh-Hans', 'zh-Hant', 'en', 'fr', 'es'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'zh-Hans';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

type Table<K extends string> = Record<Locale, Record<K, string>>;

export const billTypeLabels: Table<BillType> = {
  'zh-Hans': zhHans.billType,
  'zh-Hant': zhHant.billType,
  en: en.billType,
  fr: fr.billType,
  es: es.billType,
};

export const orderStatusLabels: Table<OrderStatus> = {
  'zh-Hans': zhHans.orderStatus,
  'zh-Hant': zhHant.orderStatus,
  en: en.orderStatus,
  fr: fr.orderStatus,
  es: es.orderStatus,
};

export const orderSourceLabels: Table<OrderSource> = {
  'zh-Hans': zhHans.orderSource,
  'zh-Hant': zhHant.orderSource,
  en: en.orderSource,
  fr: fr.orderSource,
  es: es.orderSource,
};

export const holdingStatusLabels: Table<HoldingStatus> = {
  'zh-Hans': zhHans.holdingStatus,
  'zh-Hant': zhHant.holdingStatus,
  en: en.holdingStatus,
  fr: fr.holdingStatus,
  es: es.holdingStatus,
};

/** A lot's status as the member reads it (its badge and page). */
export const lotStatusLabels: Table<LotStatus> = {
  'zh-Hans': zhHans.lotStatus,
  'zh-Hant': zhHant.lotStatus,
  en: en.lotStatus,
  fr: fr.lotStatus,
  es: es.lotStatus,
};

/** The same status as operators read it (the console's lots and live monitor): `ended` is still to settle. */
export const lotConsoleLabels: Table<LotStatus> = {
  'zh-Hans': zhHans.lotConsole,
  'zh-Hant': zhHant.lotConsole,
  en: en.lotConsole,
  fr: fr.lotConsole,
  es: es.lotConsole,
};

/**
 * Where a session stands by its start (sessions have no stored status): the console's
 * sessions list. `sessionPhaseOf` tells which.
 */
export const sessionPhases = ['upcoming', 'started'] as const;
export type SessionPhase = (typeof sessionPhases)[number];
export function sessionPhaseOf(startsAt: number, now: number): SessionPhase {
  return startsAt > now ? 'upcoming' : 'started';
}

export const sessionPhaseLabels: Table<SessionPhase> = {
  'zh-Hans': zhHans.sessionPhase,
  'zh-Hant': zhHant.sessionPhase,
  en: en.sessionPhase,
  fr: fr.sessionPhase,
  es: es.sessionPhase,
};

/** A pick-up's status (the console's shipping queue; members read their pieces' status instead). */
export const pickStatusLabels: Table<PickStatus> = {
  'zh-Hans': zhHans.pickStatus,
  'zh-Hant': zhHant.pickStatus,
  en: en.pickStatus,
  fr: fr.pickStatus,
  es: es.pickStatus,
};

/** A consignment's status as the consigning member reads it. */
export const delegationStatusLabels: Table<DelegationStatus> = {
  'zh-Hans': zhHans.delegationStatus,
  'zh-Hant': zhHant.delegationStatus,
  en: en.delegationStatus,
  fr: fr.delegationStatus,
  es: es.delegationStatus,
};

/** The same status as the reviewing operator reads it (the console's consignment queue). */
export const delegationReviewLabels: Table<DelegationStatus> = {
  'zh-Hans': zhHans.delegationReview,
  'zh-Hant': zhHant.delegationReview,
  en: en.delegationReview,
  fr: fr.delegationReview,
  es: es.delegationReview,
};

export const holdingSourceLabels: Table<HoldingSource> = {
  'zh-Hans': zhHans.holdingSource,
  'zh-Hant': zhHant.holdingSource,
  en: en.holdingSource,
  fr: fr.holdingSource,
  es: es.holdingSource,
};

/** A member's real-name status as the member reads it. */
export const realNameStatusLabels: Table<RealNameStatus> = {
  'zh-Hans': zhHans.realNameStatus,
  'zh-Hant': zhHant.realNameStatus,
  en: en.realNameStatus,
  fr: fr.realNameStatus,
  es: es.realNameStatus,
};

/** The same status as the reviewing operator reads it (the console's queue). */
export const realNameReviewLabels: Table<RealNameStatus> = {
  'zh-Hans': zhHans.realNameReview,
  'zh-Hant': zhHant.realNameReview,
  en: en.realNameReview,
  fr: fr.realNameReview,
  es: es.realNameReview,
};

export const operatorRoleLabels: Table<OperatorRole> = {
  'zh-Hans': zhHans.operatorRole,
  'zh-Hant': zhHant.operatorRole,
  en: en.operatorRole,
  fr: fr.operatorRole,
  es: es.operatorRole,
};

export const cancelReasonLabels: Table<OrderCancelReason> = {
  'zh-Hans': zhHans.cancelReason,
  'zh-Hant': zhHant.cancelReason,
  en: en.cancelReason,
  fr: fr.cancelReason,
  es: es.cancelReason,
};

/** A withdrawal's status as finance reads it (the console's queue and the CSV export). */
export const withdrawalStatusLabels: Table<WithdrawalStatus> = {
  'zh-Hans': zhHans.withdrawalStatus,
  'zh-Hant': zhHant.withdrawalStatus,
  en: en.withdrawalStatus,
  fr: fr.withdrawalStatus,
  es: es.withdrawalStatus,
};

/** Where a withdrawal is paid to. */
export const withdrawalMethodLabels: Table<WithdrawalMethod> = {
  'zh-Hans': zhHans.withdrawalMethod,
  'zh-Hant': zhHant.withdrawalMethod,
  en: en.withdrawalMethod,
  fr: fr.withdrawalMethod,
  es: es.withdrawalMethod,
};

/** An online top-up's channel. */
export const rechargeChannelLabels: Table<RechargeChannel> = {
  'zh-Hans': zhHans.rechargeChannel,
  'zh-Hant': zhHant.rechargeChannel,
  en: en.rechargeChannel,
  fr: fr.rechargeChannel,
  es: es.rechargeChannel,
};

/** An online top-up's status. */
export const rechargeStatusLabels: Table<RechargeStatus> = {
  'zh-Hans': zhHans.rechargeStatus,
  'zh-Hant': zhHant.rechargeStatus,
  en: en.rechargeStatus,
  fr: fr.rechargeStatus,
  es: es.rechargeStatus,
};

/** Templates of the memos the server writes on ledger entries (`{orderNo}` is a parameter). */
export const billMemoTemplates: Table<BillMemoCode> = {
  'zh-Hans': zhHans.billMemo,
  'zh-Hant': zhHant.billMemo,
  en: en.billMemo,
  fr: fr.billMemo,
  es: es.billMemo,
};

/**
 * Templates of the text messages the server sends (`SmsTemplateCode`; `{title}` is a
 * parameter), without the signature: a provider adds its approved signature itself.
 */
export const smsTemplates: Table<SmsTemplateCode> = {
  'zh-Hans': zhHans.sms,
  'zh-Hant': zhHant.sms,
  en: en.sms,
  fr: fr.sms,
  es: es.sms,
};

/** The house's name as a text's signature (`【拾古拍卖】`), by locale. */
export const smsSignatures: Record<Locale, string> = {
  'zh-Hans': '拾古拍卖',
  'zh-Hant': '拾古拍賣',
  en: 'Shigu Auctions',
  fr: 'Enchères Shigu',
  es: 'Subastas Shigu',
};

/** A text message as the member reads it: the signature, then the filled template. */
export function smsTextOf(sms: SmsText, locale: Locale = defaultLocale): string {
  return `【${smsSignatures[locale]}】${fillTemplate(smsTemplates[locale][sms.template], sms.params)}`;
}

/** Every table, by the kind of value it names. */
export const labels = {
  billType: billTypeLabels,
  orderStatus: orderStatusLabels,
  orderSource: orderSourceLabels,
  holdingStatus: holdingStatusLabels,
  holdingSource: holdingSourceLabels,
  lotStatus: lotStatusLabels,
  lotConsole: lotConsoleLabels,
  sessionPhase: sessionPhaseLabels,
  pickStatus: pickStatusLabels,
  delegationStatus: delegationStatusLabels,
  delegationReview: delegationReviewLabels,
  realNameStatus: realNameStatusLabels,
  realNameReview: realNameReviewLabels,
  operatorRole: operatorRoleLabels,
  cancelReason: cancelReasonLabels,
  withdrawalStatus: withdrawalStatusLabels,
  withdrawalMethod: withdrawalMethodLabels,
  rechargeChannel: rechargeChannelLabels,
  rechargeStatus: rechargeStatusLabels,
} as const;
export type LabelKind = keyof typeof labels;
export type LabelValue<K extends LabelKind> = keyof (typeof labels)[K][Locale] & string;

/** The label of a stored value; an unknown value (a newer server) shows as itself. */
export function labelOf<K extends LabelKind>(kind: K, value: LabelValue<K>, locale: Locale = defaultLocale): string {
  const table = labels[kind][locale] as Record<string, string | undefined>;
  return table[value] ?? value;
}

/** Fills `{name}` parameters; a missing one stays as written. */
export function fillTemplate(template: string, params: Readonly<Record<string, string>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}

/** The words for an order's cancel reason, or '' when there is none. */
export function cancelReasonText(reason: OrderCancelReason | undefined, locale: Locale = defaultLocale): string {
  if (!reason) return '';
  return (cancelReasonLabels[locale] as Record<string, string | undefined>)[reason] ?? reason;
}

/** The memo of a ledger entry: the translated code when the server wrote it, else the operator's remark. */
export function billMemoText(
  bill: Pick<Bill, 'remark'> & Partial<Pick<Bill, 'memoCode' | 'memoParams'>>,
  locale: Locale = defaultLocale,
): string {
  if (!bill.memoCode) return bill.remark;
  const template = (billMemoTemplates[locale] as Record<string, string | undefined>)[bill.memoCode];
  return template === undefined ? bill.remark : fillTemplate(template, bill.memoParams);
}
