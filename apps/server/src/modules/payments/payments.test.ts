import { billMemoText } from '@antique/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePay, type FakePay } from '../../test/fake-pay-provider.js';
import {
  createProduct,
  createTestApp,
  lastSmsCode,
  newPhone,
  operatorToken,
  PASSWORD,
  registerMember,
  sendCode,
  type TestApp,
} from '../../test/harness.js';
import { freePort } from '../../db/client.js';
import { bid, houseLot, idNumber, verifiedBidder } from '../../test/auction-fixtures.js';

let fake: FakePay;
let t: TestApp;
let finance: string;
beforeAll(async () => {
  fake = await startFakePay();
  t = await createTestApp(fake.env);
  finance = await operatorToken(t, 'finance');
});
afterAll(async () => {
  await fake.close();
});

type Member = { id: number; token: string };
const balance = async (m: Member) => (await t.services.wallet.summary(m.id)).balance;
const recharge = (m: Member, body: Record<string, unknown>, key?: string) =>
  t.call('POST', '/v1/iyd/asset/recharge', {
    token: m.token,
    body,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

async function alipayNotify(body: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/pay/alipay/notify',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    payload: body,
  });
  return { status: res.statusCode, text: res.body };
}

async function wechatNotify(n: { headers: Record<string, string>; body: string }) {
  const res = await t.app.inject({ method: 'POST', url: '/v1/pay/wechat/notify', headers: n.headers, payload: n.body });
  return { status: res.statusCode, text: res.body };
}

/** An Alipay top-up opened by the member and its page opened at the (fake) provider. */
async function openAlipay(m: Member, amount = 10_000) {
  const r = await recharge(m, { amount, channel: 'alipay' });
  expect(r.code, r.msg).toBe(200);
  fake.openAlipayPage(r.data.payUrl as string);
  return r.data as { id: number; no: string; amount: number; status: string; createdAt: number };
}

const noticesOf = async (no: string) => {
  const r = await t.call('GET', '/v1/admin/payment-notices', { token: finance, query: { pageSize: 50 } });
  return (r.data.list as { outTradeNo?: string; verdict: string; reason?: string }[]).filter(
    (n) => n.outTradeNo === no,
  );
};

describe('opening a top-up', () => {
  it('offers the configured channels and opens an Alipay page signed with the app key', async () => {
    const m = await registerMember(t);
    const config = await t.call('GET', '/v1/iyd/asset/recharge/config', { token: m.token });
    expect(config.data.channels).toEqual(['alipay', 'wechat']);

    const r = await recharge(m, { amount: 12_345, channel: 'alipay' });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ amount: 12_345, channel: 'alipay', status: 'pending' });
    expect(r.data.no).toMatch(/^R\d{20}$/);
    expect(r.data.expiresAt - r.data.createdAt).toBe(30 * 60_000);
    const page = fake.openAlipayPage(r.data.payUrl as string);
    expect(page).toMatchObject({
      method: 'alipay.trade.wap.pay',
      notify_url: 'https://paimai.example.com/v1/pay/alipay/notify',
      biz: { out_trade_no: r.data.no, total_amount: '123.45', product_code: 'QUICK_WAP_WAY' },
    });
    expect(page.return_url).toContain(`recharge-result?id=${r.data.id}`);

    const info = await t.call('GET', '/v1/iyd/asset/recharge/info', { token: m.token, query: { id: r.data.id } });
    expect(info.data).toMatchObject({ id: r.data.id, status: 'pending' });
    const other = await registerMember(t);
    const theirs = await t.call('GET', '/v1/iyd/asset/recharge/info', { token: other.token, query: { id: r.data.id } });
    expect(theirs.status).toBe(404);
  });

  it('refuses amounts outside the settings’ limits, and a retry with the same key is the same recharge', async () => {
    const m = await registerMember(t);
    const low = await recharge(m, { amount: 99, channel: 'alipay' });
    expect(low.status).toBe(422);
    expect(low.data).toMatchObject({ reason: 'RECHARGE_LIMIT', min: 100, max: 5_000_000 });
    const high = await recharge(m, { amount: 5_000_001, channel: 'wechat' });
    expect(high.data.reason).toBe('RECHARGE_LIMIT');
    const none = await recharge(m, { channel: 'alipay' });
    expect(none.status).toBe(400);

    const [a, b] = await Promise.all([
      recharge(m, { amount: 500, channel: 'wechat' }, 'top-up-1'),
      recharge(m, { amount: 500, channel: 'wechat' }, 'top-up-1'),
    ]);
    const ok = [a, b].filter((r) => r.code === 200);
    expect(ok.length).toBeGreaterThan(0);
    expect(new Set(ok.map((r) => r.data.id)).size).toBe(1);
    const again = await recharge(m, { amount: 500, channel: 'wechat' }, 'top-up-1');
    expect(again.data.id).toBe(ok[0]!.data.id);
    const list = await t.call('GET', '/v1/admin/recharges', { token: finance, query: { memberId: m.id } });
    expect(list.data.total).toBe(1);
  });
});

