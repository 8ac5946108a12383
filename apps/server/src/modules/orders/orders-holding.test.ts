import { beforeAll, describe, expect, it } from 'vitest';
import {
  createProduct,
  createTestApp,
  fund,
  memberWithTradePassword,
  operatorToken,
  registerMember,
  type TestApp,
} from '../../test/harness.js';

/** Holding a piece costs something: a few unpaid orders at once, each one the member can let go. */
let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await createTestApp();
  op = await operatorToken(t, 'operator');
});

const order = (token: string, productId: number) =>
  t.call('POST', '/v1/iyd/order/create', { token, body: { items: [{ productId, quantity: 1 }] } });
const stockOf = async (id: number) =>
  (await t.call('GET', '/v1/iyd/product/info', { query: { id } })).data.stock as number;

describe('unpaid mall orders a member may hold', () => {
  it('holds at most the setting’s number, counted exactly when orders arrive together', async () => {
    const m = await registerMember(t);
    const products = await Promise.all(Array.from({ length: 6 }, () => createProduct(t, op, { stock: 1 })));
    const tries = await Promise.all(products.map((p) => order(m.token, p.id)));
    expect(tries.filter((r) => r.code === 200)).toHaveLength(2);
    const refused = tries.filter((r) => r.code !== 200);
    expect(refused).toHaveLength(4);
    for (const r of refused) {
      expect(r).toMatchObject({ status: 409, code: 409, data: { reason: 'TOO_MANY_UNPAID_ORDERS', limit: 2 } });
      expect(r.msg).toBe('您有未付款的订单，请先支付或取消后再下单');
    }
    // Nothing was held by a refused order.
    const stocks = await Promise.all(products.map((p) => stockOf(p.id)));
    expect(stocks.filter((s) => s === 0)).toHaveLength(2);
    const pending = await t.call('GET', '/v1/iyd/order/list', { token: m.token, query: { status: 'pending' } });
    expect(pending.data.total).toBe(2);
  });

  it('frees a place when an order is paid or cancelled, and follows the setting', async () => {
    const m = await memberWithTradePassword(t);
    await fund(t, m.id, 1_000_000);
    const [a, b, c, d] = await Promise.all(Array.from({ length: 4 }, () => createProduct(t, op, { stock: 1 })));
    const first = await order(m.token, a!.id);
    await order(m.token, b!.id);
    expect((await order(m.token, c!.id)).data.reason).toBe('TOO_MANY_UNPAID_ORDERS');
    await t.call('POST', '/v1/iyd/order/confirm', {
      token: m.token,
      body: { id: first.data.id, tradePassword: '135790' },
    });
    expect((await order(m.token, c!.id)).code).toBe(200);

    const admin = await operatorToken(t, 'admin');
    expect((await t.call('PUT', '/v1/admin/settings', { token: admin, body: { maxUnpaidOrders: 3 } })).code).toBe(200);
    expect((await order(m.token, d!.id)).code).toBe(200);
    await t.call('PUT', '/v1/admin/settings', { token: admin, body: { maxUnpaidOrders: 2 } });
  });
});

