import { describe, expect, it } from 'vitest';
import { defaultSettings } from '@antique/shared';
import { changesBetween, formNameOf, patchOf, readForm, toFormValues } from './settings-model';

describe('settings model', () => {
  it('reads the stored settings back unchanged through the form', () => {
    const read = readForm(toFormValues(defaultSettings));
    expect(read.problems).toEqual([]);
    expect(read.settings).toEqual(defaultSettings);
  });

  it('names the form field of a server path, increment rows included', () => {
    expect(formNameOf(['withdraw', 'maxAmount'])).toEqual(['withdraw', 'maxAmount']);
    expect(formNameOf('increments.2.0'.split('.'))).toEqual(['increments', 2, 'below']);
    expect(formNameOf('increments.4.1'.split('.'))).toEqual(['increments', 4, 'step']);
    expect(formNameOf('vipThresholds.3'.split('.'))).toEqual(['vipThresholds', 3]);
  });

  it('patches whole changed sections only, and lists each changed value', () => {
    const next = {
      ...defaultSettings,
      sms: { ...defaultSettings.sms, dailyLimit: 8 },
      vipThresholds: [0, 200_000, ...defaultSettings.vipThresholds.slice(2)],
    };
    expect(patchOf(defaultSettings, next)).toEqual({ sms: next.sms, vipThresholds: next.vipThresholds });
    expect(changesBetween(defaultSettings, next)).toEqual([
      { section: 'sms', label: '每个手机号每日上限', before: '10 条', after: '8 条' },
      { section: 'vipThresholds', label: 'V1 累计支付门槛', before: '¥1,000.00', after: '¥2,000.00' },
    ]);
  });

  it('refuses VIP thresholds out of order and a rate above its bound, in Chinese', () => {
    const values = toFormValues(defaultSettings);
    values.vipThresholds = ['0', '1000', '900', '50000', '200000', '1000000'];
    (values.withdraw as Record<string, unknown>).feeBps = 60;
    const first = readForm(values);
    expect(first.problems).toEqual([{ name: ['vipThresholds', 2], message: '须高于 V1 的门槛' }]);
    values.vipThresholds[2] = '10000';
    expect(readForm(values).problems).toEqual([{ name: ['withdraw', 'feeBps'], message: '不能高于 50.00%' }]);
  });

  it('reads the top-up limits in yuan and refuses a largest below the smallest', () => {
    const values = toFormValues(defaultSettings);
    expect(values.recharge).toEqual({ minAmount: '1.00', maxAmount: '50000.00' });
    (values.recharge as Record<string, unknown>).minAmount = '100';
    expect(readForm(values).settings?.recharge).toEqual({ minAmount: 10_000, maxAmount: 5_000_000 });
    (values.recharge as Record<string, unknown>).maxAmount = '50';
    expect(readForm(values).problems).toEqual([
      { name: ['recharge', 'maxAmount'], message: '单笔最高充值不能低于单笔最低充值' },
    ]);
  });
});
