import { beforeAll, describe, expect, it } from 'vitest';
import {
  createProduct,
  createTestApp,
  fund,
  memberWithTradePassword,
  operatorToken,
  type TestApp,
} from '../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('orders and exports in the console', () => {
  it('lists and finds orders, and exports orders and bills as CSV', async () => {
    const op = await operatorToken(t, 'operator');
    const finance = await operatorToken(t, 'finance');
    const m = await memberWithTradePassword(t);
    await fund(t, m.id, 100_000);
    const p = await createProduct(t, op, { title: '民国 "粉彩", 花鸟碗', price: 45_600, marketPrice: 50_000 });
    const o = (
      await t.call('POST', '/v1/iyd/order/create', {
        token: m.token,
        body: { items: [{ productId: p.id, quantity: 1 }] },
      })
    ).data;
    await t.call('POST', '/v1/iyd/order/confirm', { token: m.token, body: { id: o.id, tradePassword: '135790' } });

    const list = await t.call('GET', '/v1/admin/orders', { token: finance, query: { keyword: o.orderNo } });
    expect(list.data.list).toEqual([
      expect.objectContaining({
        id: o.id,
        status: 'paid',
        memberId: m.id,
        memberPhone: expect.stringMatching(/^\d{3}\*{4}\d{4}$/),
      }),
    ]);
    expect((await t.call('GET', `/v1/admin/orders/${o.id}`, { token: op })).data.items[0].title).toBe(
      '民国 "粉彩", 花鸟碗',
    );
    expect((await t.call('GET', '/v1/admin/orders', { token: finance, query: { status: 'pending' } })).data.total).toBe(
      0,
    );

    const csv = await t.app.inject({
      method: 'GET',
      url: '/v1/admin/export/orders',
      headers: { authorization: `Bearer ${finance}` },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFF订单号,下单时间,会员ID,手机号,来源,状态,商品,单价(元),数量,订单应付(元),支付时间,取消原因',
    );
    expect(lines[1]).toContain(`${o.orderNo},`);
    expect(lines[1]).toContain(',"民国 ""粉彩"", 花鸟碗",456.00,1,456.00,');

    const bills = await t.app.inject({
      method: 'GET',
      url: `/v1/admin/export/bills?memberId=${m.id}`,
      headers: { authorization: `Bearer ${finance}` },
    });
    const rows = bills.body.trim().split('\r\n');
    expect(rows).toHaveLength(3);
    // What the member reads, then finance's internal note (the member never sees it).
    expect(rows[0]).toContain(',会员看到的说明,内部备注,');
    expect(rows[1]).toMatch(/,充值,1000\.00,0\.00,1000\.00,0\.00,银行转账入账,测试入账,,$/);
    expect(rows[2]).toMatch(/,支付,-456\.00,0\.00,544\.00,0\.00,订单 \d{20},,order,\d+$/);

    const support = await operatorToken(t, 'support');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/v1/admin/export/bills',
          headers: { authorization: `Bearer ${support}` },
        })
      ).statusCode,
    ).toBe(403);
  });
});