describe('a member cancels an unpaid order', () => {
  it('releases its stock at once, and says so on the order', async () => {
    const m = await registerMember(t);
    const p = await createProduct(t, op, { stock: 1 });
    const placed = await order(m.token, p.id);
    expect(await stockOf(p.id)).toBe(0);
    const cancelled = await t.call('POST', '/v1/iyd/order/cancel', { token: m.token, body: { id: placed.data.id } });
    expect(cancelled.data).toMatchObject({ id: placed.data.id, status: 'cancelled', cancelReason: 'MEMBER_CANCELLED' });
    expect(await stockOf(p.id)).toBe(1);
    // Again: the order as it is, nothing released twice.
    const again = await t.call('POST', '/v1/iyd/order/cancel', { token: m.token, body: { id: placed.data.id } });
    expect(again.data.status).toBe('cancelled');
    expect(await stockOf(p.id)).toBe(1);
    const pay = await t.call('POST', '/v1/iyd/order/confirm', {
      token: m.token,
      body: { id: placed.data.id, tradePassword: '135790' },
    });
    expect(pay.data.reason).toBe('ORDER_NOT_PENDING');
  });

  it('cannot cancel a paid order, anyone else’s, or nothing; a cancel racing the payment does one of them', async () => {
    const m = await memberWithTradePassword(t);
    await fund(t, m.id, 1_000_000);
    const p = await createProduct(t, op, { stock: 2 });
    const paid = await order(m.token, p.id);
    await t.call('POST', '/v1/iyd/order/confirm', {
      token: m.token,
      body: { id: paid.data.id, tradePassword: '135790' },
    });
    const late = await t.call('POST', '/v1/iyd/order/cancel', { token: m.token, body: { id: paid.data.id } });
    expect(late).toMatchObject({ code: 409, data: { reason: 'ORDER_NOT_PENDING' } });

    const other = await registerMember(t);
    const theirs = await t.call('POST', '/v1/iyd/order/cancel', { token: other.token, body: { id: paid.data.id } });
    expect(theirs.code).toBe(404);
    expect((await t.call('POST', '/v1/iyd/order/cancel', { token: m.token, body: { id: 0 } })).code).toBe(400);
    expect((await t.call('POST', '/v1/iyd/order/cancel', { body: { id: paid.data.id } })).code).toBe(301);

    const raced = await order(m.token, p.id);
    const [cancel, confirm] = await Promise.all([
      t.call('POST', '/v1/iyd/order/cancel', { token: m.token, body: { id: raced.data.id } }),
      t.call('POST', '/v1/iyd/order/confirm', { token: m.token, body: { id: raced.data.id, tradePassword: '135790' } }),
    ]);
    const final = await t.call('GET', '/v1/iyd/order/info', { token: m.token, query: { id: raced.data.id } });
    expect([cancel.code, confirm.code].sort()).toEqual([200, 409]);
    expect(final.data.status).toBe(cancel.code === 200 ? 'cancelled' : 'paid');
    expect((await t.services.wallet.reconcile()).ok).toBe(true);
    expect(await stockOf(p.id)).toBe(final.data.status === 'cancelled' ? 1 : 0);
  });
});

describe('a piece held by someone’s unpaid order', () => {
  it('shows others as reserved until the order runs out, and as for sale once released', async () => {
    const p = await createProduct(t, op, { stock: 1, title: '清 紫泥扁圆壶' });
    const other = await createProduct(t, op, { stock: 3 });
    const m = await registerMember(t);
    const placed = await order(m.token, p.id);
    const info = await t.call('GET', '/v1/iyd/product/info', { query: { id: p.id } });
    expect(info.data).toMatchObject({ stock: 0, reservedUntil: placed.data.expiresAt });
    const list = await t.call('GET', '/v1/iyd/product/list', {
      query: { categoryId: p.categoryId, pageSize: 50 },
    });
    expect(list.data.list.find((c: { id: number }) => c.id === p.id).reservedUntil).toBe(placed.data.expiresAt);
    // The console's lot picker says so too.
    const picker = await t.call('GET', '/v1/admin/products', { token: op, query: { keyword: String(p.id) } });
    expect(picker.data.list[0]).toMatchObject({ id: p.id, stock: 0, reservedUntil: placed.data.expiresAt });
    const free = await t.call('GET', '/v1/iyd/product/info', { query: { id: other.id } });
    expect(free.data.reservedUntil).toBeUndefined();

    t.clock.advance(16 * 60_000);
    await t.services.orderCancelFlow.expireDue();
    const released = await t.call('GET', '/v1/iyd/product/info', { query: { id: p.id } });
    expect(released.data.stock).toBe(1);
    expect(released.data.reservedUntil).toBeUndefined();
  });
});
