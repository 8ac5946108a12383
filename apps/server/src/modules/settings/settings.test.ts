import { defaultSettings } from '@antique/shared';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTestApp,
  lastSmsCode,
  newPhone,
  operatorToken,
  PASSWORD,
  sendCode,
  type TestApp,
} from '../../test/harness.js';
import { idNumber, secondInstance } from '../../test/auction-fixtures.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await operatorToken(t, 'admin');
});

const NAME = '林婉清';
const TRADE = '135790';

/** A verified member with a trade password and 10,000 yuan. */
async function member() {
  const phone = newPhone();
  const at = new Date(t.clock.now());
  const m = await t.services.members.create({
    phone,
    password: PASSWORD,
    nickname: `藏家${phone.slice(-4)}`,
    realName: { name: NAME, idNumber: idNumber(), submittedAt: at, reviewedAt: at },
  });
  const token = (await t.call('POST', '/v1/iyd/member/login', { body: { phone, password: PASSWORD } })).data
    .token as string;
  await sendCode(t, undefined, 'trade', token);
  await t.call('POST', '/v1/iyd/member/password/trade', {
    token,
    body: { smsCode: await lastSmsCode(t, phone), tradePassword: TRADE },
  });
  await t.services.wallet.deposit(null, m!.id, { amount: 1_000_000 });
  return { id: m!.id, token };
}

const withdrawBody = (amount: number) => ({
  amount,
  method: 'bank',
  accountName: NAME,
  accountNo: '6222020200112233445',
  bankName: '中国工商银行',
  tradePassword: TRADE,
});

const put = (body: unknown) => t.call('PUT', '/v1/admin/settings', { token: admin, body });
const settings = async () => (await t.call('GET', '/v1/admin/settings', { token: admin })).data;