describe('Alipay notices', () => {
  it('a notice credits the wallet once, answers success, and a repeated notice credits nothing', async () => {
    const m = await registerMember(t);
    const online = async () =>
      (await t.call('GET', '/v1/admin/dashboard', { token: finance })).data.money.onlineInToday as number;
    const before = await online();
    const r = await openAlipay(m, 10_000);
    fake.pay(r.no);
    const notice = fake.alipayNotice(r.no);
    expect(await alipayNotify(notice)).toEqual({ status: 200, text: 'success' });
    expect(await balance(m)).toBe(10_000);
    expect(await alipayNotify(notice)).toEqual({ status: 200, text: 'success' });
    expect(await balance(m)).toBe(10_000);

    const info = await t.call('GET', '/v1/iyd/asset/recharge/info', { token: m.token, query: { id: r.id } });
    expect(info.data.status).toBe('paid');
    expect(info.data.payUrl).toBeUndefined();
    const bills = await t.call('GET', '/v1/iyd/asset/bill', { token: m.token });
    expect(bills.data.list[0]).toMatchObject({ type: 'recharge', amount: 10_000, refType: 'recharge', refId: r.id });
    expect(billMemoText(bills.data.list[0])).toBe(`支付宝充值 ${r.no}`);
    expect((await noticesOf(r.no)).map((n) => n.verdict)).toEqual(['duplicate', 'credited']);
    expect(await online()).toBe(before + 10_000);
    const paid = await t.call('GET', '/v1/admin/recharges', {
      token: finance,
      query: { status: 'paid', channel: 'alipay', keyword: r.no, from: r.createdAt },
    });
    expect(paid.data.list).toHaveLength(1);
    expect(paid.data.list[0]).toMatchObject({ no: r.no, status: 'paid', late: false, memberId: m.id });
    expect(paid.data.list[0].providerTradeNo).toBe(fake.trades.get(r.no)?.tradeNo);
    const wechatOnly = await t.call('GET', '/v1/admin/recharges', {
      token: finance,
      query: { channel: 'wechat', keyword: r.no },
    });
    expect(wechatOnly.data.total).toBe(0);
    const reconcile = await t.call('GET', '/v1/admin/reconcile', { token: finance });
    expect(reconcile.data.ok).toBe(true);
  });

  it('the same notice ten times in parallel credits once', async () => {
    const m = await registerMember(t);
    const r = await openAlipay(m, 20_000);
    fake.pay(r.no);
    const notice = fake.alipayNotice(r.no);
    const answers = await Promise.all(Array.from({ length: 10 }, () => alipayNotify(notice)));
    expect(answers.every((a) => a.text === 'success')).toBe(true);
    expect(await balance(m)).toBe(20_000);
    const verdicts = (await noticesOf(r.no)).map((n) => n.verdict).sort();
    expect(verdicts).toEqual(['credited', ...Array<string>(9).fill('duplicate')]);
  });

  it('a tampered amount, a wrong app id, a bad signature or an unknown order credits nothing and is kept', async () => {
    const m = await registerMember(t);
    const r = await openAlipay(m, 30_000);
    fake.pay(r.no);
    const genuine = fake.alipayNotice(r.no);
    const tampered = genuine.replace('total_amount=300.00', 'total_amount=3000.00');
    expect(tampered).not.toBe(genuine);
    const cases = [
      { body: tampered, reason: 'bad_signature' },
      { body: fake.alipayNotice(r.no, { total_amount: '3000.00' }), reason: 'amount_mismatch' },
      { body: fake.alipayNotice(r.no, { app_id: '2021999999999999' }), reason: 'wrong_app' },
      {
        body: fake.alipayNotice(
          r.no,
          {},
          (await import('node:crypto')).generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey,
        ),
        reason: 'bad_signature',
      },
    ];
    for (const c of cases) {
      expect(await alipayNotify(c.body)).toEqual({ status: 200, text: 'failure' });
    }
    const unknown = await alipayNotify(fake.alipayNotice('R20261127000000123456', { total_amount: '300.00' }));
    expect(unknown.text).toBe('failure');
    expect(await balance(m)).toBe(0);
    expect((await noticesOf(r.no)).map((n) => n.reason).reverse()).toEqual(cases.map((c) => c.reason));
    const refused = await t.call('GET', '/v1/admin/payment-notices', { token: finance, query: { verdict: 'refused' } });
    expect(refused.data.list.some((n: { reason: string; outTradeNo: string }) => n.reason === 'unknown_order')).toBe(
      true,
    );
    // The genuine notice still credits afterwards.
    expect((await alipayNotify(genuine)).text).toBe('success');
    expect(await balance(m)).toBe(30_000);
  });
});

