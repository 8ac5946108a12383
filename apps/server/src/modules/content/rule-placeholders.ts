import {
  fillRulePlaceholders,
  rulePlaceholders,
  type RulePlaceholderInfo,
  type RulePlaceholderKey,
  type HouseFigures,
  type Settings,
} from '@antique/shared';
import { yearsSince } from './house.service.js';

const grouped = (n: number) => n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Fen as a rule writes yuan: 100, 50,000, 2.50 (no symbol: the text says 元). */
export function yuanText(fen: number): string {
  const whole = grouped(Math.floor(fen / 100));
  const cents = fen % 100;
  return cents === 0 ? whole : `${whole}.${String(cents).padStart(2, '0')}`;
}

/** Basis points as a percentage: 1000 → 10, 50 → 0.5, 1 → 0.01 (integers only, no float rounding). */
export function percentText(bps: number): string {
  const whole = Math.floor(bps / 100);
  const rest = String(bps % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return rest ? `${whole}.${rest}` : String(whole);
}

/** The increment table in one sentence, as the auction rule reads it. */
export function incrementSentence(rows: Settings['increments']): string {
  if (rows.length === 1) return `每次加价 ${yuanText(rows[0]![1])} 元`;
  return rows
    .map(([below, step], i) => {
      if (below === null) return `${yuanText(rows[i - 1]![0]!)} 元及以上：${yuanText(step)} 元`;
      return `${i === 0 ? '当前价低于' : '低于'} ${yuanText(below)} 元：${yuanText(step)} 元`;
    })
    .join('；');
}

/** The house's figures of the last 12 months a rule may read (counted by auctions), and the time now. */
export interface RuleFacts {
  now: number;
  figures?: HouseFigures;
}

/** The placeholders whose values are counted from the lots (only fetched when a text uses them). */
export const FIGURE_PLACEHOLDER = /\{\{\s*(lotsSold12m|sellThroughPercent12m|totalHammerYuan12m)\s*\}\}/;

/** What each placeholder reads today. */
export function placeholderValues(s: Settings, facts: RuleFacts): Record<RulePlaceholderKey, string> {
  const f = facts.figures;
  return {
    withdrawMinYuan: yuanText(s.withdraw.minAmount),
    withdrawMaxYuan: yuanText(s.withdraw.maxAmount),
    withdrawPerDay: String(s.withdraw.perDay),
    withdrawFeePercent: percentText(s.withdraw.feeBps),
    withdrawMinFeeYuan: yuanText(s.withdraw.minFee),
    bidDepositPercent: percentText(s.bidDepositBps),
    buyerPremiumPercent: percentText(s.buyerPremiumBps),
    sellerCommissionPercent: percentText(s.sellerCommissionBps),
    softCloseSeconds: String(s.softCloseSeconds),
    softCloseCapMinutes: String(s.softCloseCapMinutes),
    incrementTable: incrementSentence(s.increments),
    auctionPaymentHours: String(s.auctionPaymentHours),
    mallPaymentMinutes: String(s.mallPaymentMinutes),
    maxUnpaidOrders: String(s.maxUnpaidOrders),
    pickAutoReceiveDays: String(s.pickAutoReceiveDays),
    tradePasswordMaxFailures: String(s.tradePassword.maxFailures),
    tradePasswordLockMinutes: String(s.tradePassword.lockMinutes),
    houseCompany: s.house.company,
    houseLicence: s.house.licence,
    houseFoundedYear: String(s.house.foundedYear),
    houseYears: String(yearsSince(s.house.foundedYear, facts.now)),
    houseAddress: s.house.address,
    guaranteeDays: String(s.guaranteeDays),
    lotsSold12m: f ? grouped(f.sold) : '',
    sellThroughPercent12m: f ? percentText(f.sellThroughBps) : '',
    totalHammerYuan12m: f ? yuanText(f.totalHammer) : '',
  };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A rule's stored text as a member reads it: every placeholder filled from the settings given. */
export function fillRule(content: string, settings: Settings, facts: RuleFacts): string {
  const values = placeholderValues(settings, facts);
  const escaped = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, escapeHtml(v)]));
  return fillRulePlaceholders(content, escaped as Record<RulePlaceholderKey, string>);
}

/** The console's list: every placeholder, what it stands for, and its value today. */
export function placeholderList(settings: Settings, facts: RuleFacts): RulePlaceholderInfo[] {
  const values = placeholderValues(settings, facts);
  return (Object.keys(rulePlaceholders) as RulePlaceholderKey[]).map((key) => ({
    key,
    label: rulePlaceholders[key],
    value: values[key],
  }));
}
