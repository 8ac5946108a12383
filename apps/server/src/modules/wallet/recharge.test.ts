import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, operatorToken, registerMember, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: string;
let op: string;
let member: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, op] = await Promise.all([operatorToken(t, 'admin'), operatorToken(t, 'operator')]);
  member = (await registerMember(t)).token;
});

const contact = {
  phone: '400-820-1688',
  wechat: 'shigu_kefu',
  email: 'service@shigu.example',
  serviceHours: '周一至周日 9:00–21:00',
  address: '上海市黄浦区南京东路 100 号',
  qrCode: '',
  notes: '充值与提现说明',
};
const bank = {
  bankName: '中国工商银行上海南京东路支行',
  bankAccountName: '上海拾古拍卖有限公司',
  bankAccountNo: '1001 2345 6789 0123 456',
  bankNotes: '转账附言请填写您注册的手机号。\n工作时间内一般 30 分钟内入账。',
};

describe('GET /asset/recharge/config', () => {
  it('offers a bank transfer to the house’s account, no online channel until one is configured, and the settings’ limits', async () => {
    const before = await t.call('GET', '/v1/iyd/asset/recharge/config', { token: member });
    expect(before.status).toBe(200);
    // Nothing set yet: an empty account (the page then points to the contact page), the default limits.
    expect(before.data).toEqual({
      channels: [],
      minAmount: 100,
      maxAmount: 5_000_000,
      bank: { name: '', accountName: '', accountNo: '', notes: '' },
    });

    expect((await t.call('PUT', '/v1/admin/contact', { token: op, body: { ...contact, ...bank } })).status).toBe(200);
    const limits = await t.call('PUT', '/v1/admin/settings', {
      token: admin,
      body: { recharge: { minAmount: 1_000, maxAmount: 2_000_000 } },
    });
    expect(limits.status).toBe(200);

    const after = await t.call('GET', '/v1/iyd/asset/recharge/config', { token: member });
    expect(after.data).toEqual({
      channels: [],
      minAmount: 1_000,
      maxAmount: 2_000_000,
      bank: {
        name: bank.bankName,
        accountName: bank.bankAccountName,
        accountNo: bank.bankAccountNo,
        notes: bank.bankNotes,
      },
    });
    // The member-facing contact page stays as it was: the account is the top-up page's.
    expect(Object.keys((await t.call('GET', '/v1/iyd/contact')).data)).not.toContain('bankAccountNo');
  });

  it('is for members only', async () => {
    expect((await t.call('GET', '/v1/iyd/asset/recharge/config')).status).toBe(401);
    expect((await t.call('GET', '/v1/iyd/asset/recharge/config', { token: op })).status).toBe(401);
  });

  it('refuses top-up limits whose smallest is above the largest, and keeps the stored ones', async () => {
    const stored = (await t.call('GET', '/v1/admin/settings', { token: admin })).data.recharge;
    const r = await t.call('PUT', '/v1/admin/settings', {
      token: admin,
      body: { recharge: { minAmount: 3_000_000, maxAmount: 2_000_000 } },
    });
    expect([r.status, r.data.field]).toEqual([400, 'recharge.maxAmount']);
    expect(r.msg).toBe('单笔最高充值不能低于单笔最低充值');
    expect(
      (await t.call('PUT', '/v1/admin/settings', { token: admin, body: { recharge: { minAmount: 0, maxAmount: 1 } } }))
        .status,
    ).toBe(400);
    expect((await t.call('GET', '/v1/admin/settings', { token: admin })).data.recharge).toEqual(stored);
  });
});