describe('settings', () => {
  it('take effect on the next call, here and in a second instance, audited with before and after', async () => {
    const m = await member();
    const other = await secondInstance(t, t.clock);
    try {
      const configThere = async () =>
        (
          await other.app.inject({
            method: 'GET',
            url: '/v1/iyd/asset/withdraw/config',
            headers: { authorization: `Bearer ${m.token}` },
          })
        ).json().data as { minAmount: number };
      // both instances have read (and may keep) the defaults
      expect((await t.call('GET', '/v1/iyd/asset/withdraw/config', { token: m.token })).data.minAmount).toBe(10_000);
      expect((await configThere()).minAmount).toBe(10_000);

      const withdraw = { ...defaultSettings.withdraw, minAmount: 20_000 };
      const r = await put({ withdraw });
      expect(r.code).toBe(200);
      expect(r.data.withdraw).toEqual(withdraw);

      const config = await t.call('GET', '/v1/iyd/asset/withdraw/config', { token: m.token });
      expect(config.data).toMatchObject({ minAmount: 20_000, maxAmount: 5_000_000 });
      const refused = await t.call('POST', '/v1/iyd/asset/withdraw', { token: m.token, body: withdrawBody(15_000) });
      expect([refused.status, refused.data]).toEqual([
        422,
        { reason: 'WITHDRAW_LIMIT', limit: 'minAmount', minAmount: 20_000, maxAmount: 5_000_000 },
      ]);
      // The other instance hears of it at the commit (PostgreSQL NOTIFY), long before any cache would expire.
      await vi.waitFor(async () => expect((await configThere()).minAmount).toBe(20_000), { timeout: 2000 });
      const there = await other.app.inject({
        method: 'POST',
        url: '/v1/iyd/asset/withdraw',
        headers: { authorization: `Bearer ${m.token}` },
        payload: withdrawBody(15_000),
      });
      expect(there.json().data).toMatchObject({ reason: 'WITHDRAW_LIMIT', limit: 'minAmount' });
      expect(
        (await t.call('POST', '/v1/iyd/asset/withdraw', { token: m.token, body: withdrawBody(20_000) })).code,
      ).toBe(200);

      const audit = await t.call('GET', '/v1/admin/audit', { token: admin, query: { action: 'settings.update' } });
      expect(audit.data.list[0]).toMatchObject({
        targetType: 'settings',
        before: { withdraw: defaultSettings.withdraw },
        after: { withdraw },
      });
      expect(Object.keys(audit.data.list[0].after)).toEqual(['withdraw']);
    } finally {
      await other.close();
      await put({ withdraw: defaultSettings.withdraw });
    }
  });

  it('refuse bad values by field and change nothing', async () => {
    const before = await settings();
    const w = defaultSettings.withdraw;
    const cases: [unknown, string][] = [
      [{ withdraw: { ...w, minAmount: 6_000_000 } }, 'withdraw.maxAmount'],
      [{ withdraw: { ...w, feeBps: -1 } }, 'withdraw.feeBps'],
      [{ withdraw: { ...w, minAmount: 1.5 } }, 'withdraw.minAmount'],
      [{ withdraw: { minAmount: 20_000 } }, 'withdraw.maxAmount'],
      [{ mallPaymentMinutes: '15' }, 'mallPaymentMinutes'],
      [{ buyerPremiumBps: -100 }, 'buyerPremiumBps'],
      [{ vipThresholds: [0, 1, 2] }, 'vipThresholds'],
      [{ increments: [[null, 0]] }, 'increments.0.1'],
      // VIP levels that do not rise, or a V0 that asks for money.
      [{ vipThresholds: [0, 100_000, 100_000, 5_000_000, 20_000_000, 100_000_000] }, 'vipThresholds'],
      [{ vipThresholds: [1, 100_000, 1_000_000, 5_000_000, 20_000_000, 100_000_000] }, 'vipThresholds'],
      // Increment limits that fall, a last row with a limit, a middle row without one.
      [
        {
          increments: [
            [500_000, 1_000],
            [100_000, 5_000],
            [null, 10_000],
          ],
        },
        'increments',
      ],
      [
        {
          increments: [
            [100_000, 1_000],
            [500_000, 5_000],
          ],
        },
        'increments',
      ],
      [
        {
          increments: [
            [100_000, 1_000],
            [null, 5_000],
            [null, 10_000],
          ],
        },
        'increments',
      ],
      [{ referralRateBps: 101 }, 'referralRateBps'],
      [{ sms: { ...defaultSettings.sms, dailyLimit: 0 } }, 'sms.dailyLimit'],
      [{ withdrawFee: 5 }, 'withdrawFee'],
      [{ referralRateBps: 10, demoSeeded: false }, 'demoSeeded'],
    ];
    for (const [body, field] of cases) {
      const r = await put(body);
      expect([r.status, r.data?.field], JSON.stringify(body)).toEqual([400, field]);
    }
    expect(await settings()).toEqual(before);
    expect((await t.call('PUT', '/v1/admin/settings', { token: admin, body: [] })).status).toBe(400);
  });

  it('name every business number of the product, with its default', async () => {
    expect(await settings()).toEqual(defaultSettings);
    expect(defaultSettings).toMatchObject({
      mallPaymentMinutes: 15,
      auctionPaymentHours: 48,
      bidDepositBps: 1000,
      buyerPremiumBps: 1000,
      sellerCommissionBps: 800,
      softCloseSeconds: 120,
      softCloseCapMinutes: 30,
      withdraw: { minAmount: 10_000, maxAmount: 5_000_000, perDay: 3, feeBps: 50, minFee: 200 },
      vipThresholds: [0, 100_000, 1_000_000, 5_000_000, 20_000_000, 100_000_000],
      referralRateBps: 0,
      pickAutoReceiveDays: 10,
      guaranteeDays: 7,
      sms: { cooldownSeconds: 60, dailyLimit: 10 },
    });
    expect(defaultSettings.increments).toEqual([
      [100_000, 1_000],
      [500_000, 5_000],
      [2_000_000, 20_000],
      [10_000_000, 50_000],
      [null, 100_000],
    ]);
    const support = await operatorToken(t, 'support');
    expect((await t.call('PUT', '/v1/admin/settings', { token: support, body: { referralRateBps: 1 } })).status).toBe(
      403,
    );
  });
});