describe('WeChat Pay', () => {
  it('opens an H5 payment signed with the merchant key; its notice credits once and answers 204', async () => {
    const m = await registerMember(t);
    const r = await recharge(m, { amount: 8_800, channel: 'wechat' });
    expect(r.code, r.msg).toBe(200);
    expect(r.data.payUrl).toMatch(/\/wechat\/h5\?no=R\d+.*&redirect_url=https%3A%2F%2Fpaimai\.example\.com/);
    expect(fake.trades.get(r.data.no)).toMatchObject({ amount: 8_800, state: 'waiting' });
    fake.pay(r.data.no);
    const notice = fake.wechatNotice(r.data.no);
    expect((await wechatNotify(notice)).status).toBe(204);
    expect((await wechatNotify(notice)).status).toBe(204);
    expect(await balance(m)).toBe(8_800);
  });

  it('refuses a forged signature, another merchant, another amount, or a resource not sealed with our key', async () => {
    const m = await registerMember(t);
    const r = await recharge(m, { amount: 6_600, channel: 'wechat' });
    fake.pay(r.data.no);
    const crypto = await import('node:crypto');
    const cases = [
      {
        n: fake.wechatNotice(
          r.data.no,
          {},
          { signWith: crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey },
        ),
        reason: 'bad_signature',
      },
      { n: fake.wechatNotice(r.data.no, { mchid: '1900000999' }), reason: 'wrong_app' },
      { n: fake.wechatNotice(r.data.no, { amount: { total: 66_000 } }), reason: 'amount_mismatch' },
      { n: fake.wechatNotice(r.data.no, {}, { apiV3Key: 'x'.repeat(32) }), reason: 'malformed' },
    ];
    for (const c of cases) {
      const a = await wechatNotify(c.n);
      expect(a.status).toBe(400);
      expect(JSON.parse(a.text)).toMatchObject({ code: 'FAIL' });
    }
    const tampered = fake.wechatNotice(r.data.no);
    const a = await wechatNotify({ ...tampered, body: tampered.body.replace('"summary":"支付成功"', '"summary":"x"') });
    expect(a.status).toBe(400);
    expect(await balance(m)).toBe(0);
    // A notice whose signature fails is not opened: it is kept as received, without its order number.
    expect((await noticesOf(r.data.no)).map((n) => n.reason).reverse()).toEqual(['wrong_app', 'amount_mismatch']);
    const refused = await t.call('GET', '/v1/admin/payment-notices', {
      token: finance,
      query: { verdict: 'refused', channel: 'wechat', pageSize: 5 },
    });
    expect(refused.data.list.map((n: { reason: string }) => n.reason)).toEqual([
      'bad_signature',
      'malformed',
      'amount_mismatch',
      'wrong_app',
      'bad_signature',
    ]);
  });
});

