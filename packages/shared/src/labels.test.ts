import { describe, expect, it } from 'vitest';
import { lotStatuses } from './auctions.schema.js';
import { delegationStatuses, holdingStatuses, pickStatuses } from './custody.schema.js';
import {
  billMemoText,
  cancelReasonText,
  labelOf,
  labels,
  locales,
  sessionPhaseOf,
  sessionPhases,
  smsTemplates,
  smsTextOf,
} from './labels.js';

describe('labels', () => {
  it('name every value in every locale', () => {
    for (const [kind, table] of Object.entries(labels)) {
      const keys = Object.keys(table['zh-Hans']).sort();
      for (const locale of locales) {
        const t = table[locale] as Record<string, string>;
        expect(Object.keys(t).sort(), `${kind} ${locale}`).toEqual(keys);
        expect(Object.values(t).every((v) => v.trim().length > 0)).toBe(true);
      }
    }
  });

  it('use the canonical wording of the house', () => {
    expect(labelOf('billType', 'bid_deposit_forfeit')).toBe('保证金没收');
    expect(labelOf('billType', 'withdraw_reject')).toBe('提现驳回');
    expect(labelOf('orderStatus', 'paid', 'en')).toBe('Paid');
    expect(cancelReasonText('PAYMENT_TIMEOUT')).toBe('超时未支付');
  });

  it('name every status the contract declares, for members and for operators', () => {
    // The types already refuse a table missing a value; this also refuses one with a stale value.
    const statusTables = {
      lotStatus: lotStatuses,
      lotConsole: lotStatuses,
      sessionPhase: sessionPhases,
      pickStatus: pickStatuses,
      holdingStatus: holdingStatuses,
      delegationStatus: delegationStatuses,
      delegationReview: delegationStatuses,
    } as const;
    for (const [kind, values] of Object.entries(statusTables)) {
      for (const locale of locales) {
        expect(Object.keys(labels[kind as keyof typeof statusTables][locale]).sort(), `${kind} ${locale}`).toEqual(
          [...values].sort(),
        );
      }
    }
  });

  it('word statuses for the member and for the operator where they read them differently', () => {
    expect(labelOf('lotStatus', 'live')).toBe('拍卖中');
    expect(labelOf('lotConsole', 'live')).toBe('竞拍中');
    expect(labelOf('lotConsole', 'ended')).toBe('已截拍，结算中');
    expect(labelOf('lotStatus', 'ended', 'zh-Hant')).toBe('已截拍');
    expect(labelOf('delegationStatus', 'listed')).toBe('拍卖中');
    expect(labelOf('delegationReview', 'listed')).toBe('已上拍');
    expect(labelOf('delegationReview', 'cancelled')).toBe('会员已撤回');
    expect(labelOf('delegationStatus', 'cancelled', 'en')).toBe('Withdrawn');
    expect(labelOf('pickStatus', 'pending')).toBe('待发货');
    expect(labelOf('pickStatus', 'shipped')).toBe(labelOf('holdingStatus', 'shipped'));
    // What both read alike is worded alike.
    for (const locale of locales) {
      expect(labels.lotConsole[locale].sold, locale).toBe(labels.lotStatus[locale].sold);
      expect(labels.lotConsole[locale].unsold, locale).toBe(labels.lotStatus[locale].unsold);
    }
  });

  it('tell a session’s phase by its start', () => {
    expect(sessionPhaseOf(2_000, 1_000)).toBe('upcoming');
    expect(sessionPhaseOf(1_000, 1_000)).toBe('started');
    expect(labelOf('sessionPhase', sessionPhaseOf(0, 1_000))).toBe('已开拍');
    expect(labelOf('sessionPhase', 'upcoming', 'fr')).toBe('Pas commencée');
  });

  it('translate server memos and keep an operator’s remark', () => {
    const entry = { remark: '', memoCode: 'ORDER_PAYMENT' as const, memoParams: { orderNo: 'M2024' } };
    expect(billMemoText(entry)).toBe('订单 M2024');
    expect(billMemoText(entry, 'fr')).toBe('Commande M2024');
    expect(billMemoText({ remark: '', memoCode: 'DEMO_DEPOSIT' }, 'zh-Hans')).toBe('银行转账入账（演示数据）');
    expect(billMemoText({ remark: '工行转账 0312' }, 'en')).toBe('工行转账 0312');
  });

  it('word every text message in every locale, with the same parameters', () => {
    const paramsOf = (t: string) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [code, zh] of Object.entries(smsTemplates['zh-Hans'])) {
      for (const locale of locales) {
        const t = (smsTemplates[locale] as Record<string, string>)[code]!;
        expect(paramsOf(t), `${code} ${locale}`).toEqual(paramsOf(zh));
      }
    }
    const won = {
      template: 'LOT_WON',
      params: { title: '铜镜', price: '¥1,200.00', due: '2025-06-01 20:00' },
    } as const;
    expect(smsTextOf(won)).toBe(
      '【拾古拍卖】恭喜您以¥1,200.00竞得「铜镜」，请于2025-06-01 20:00（北京时间）前付款，逾期订单取消、保证金不退。',
    );
    expect(smsTextOf({ template: 'CODE_TRADE', params: { code: '123456', minutes: '5' } })).toBe(
      '【拾古拍卖】验证码 123456，用于设置交易密码，5分钟内有效。如非本人操作，请忽略本短信。',
    );
    expect(smsTextOf({ template: 'PAYMENT_DUE', params: { title: 'Vase' } }, 'en')).toMatch(
      /^【Shigu Auctions】“Vase”/,
    );
  });
});
