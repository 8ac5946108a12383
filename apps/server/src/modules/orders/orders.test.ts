import { beforeAll, describe, expect, it } from 'vitest';
import {
  createProduct,
  createTestApp,
  fund,
  lastSmsCode,
  sendCode,
  memberWithTradePassword,
  operatorToken,
  registerMember,
  type TestApp,
} from '../../test/harness.js';

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await createTestApp();
  op = await operatorToken(t, 'operator');
});

const stockOf = async (id: number) =>
  (await t.call('GET', '/v1/iyd/product/info', { query: { id } })).data.stock as number;

describe('creating orders', () => {
  it('reserves the stock of every line and totals in fen', async () => {
    const m = await registerMember(t);
    const a = await createProduct(t, op, { price: 12_345, marketPrice: 20_000, stock: 5 });
    const b = await createProduct(t, op, { price: 100, marketPrice: 100, stock: 2 });
    const r = await t.call('POST', '/v1/iyd/order/create', {
      token: m.token,
      body: {
        items: [
          { productId: a.id, quantity: 2 },
          { productId: b.id, quantity: 1 },
        ],
        remark: '请仔细包装',
      },
    });
    expect(r.data).toMatchObject({
      source: 'mall',
      status: 'pending',
      goodsAmount: 24_790,
      premium: 0,
      depositApplied: 0,
      amount: 24_790,
      remark: '请仔细包装',
    });
    expect(r.data.orderNo).toMatch(/^\d{20}$/);
    expect(r.data.expiresAt - r.data.createdAt).toBe(15 * 60_000);
    expect(r.data.items).toHaveLength(2);
    expect(await stockOf(a.id)).toBe(3);
    expect(await stockOf(b.id)).toBe(1);
  });

  it('refuses more than the stock, an off-sale product and bad lines, and reserves nothing', async () => {
    const m = await registerMember(t);
    const a = await createProduct(t, op, { stock: 2 });
    const off = await createProduct(t, op, { stock: 2, onSale: false });
    const tooMany = await t.call('POST', '/v1/iyd/order/create', {
      token: m.token,
      body: {
        items: [
          { productId: a.id, quantity: 1 },
          { productId: off.id, quantity: 1 },
        ],
      },
    });
    expect([tooMany.status, tooMany.data.reason, tooMany.data.productId, tooMany.data.offSale]).toEqual([
      409,
      'OUT_OF_STOCK',
      off.id,
      true,
    ]);
    expect(await stockOf(a.id)).toBe(2);
    const over = await t.call('POST', '/v1/iyd/order/create', {
      token: m.token,
      body: { items: [{ productId: a.id, quantity: 3 }] },
    });
    expect(over.data).toMatchObject({ reason: 'OUT_OF_STOCK', available: 2 });
    for (const items of [
      [],
      [{ productId: a.id, quantity: 0 }],
      [
        { productId: a.id, quantity: 1 },
        { productId: a.id, quantity: 1 },
      ],
    ]) {
      const r = await t.call('POST', '/v1/iyd/order/create', { token: m.token, body: { items } });
      expect(r.status).toBe(400);
    }
    const missing = await t.call('POST', '/v1/iyd/order/create', {
      token: m.token,
      body: { items: [{ productId: 999999, quantity: 1 }] },
    });
    expect(missing.status).toBe(404);
    expect(await stockOf(a.id)).toBe(2);
  });

  it('honours Idempotency-Key: one order for a repeat, 422 for the key with another body', async () => {
    const m = await registerMember(t);
    const a = await createProduct(t, op, { stock: 5 });
    const headers = { 'idempotency-key': 'create-1' };
    const body = { items: [{ productId: a.id, quantity: 1 }] };
    const [x, y] = await Promise.all([
      t.call('POST', '/v1/iyd/order/create', { token: m.token, headers, body }),
      t.call('POST', '/v1/iyd/order/create', { token: m.token, headers, body }),
    ]);
    expect(x.data.id).toBe(y.data.id);
    expect(await stockOf(a.id)).toBe(4);
    const other = await t.call('POST', '/v1/iyd/order/create', {
      token: m.token,
      headers,
      body: { items: [{ productId: a.id, quantity: 2 }] },
    });
    expect([other.status, other.data.reason]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    // Another member's same key is their own.
    const n = await registerMember(t);
    expect((await t.call('POST', '/v1/iyd/order/create', { token: n.token, headers, body })).data.id).not.toBe(
      x.data.id,
    );
  });
});

describe('paying orders', () => {
  it('pays from the balance with the trade password: bill, holdings per unit, sales, VIP level', async () => {
    const m = await memberWithTradePassword(t);
    await fund(t, m.id, 300_000);
    const a = await createProduct(t, op, { price: 120_000, marketPrice: 150_000, stock: 3 });
    const order = (
      await t.call('POST', '/v1/iyd/order/create', {
        token: m.token,
        body: { items: [{ productId: a.id, quantity: 2 }] },
      })
    ).data;
    const paid = await t.call('POST', '/v1/iyd/order/confirm', {
      token: m.token,
      body: { id: order.id, tradePassword: '135790' },
    });
    expect(paid.data).toMatchObject({ status: 'paid', amount: 240_000 });
    expect(paid.data.paidAt).toBeGreaterThan(0);
    const info = await t.call('GET', '/v1/iyd/member/info', { token: m.token });
    expect(info.data).toMatchObject({ balance: 60_000, frozen: 0, vipLevel: 1 });
    const bills = await t.call('GET', '/v1/iyd/asset/bill', { token: m.token, query: { type: 'payment' } });
    expect(bills.data).toMatchObject({ total: 1, balance: 60_000, frozen: 0 });
    expect(bills.data.list[0]).toMatchObject({
      type: 'payment',
      amount: -240_000,
      balanceAfter: 60_000,
      remark: '',
      memoCode: 'ORDER_PAYMENT',
      memoParams: { orderNo: order.orderNo },
      refType: 'order',
      refId: order.id,
    });
    const custody = await t.call('GET', '/v1/iyd/pick/list', { token: m.token, query: { status: 'held' } });
    expect(custody.data.total).toBe(2);
    expect(custody.data.list[0]).toMatchObject({
      productId: a.id,
      acquiredPrice: 120_000,
      source: 'mall',
      status: 'held',
      orderId: order.id,
    });
    const card = (await t.call('GET', '/v1/iyd/product/info', { query: { id: a.id } })).data;
    expect(card).toMatchObject({ stock: 1, sales: 2 });
  });

  it('paying twice charges once, with or without a key', async () => {
    const m = await memberWithTradePassword(t);
    await fund(t, m.id, 100_000);
    const a = await createProduct(t, op, { price: 30_000, marketPrice: 30_000 });
    const order = (
      await t.call('POST', '/v1/iyd/order/create', {
        token: m.token,
        body: { items: [{ productId: a.id, quantity: 1 }] },
      })
    ).data;
    const body = { id: order.id, tradePassword: '135790' };
    const results = await Promise.all([
      t.call('POST', '/v1/iyd/order/confirm', { token: m.token, body }),
      t.call('POST', '/v1/iyd/order/confirm', { token: m.token, body }),
      t.call('POST', '/v1/iyd/order/confirm', { token: m.token, body, headers: { 'idempotency-key': 'pay-1' } }),
      t.call('POST', '/v1/iyd/order/confirm', { token: m.token, body, headers: { 'idempotency-key': 'pay-1' } }),
    ]);
    expect(results.map((r) => r.data.status)).toEqual(['paid', 'paid', 'paid', 'paid']);
    expect((await t.call('GET', '/v1/iyd/member/info', { token: m.token })).data.balance).toBe(70_000);
    expect(await t.services.custody.ofOrder(order.id)).toHaveLength(1);
  });

  it('refuses a wrong or unset trade password, and an empty wallet, changing nothing', async () => {
    const unset = await registerMember(t);
    const a = await createProduct(t, op, { price: 50_000, marketPrice: 50_000 });
    const o1 = (
      await t.call('POST', '/v1/iyd/order/create', {
        token: unset.token,
        body: { items: [{ productId: a.id, quantity: 1 }] },
      })
    ).data;
    const notSet = await t.call('POST', '/v1/iyd/order/confirm', {
      token: unset.token,
      body: { id: o1.id, tradePassword: '123456' },
    });
    expect([notSet.status, notSet.data.reason]).toEqual([422, 'TRADE_PASSWORD_NOT_SET']);

    const m = await memberWithTradePassword(t);
    await fund(t, m.id, 10_000);
    const o2 = (
      await t.call('POST', '/v1/iyd/order/create', {
        token: m.token,
        body: { items: [{ productId: a.id, quantity: 1 }] },
      })
    ).data;
    const wrong = await t.call('POST', '/v1/iyd/order/confirm', {
      token: m.token,
      body: { id: o2.id, tradePassword: '000000' },
    });
    expect(wrong.data).toMatchObject({ reason: 'TRADE_PASSWORD_WRONG', remaining: 4 });
    const poor = await t.call('POST', '/v1/iyd/order/confirm', {
      token: m.token,
      body: { id: o2.id, tradePassword: '135790' },
    });
    expect([poor.status, poor.data.reason]).toEqual([422, 'INSUFFICIENT_BALANCE']);
    expect((await t.call('GET', '/v1/iyd/order/info', { token: m.token, query: { id: o2.id } })).data.status).toBe(
      'pending',
    );
    expect((await t.call('GET', '/v1/iyd/member/info', { token: m.token })).data.balance).toBe(10_000);
    expect((await t.call('GET', '/v1/iyd/pick/list', { token: m.token })).data.total).toBe(0);
  });

  it("never shows or pays another member's order", async () => {
    const m = await memberWithTradePassword(t);
    const other = await registerMember(t);
    const a = await createProduct(t, op);
    const o = (
      await t.call('POST', '/v1/iyd/order/create', {
        token: other.token,
        body: { items: [{ productId: a.id, quantity: 1 }] },
      })
    ).data;
    expect((await t.call('GET', '/v1/iyd/order/info', { token: m.token, query: { id: o.id } })).status).toBe(404);
    expect(
      (await t.call('POST', '/v1/iyd/order/confirm', { token: m.token, body: { id: o.id, tradePassword: '135790' } }))
        .status,
    ).toBe(404);
  });

  it('credits the inviter a referral reward when the rate is above 0', async () => {
    const admin = await operatorToken(t);
    await t.call('PUT', '/v1/admin/settings', { token: admin, body: { referralRateBps: 100 } });
    const inviter = await registerMember(t);
    const code = (await t.call('GET', '/v1/iyd/member/info', { token: inviter.token })).data.inviteCode;
    const m = await registerMember(t, { inviteCode: code });
    // The invitee sets a trade password and pays 1,234.56 yuan: 1% is 12.34 yuan (floored to the fen).
    await sendCode(t, undefined, 'trade', m.token);
    await t.call('POST', '/v1/iyd/member/password/trade', {
      token: m.token,
      body: { smsCode: await lastSmsCode(t, m.phone), tradePassword: '246801' },
    });
    await fund(t, m.id, 200_000);
    const a = await createProduct(t, op, { price: 123_456, marketPrice: 123_456 });
    const o = (
      await t.call('POST', '/v1/iyd/order/create', {
        token: m.token,
        body: { items: [{ productId: a.id, quantity: 1 }] },
      })
    ).data;
    await t.call('POST', '/v1/iyd/order/confirm', { token: m.token, body: { id: o.id, tradePassword: '246801' } });
    const bills = await t.call('GET', '/v1/iyd/asset/bill', { token: inviter.token });
    expect(bills.data.list).toEqual([
      expect.objectContaining({
        type: 'referral_reward',
        amount: 1_234,
        refId: o.id,
        remark: '',
        memoCode: 'REFERRAL_REWARD',
        memoParams: { orderNo: o.orderNo },
      }),
    ]);
    await t.call('PUT', '/v1/admin/settings', { token: admin, body: { referralRateBps: 0 } });
  });
});

describe('expiry', () => {
  it('cancels unpaid orders at expiresAt and releases their stock', async () => {
    const m = await memberWithTradePassword(t);
    await fund(t, m.id, 500_000);
    const a = await createProduct(t, op, { stock: 3 });
    const o = (
      await t.call('POST', '/v1/iyd/order/create', {
        token: m.token,
        body: { items: [{ productId: a.id, quantity: 2 }] },
      })
    ).data;
    expect(await stockOf(a.id)).toBe(1);
    const statusOf = async () =>
      (await t.call('GET', '/v1/iyd/order/info', { token: m.token, query: { id: o.id } })).data.status;
    t.clock.advance(14 * 60_000);
    await t.services.orderCancelFlow.expireDue();
    expect(await statusOf()).toBe('pending');
    expect(await stockOf(a.id)).toBe(1);
    t.clock.advance(60_000);
    expect(await t.services.orderCancelFlow.expireDue()).toBeGreaterThanOrEqual(1);
    expect(await stockOf(a.id)).toBe(3);
    const info = await t.call('GET', '/v1/iyd/order/info', { token: m.token, query: { id: o.id } });
    expect(info.data).toMatchObject({ status: 'cancelled', cancelReason: 'PAYMENT_TIMEOUT' });
    const pay = await t.call('POST', '/v1/iyd/order/confirm', {
      token: m.token,
      body: { id: o.id, tradePassword: '135790' },
    });
    expect([pay.status, pay.data.reason]).toEqual([409, 'ORDER_NOT_PENDING']);
  });

  it('refuses to pay an order past its time even before the job ran, and releases it', async () => {
    const m = await memberWithTradePassword(t);
    await fund(t, m.id, 500_000);
    const a = await createProduct(t, op, { stock: 1 });
    const o = (
      await t.call('POST', '/v1/iyd/order/create', {
        token: m.token,
        body: { items: [{ productId: a.id, quantity: 1 }] },
      })
    ).data;
    t.clock.advance(15 * 60_000);
    const pay = await t.call('POST', '/v1/iyd/order/confirm', {
      token: m.token,
      body: { id: o.id, tradePassword: '135790' },
    });
    expect([pay.status, pay.data.reason]).toEqual([409, 'ORDER_EXPIRED']);
    expect(await stockOf(a.id)).toBe(1);
    expect((await t.call('GET', '/v1/iyd/member/info', { token: m.token })).data.balance).toBe(500_000);
  });

  it('lists orders by status', async () => {
    const m = await registerMember(t);
    const a = await createProduct(t, op, { stock: 5 });
    for (let i = 0; i < 2; i++)
      await t.call('POST', '/v1/iyd/order/create', {
        token: m.token,
        body: { items: [{ productId: a.id, quantity: 1 }] },
      });
    const pending = await t.call('GET', '/v1/iyd/order/list', {
      token: m.token,
      query: { status: 'pending', pageSize: 1 },
    });
    expect(pending.data).toMatchObject({ total: 2, hasMore: true });
    expect(pending.data.list).toHaveLength(1);
    expect((await t.call('GET', '/v1/iyd/order/list', { token: m.token, query: { status: 'paid' } })).data.total).toBe(
      0,
    );
  });
});

describe('one way to place and pay an order', () => {
  it("places and pays in the caller's transaction: the bill, the pieces in custody, the sale, the total paid", async () => {
    const m = await registerMember(t);
    await fund(t, m.id, 100_000);
    const a = await createProduct(t, op, { price: 20_000, marketPrice: 20_000, stock: 4 });
    const paid = await t.services.transaction(async (tx) => {
      const lines = await t.services.catalogue.reserve(tx, [{ productId: a.id, quantity: 2 }]);
      const placed = await t.services.orders.place(tx, { memberId: m.id, source: 'mall', lines, windowMs: 60_000 });
      expect(placed).toMatchObject({ status: 'pending', goodsAmount: 40_000, amount: 40_000 });
      return t.services.orderPaymentFlow.pay(tx, { orderId: placed.id, memberId: m.id });
    });
    expect(paid).toMatchObject({ status: 'paid', source: 'mall', items: [{ productId: a.id, quantity: 2 }] });
    expect(await t.services.custody.ofOrder(paid.id)).toEqual([
      expect.objectContaining({ ownerId: m.id, status: 'held', source: 'mall', acquiredPrice: 20_000 }),
      expect.objectContaining({ ownerId: m.id, status: 'held', source: 'mall', acquiredPrice: 20_000 }),
    ]);
    expect((await t.call('GET', '/v1/iyd/product/info', { query: { id: a.id } })).data).toMatchObject({
      stock: 2,
      sales: 2,
    });
    const bill = (await t.call('GET', '/v1/iyd/asset/bill', { token: m.token, query: { type: 'payment' } })).data;
    expect(bill.list[0]).toMatchObject({ amount: -40_000, memoCode: 'ORDER_PAYMENT', refId: paid.id });
  });

  it('adds the premium and takes off the deposit applied', async () => {
    const m = await registerMember(t);
    const a = await createProduct(t, op, { price: 50_000, marketPrice: 50_000 });
    const o = await t.services.orders.place(undefined, {
      memberId: m.id,
      source: 'auction',
      lines: [{ productId: a.id, title: '拍品', cover: '/c.webp', price: 50_000, quantity: 1 }],
      premium: 5_000,
      depositApplied: 5_000,
      windowMs: 48 * 3600_000,
    });
    expect(o).toMatchObject({ source: 'auction', goodsAmount: 50_000, premium: 5_000, depositApplied: 5_000 });
    expect(o.amount).toBe(50_000);
    expect(o.expiresAt - o.createdAt).toBe(48 * 3600_000);
  });

  it("rolls everything back when the payment fails, and pays nobody else's order", async () => {
    const m = await registerMember(t);
    const other = await registerMember(t);
    const a = await createProduct(t, op, { price: 30_000, marketPrice: 30_000, stock: 1 });
    const o = await t.services.transaction(async (tx) =>
      t.services.orders.place(tx, {
        memberId: m.id,
        source: 'mall',
        lines: await t.services.catalogue.reserve(tx, [{ productId: a.id, quantity: 1 }]),
        windowMs: 60_000,
      }),
    );
    await expect(
      t.services.orderPaymentFlow.pay(undefined, { orderId: o.id, memberId: other.id }),
    ).rejects.toMatchObject({
      reason: 'NOT_FOUND',
    });
    await expect(t.services.orderPaymentFlow.pay(undefined, { orderId: o.id, memberId: m.id })).rejects.toMatchObject({
      reason: 'INSUFFICIENT_BALANCE',
    });
    expect(await t.services.custody.ofOrder(o.id)).toEqual([]);
    expect((await t.call('GET', '/v1/iyd/order/info', { token: m.token, query: { id: o.id } })).data.status).toBe(
      'pending',
    );
  });
});

describe('the race for the last pieces', () => {
  it('50 members racing for a stock of 3: exactly 3 paid, stock 0, no negative balance, the ledger reconciles', async () => {
    const a = await createProduct(t, op, { price: 88_800, marketPrice: 99_900, stock: 3 });
    const buyers = [];
    for (let i = 0; i < 50; i++) buyers.push(await memberWithTradePassword(t));
    await Promise.all(buyers.map((b) => fund(t, b.id, 100_000)));

    const attempts = await Promise.all(
      buyers.map(async (b) => {
        const created = await t.call('POST', '/v1/iyd/order/create', {
          token: b.token,
          body: { items: [{ productId: a.id, quantity: 1 }] },
        });
        if (created.code !== 200) return { created: created.data.reason as string, paid: false };
        const paid = await t.call('POST', '/v1/iyd/order/confirm', {
          token: b.token,
          body: { id: created.data.id, tradePassword: '135790' },
        });
        return { created: 'ok', paid: paid.data.status === 'paid' };
      }),
    );
    expect(attempts.filter((x) => x.paid)).toHaveLength(3);
    expect(attempts.filter((x) => x.created === 'OUT_OF_STOCK')).toHaveLength(47);
    expect(await stockOf(a.id)).toBe(0);
    const balances = await Promise.all(
      buyers.map(async (b) => (await t.call('GET', '/v1/iyd/member/info', { token: b.token })).data.balance as number),
    );
    expect(balances.every((x) => x >= 0)).toBe(true);
    expect(balances.filter((x) => x === 100_000 - 88_800)).toHaveLength(3);
    const finance = await operatorToken(t, 'finance');
    const rec = await t.call('GET', '/v1/admin/reconcile', { token: finance });
    expect(rec.data).toMatchObject({ ok: true, mismatches: [] });
    const held = await Promise.all(
      buyers.map(async (b) => (await t.call('GET', '/v1/iyd/pick/list', { token: b.token })).data.list as any[]),
    );
    expect(held.flat().filter((h) => h.productId === a.id)).toHaveLength(3);
    // Fifty sign-ups with two password hashes each come first: about 20 s on an idle machine.
  }, 150_000);
});