describe('when no notice comes', () => {
  it('the job asks the provider and credits a paid trade', async () => {
    const m = await registerMember(t);
    const a = await openAlipay(m, 4_000);
    const w = (await recharge(m, { amount: 5_000, channel: 'wechat' })).data as { no: string };
    fake.pay(a.no);
    fake.pay(w.no);
    t.clock.advance(2 * 60_000);
    await t.services.rechargeFlow.sweep();
    expect(await balance(m)).toBe(9_000);
    const list = await t.call('GET', '/v1/admin/recharges', { token: finance, query: { memberId: m.id } });
    expect(list.data.list.map((r: { status: string }) => r.status)).toEqual(['paid', 'paid']);
    expect(list.data.list.every((r: { providerTradeNo?: string }) => r.providerTradeNo)).toBe(true);
    // The notice arriving afterwards is a duplicate.
    expect((await alipayNotify(fake.alipayNotice(a.no))).text).toBe('success');
    expect(await balance(m)).toBe(9_000);
  });

  it('closes an expired unpaid recharge at the provider; a payment arriving later is still credited, flagged late', async () => {
    const m = await registerMember(t);
    const r = await openAlipay(m, 7_000);
    t.clock.advance(31 * 60_000);
    await t.services.rechargeFlow.sweep();
    expect(fake.trades.get(r.no)?.state).toBe('closed');
    const info = await t.call('GET', '/v1/iyd/asset/recharge/info', { token: m.token, query: { id: r.id } });
    expect(info.data.status).toBe('closed');

    fake.pay(r.no);
    expect((await alipayNotify(fake.alipayNotice(r.no))).text).toBe('success');
    expect(await balance(m)).toBe(7_000);
    const list = await t.call('GET', '/v1/admin/recharges', { token: finance, query: { memberId: m.id } });
    expect(list.data.list[0]).toMatchObject({ status: 'paid', late: true });
  });

  it('finance asks the provider again', async () => {
    const m = await registerMember(t);
    const r = await openAlipay(m, 2_500);
    const waiting = await t.call('POST', `/v1/admin/recharges/${r.id}/query`, { token: finance });
    expect(waiting.data.provider).toEqual({ state: 'waiting', detail: 'WAIT_BUYER_PAY' });
    fake.pay(r.no);
    const paid = await t.call('POST', `/v1/admin/recharges/${r.id}/query`, { token: finance });
    expect(paid.data.provider.state).toBe('paid');
    expect(paid.data.recharge).toMatchObject({ status: 'paid', memberId: m.id });
    expect(await balance(m)).toBe(2_500);
    const support = await operatorToken(t, 'support');
    expect((await t.call('POST', `/v1/admin/recharges/${r.id}/query`, { token: support })).status).toBe(403);

    const csv = await t.app.inject({
      method: 'GET',
      url: '/v1/admin/export/recharges',
      headers: { authorization: `Bearer ${finance}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(r.no);
    expect(csv.body).toContain('支付宝');
  });
});

describe('paying an order’s shortfall', () => {
  it('asks for the shortfall and pays the order when the money arrives', async () => {
    const op = await operatorToken(t);
    const product = await createProduct(t, op, { price: 12_800, marketPrice: 20_000, stock: 3 });
    const m = await registerMember(t);
    await t.services.wallet.deposit(null, m.id, { amount: 3_000 });
    const order = await t.call('POST', '/v1/iyd/order/create', {
      token: m.token,
      body: { items: [{ productId: product.id, quantity: 1 }] },
    });
    expect(order.code).toBe(200);
    const r = await recharge(m, { channel: 'wechat', orderId: order.data.id });
    expect(r.data).toMatchObject({ amount: 9_800, orderId: order.data.id });
    fake.pay(r.data.no);
    expect((await wechatNotify(fake.wechatNotice(r.data.no))).status).toBe(204);
    const after = await t.call('GET', '/v1/iyd/order/info', { token: m.token, query: { id: order.data.id } });
    expect(after.data.status).toBe('paid');
    expect(await balance(m)).toBe(0);

    await t.services.wallet.deposit(null, m.id, { amount: 20_000 });
    const order2 = await t.call('POST', '/v1/iyd/order/create', {
      token: m.token,
      body: { items: [{ productId: product.id, quantity: 1 }] },
    });
    const covered = await recharge(m, { channel: 'alipay', orderId: order2.data.id });
    expect(covered.status).toBe(409);
    expect(covered.data.reason).toBe('NO_SHORTFALL');
    const theirs = await recharge(await registerMember(t), { channel: 'alipay', orderId: order2.data.id });
    expect(theirs.status).toBe(404);
  });
});

describe('paying a won lot’s shortfall', () => {
  it('applies the deposit, pays the rest online in one step, and the piece is the winner’s', async () => {
    const admin = await operatorToken(t, 'admin');
    const lot = await houseLot(t, admin, { startPrice: 100_000, endsIn: 60_000 });
    const winner = await verifiedBidder(t, { money: 100_000 });
    const placed = await bid(t, winner.token, lot.id, 100_000);
    expect(placed.code, placed.msg).toBe(200);
    const ends = (await t.call('GET', '/v1/iyd/auction/info', { query: { id: lot.id } })).data.endsAt as number;
    t.clock.set(ends + 1);
    while ((await t.services.lotCloseFlow.closeDue()) > 0);

    const orders = await t.call('GET', '/v1/iyd/order/list', { token: winner.token, query: { source: 'auction' } });
    const order = orders.data.list[0] as { id: number; amount: number; status: string };
    expect(order.status).toBe('pending');
    const left = (await t.services.wallet.summary(winner.id)).balance;
    expect(order.amount).toBeGreaterThan(left);

    const r = await recharge(winner, { channel: 'alipay', orderId: order.id });
    expect(r.data).toMatchObject({ amount: order.amount - left, orderId: order.id, status: 'pending' });
    fake.openAlipayPage(r.data.payUrl as string);
    fake.pay(r.data.no);
    expect(await alipayNotify(fake.alipayNotice(r.data.no))).toEqual({ status: 200, text: 'success' });

    const paid = await t.call('GET', '/v1/iyd/order/info', { token: winner.token, query: { id: order.id } });
    expect(paid.data.status).toBe('paid');
    expect(await t.services.wallet.summary(winner.id)).toMatchObject({ balance: 0, frozen: 0 });
    const held = await t.call('GET', '/v1/iyd/pick/list', { token: winner.token, query: { status: 'held' } });
    expect(held.data.list.map((h: { id: number }) => h.id)).toContain(lot.holdingId);
  });
});

describe('a withdrawal paid through Alipay’s transfer', () => {
  async function approvedAlipayWithdrawal(name: string, account: string) {
    const phone = newPhone();
    const at = new Date(t.clock.now());
    const created = await t.services.members.create({
      phone,
      password: PASSWORD,
      nickname: `藏家${phone.slice(-4)}`,
      realName: { name, idNumber: idNumber(), submittedAt: at, reviewedAt: at },
    });
    const login = await t.call('POST', '/v1/iyd/member/login', { body: { phone, password: PASSWORD } });
    const token = login.data.token as string;
    await sendCode(t, undefined, 'trade', token);
    await t.call('POST', '/v1/iyd/member/password/trade', {
      token,
      body: { smsCode: await lastSmsCode(t, phone), tradePassword: '135790' },
    });
    await t.services.wallet.deposit(null, created!.id, { amount: 100_000 });
    const w = await t.call('POST', '/v1/iyd/asset/withdraw', {
      token,
      body: { amount: 50_000, method: 'alipay', accountName: name, accountNo: account, tradePassword: '135790' },
    });
    expect(w.code, w.msg).toBe(200);
    await t.call('POST', `/v1/admin/withdrawals/${w.data.id}/approve`, { token: finance });
    return { id: created!.id, token, withdrawalId: w.data.id as number };
  }

  it('pays when Alipay accepts the payee', async () => {
    fake.alipayAccounts.set('13800138001', '林婉清');
    const m = await approvedAlipayWithdrawal('林婉清', '13800138001');
    const r = await t.call('POST', `/v1/admin/withdrawals/${m.withdrawalId}/transfer`, { token: finance });
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ status: 'paid', payout: { channel: 'alipay' } });
    expect(r.data.payout.ref).toBe(fake.transfers.get(`W${m.withdrawalId}`)?.orderId);
    expect(fake.transfers.get(`W${m.withdrawalId}`)?.amount).toBe((r.data.actualAmount / 100).toFixed(2));
    expect(await t.services.wallet.summary(m.id)).toEqual({ balance: 50_000, frozen: 0 });
    const again = await t.call('POST', `/v1/admin/withdrawals/${m.withdrawalId}/transfer`, { token: finance });
    expect(again.data.reason).toBe('WITHDRAWAL_STATE_CHANGED');
  });

  it('returns the money when Alipay refuses the payee', async () => {
    fake.alipayAccounts.set('13800138002', '周先生');
    const m = await approvedAlipayWithdrawal('林婉清', '13800138002');
    const r = await t.call('POST', `/v1/admin/withdrawals/${m.withdrawalId}/transfer`, { token: finance });
    expect(r.code, r.msg).toBe(200);
    expect(r.data.status).toBe('rejected');
    expect(r.data.rejectReason).toContain('收款方姓名与账户不符');
    expect(r.data.payout).toMatchObject({ channel: 'alipay', error: expect.stringContaining('PAYEE_USER_INFO_ERROR') });
    expect(await t.services.wallet.summary(m.id)).toEqual({ balance: 100_000, frozen: 0 });
  });

  it('changes nothing when Alipay does not answer', async () => {
    fake.alipayAccounts.set('13800138003', '林婉清');
    const m = await approvedAlipayWithdrawal('林婉清', '13800138003');
    fake.up = false;
    try {
      const r = await t.call('POST', `/v1/admin/withdrawals/${m.withdrawalId}/transfer`, { token: finance });
      expect(r.status).toBe(503);
      expect(r.data.reason).toBe('PROVIDER_UNAVAILABLE');
    } finally {
      fake.up = true;
    }
    expect(await t.services.wallet.summary(m.id)).toEqual({ balance: 50_000, frozen: 50_000 });
  });
});

describe('with no provider configured', () => {
  it('offers no online channel and refuses a top-up with a clear reason', async () => {
    const plain = await createTestApp();
    const m = await registerMember(plain);
    const config = await plain.call('GET', '/v1/iyd/asset/recharge/config', { token: m.token });
    expect(config.data.channels).toEqual([]);
    const r = await plain.call('POST', '/v1/iyd/asset/recharge', {
      token: m.token,
      body: { amount: 10_000, channel: 'alipay' },
    });
    expect(r.status).toBe(422);
    expect(r.data).toMatchObject({ reason: 'CHANNEL_NOT_AVAILABLE', channel: 'alipay' });
    const notice = await plain.app.inject({ method: 'POST', url: '/v1/pay/alipay/notify', payload: 'a=1' });
    expect(notice.statusCode).toBe(404);
  });
});

describe('the provider’s page in a browser', () => {
  it('the member pays on the page, the provider’s notice reaches the house over HTTP, the phone comes back', async () => {
    const port = await freePort();
    const live = await createTestApp({ ...fake.env, PUBLIC_URL: `http://127.0.0.1:${port}` });
    await live.app.listen({ port, host: '127.0.0.1' });
    const m = await registerMember(live);
    for (const channel of ['alipay', 'wechat'] as const) {
      const r = await live.call('POST', '/v1/iyd/asset/recharge', {
        token: m.token,
        body: { amount: 1_000, channel },
      });
      expect(r.code, r.msg).toBe(200);
      const page = await fetch(r.data.payUrl as string);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('¥10.00');
      expect(html).toContain('确认付款');
      const action = /action="([^"]+)"/.exec(html)![1]!;
      const fields = Object.fromEntries(
        [...html.matchAll(/name="(\w+)" value="([^"]*)"/g)].map((x) => [x[1]!, x[2]!.replace(/&#38;/g, '&')]),
      );
      const paid = await fetch(`${fake.url}${action}`, {
        method: 'POST',
        body: new URLSearchParams(fields),
        redirect: 'manual',
      });
      expect(paid.status).toBe(302);
      expect(paid.headers.get('location')).toBe(
        `http://127.0.0.1:${port}/#/pages/recharge-result/recharge-result?id=${r.data.id}`,
      );
      const info = await live.call('GET', '/v1/iyd/asset/recharge/info', { token: m.token, query: { id: r.data.id } });
      expect(info.data.status).toBe('paid');
    }
    expect((await live.services.wallet.summary(m.id)).balance).toBe(2_000);
  });
});
