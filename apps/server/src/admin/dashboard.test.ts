import { beforeAll, describe, expect, it } from 'vitest';
import {
  createProduct,
  createTestApp,
  fund,
  lastSmsCode,
  newPhone,
  operatorToken,
  PASSWORD,
  registerMember,
  sendCode,
  uploadImage,
  type TestApp,
} from '../test/harness.js';
import { bid, houseLot, idNumber, verifiedBidder } from '../test/auction-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const HOUR = 3_600_000;
const TRADE = '135790';
// 10:00 in China on 14 January 2027, and 09:00 the next morning.
const YESTERDAY = Date.UTC(2027, 0, 14, 2);
const TODAY = Date.UTC(2027, 0, 15, 1);

type Member = { id: number; token: string; phone: string };

/** A member verified as 林婉清, with a trade password and `money` fen recorded by finance. */
async function verified(money: number): Promise<Member> {
  const phone = newPhone();
  const at = new Date(t.clock.now());
  const m = await t.services.members.create({
    phone,
    password: PASSWORD,
    nickname: `藏家${phone.slice(-4)}`,
    realName: { name: '林婉清', idNumber: idNumber(), submittedAt: at, reviewedAt: at },
  });
  const login = await t.call('POST', '/v1/iyd/member/login', { body: { phone, password: PASSWORD } });
  const token = login.data.token as string;
  await sendCode(t, undefined, 'trade', token);
  await t.call('POST', '/v1/iyd/member/password/trade', {
    token,
    body: { smsCode: await lastSmsCode(t, phone), tradePassword: TRADE },
  });
  await fund(t, m!.id, money);
  return { id: m!.id, token, phone };
}

async function order(m: Member, productId: number, quantity: number, pay: boolean) {
  const o = await t.call('POST', '/v1/iyd/order/create', {
    token: m.token,
    body: { items: [{ productId, quantity }] },
  });
  expect(o.code).toBe(200);
  if (pay) {
    const paid = await t.call('POST', '/v1/iyd/order/confirm', {
      token: m.token,
      body: { id: o.data.id, tradePassword: TRADE },
    });
    expect(paid.data.status).toBe('paid');
  }
  return o.data as { id: number; amount: number };
}

async function withdraw(m: Member, amount: number) {
  const r = await t.call('POST', '/v1/iyd/asset/withdraw', {
    token: m.token,
    body: {
      amount,
      method: 'bank',
      accountName: '林婉清',
      accountNo: '6222020200112233445',
      bankName: '中国工商银行',
      tradePassword: TRADE,
    },
  });
  expect(r.code).toBe(200);
  return r.data as { id: number; amount: number; actualAmount: number };
}

const dashboard = (token: string) => t.call('GET', '/v1/admin/dashboard', { token });

describe('the dashboard', () => {
  it('counts today (China day) from each owner, leaves yesterday out, and keeps the queues', async () => {
    // Yesterday: a member joins, is funded, buys and is paid a withdrawal.
    t.clock.set(YESTERDAY);
    let op = await operatorToken(t, 'operator');
    let finance = await operatorToken(t, 'finance');
    const early = await verified(2_000_000);
    const product = await createProduct(t, op, { price: 100_000, stock: 20 });
    await order(early, product.id, 1, true);
    const paidYesterday = await withdraw(early, 50_000);
    await t.call('POST', `/v1/admin/withdrawals/${paidYesterday.id}/approve`, { token: finance });
    expect(
      (
        await t.call('POST', `/v1/admin/withdrawals/${paidYesterday.id}/paid`, {
          token: finance,
          body: { reference: 'ICBC20261126001' },
        })
      ).code,
    ).toBe(200);

    // Today.
    t.clock.set(TODAY);
    op = await operatorToken(t, 'operator');
    finance = await operatorToken(t, 'finance');
    const support = await operatorToken(t, 'support');
    const admin = await operatorToken(t, 'admin');

    const buyer = await verified(1_000_000);
    await registerMember(t);
    const applicant = await registerMember(t);
    const front = await uploadImage(t, applicant.token, 'idcard');
    const back = await uploadImage(t, applicant.token, 'idcard');
    const applied = await t.call('POST', '/v1/iyd/member/auth', {
      token: applicant.token,
      body: {
        realName: '欧阳娜娜',
        idNumber: idNumber(),
        frontImage: front.res.data.url,
        backImage: back.res.data.url,
      },
    });
    expect(applied.data).toEqual({ realNameStatus: 'pending' });

    const paid = await order(buyer, product.id, 2, true);
    await order(buyer, product.id, 1, false);

    // The two pieces bought today: one consigned, one asked to be shipped.
    const held = await t.call('GET', '/v1/iyd/pick/list', { token: buyer.token, query: { status: 'held' } });
    const [first, second] = (held.data.list as { id: number }[]).map((h) => h.id);
    expect((await t.call('POST', '/v1/iyd/delegate', { token: buyer.token, body: { holdingId: first } })).code).toBe(
      200,
    );
    const address = await t.call('POST', '/v1/iyd/address', {
      token: buyer.token,
      body: { name: '林婉清', phone: '13912345678', regionCode: '330106', detail: '文三路 478 号 2 幢 301' },
    });
    const picked = await t.call('POST', '/v1/iyd/pick', {
      token: buyer.token,
      body: { holdingIds: [second], addressId: address.data.id },
    });
    expect(picked.code).toBe(200);

    await houseLot(t, op, { endsIn: HOUR / 2 });
    await houseLot(t, op, { endsIn: 3 * HOUR });
    await houseLot(t, op, { startsIn: 24 * HOUR, endsIn: 25 * HOUR });

    await withdraw(buyer, 30_000);
    const approved = await withdraw(buyer, 20_000);
    await t.call('POST', `/v1/admin/withdrawals/${approved.id}/approve`, { token: finance });
    const paidToday = await withdraw(early, 100_000);
    await t.call('POST', `/v1/admin/withdrawals/${paidToday.id}/approve`, { token: finance });
    await t.call('POST', `/v1/admin/withdrawals/${paidToday.id}/paid`, {
      token: finance,
      body: { reference: 'ICBC20261127001' },
    });

    const before = t.clock.now();
    const r = await dashboard(support);
    expect(r.code).toBe(200);
    expect(r.data.generatedAt).toBeGreaterThanOrEqual(before);
    expect(r.data.generatedAt).toBeLessThanOrEqual(t.clock.now());
    const figures = { ...r.data, generatedAt: expect.any(Number) };
    expect(r.data).toEqual({
      day: '2027-01-15',
      generatedAt: expect.any(Number),
      members: { total: 4, newToday: 3 },
      verificationsPending: 1,
      orders: { createdToday: 2, paidToday: 1, paidAmountToday: paid.amount },
      lots: { live: 2, closingWithinHour: 1, scheduled: 1 },
      consignmentsPending: 1,
      picksToShip: 1,
      withdrawals: { pending: 1, approved: 1, pendingAmount: 50_000 },
      money: { inToday: 1_000_000, outToday: paidToday.actualAmount, onlineInToday: 0 },
    });
    expect(paid.amount).toBe(200_000);
    expect(paidToday.actualAmount).toBe(99_500);
    // Every role lands here and reads the same figures.
    for (const token of [admin, op, finance]) expect((await dashboard(token)).data).toEqual(figures);

    // The next China day starts at 16:00 UTC: today's figures go back to zero, the queues stay.
    t.clock.set(Date.UTC(2027, 0, 15, 16) + 26 * HOUR);
    const tomorrow = await dashboard(await operatorToken(t, 'support'));
    expect(tomorrow.data).toMatchObject({
      day: '2027-01-17',
      members: { total: 4, newToday: 0 },
      verificationsPending: 1,
      orders: { createdToday: 0, paidToday: 0, paidAmountToday: 0 },
      lots: { live: 0, closingWithinHour: 0, scheduled: 0 },
      consignmentsPending: 1,
      picksToShip: 1,
      withdrawals: { pending: 1, approved: 1, pendingAmount: 50_000 },
      money: { inToday: 0, outToday: 0, onlineInToday: 0 },
    });
  });

  it('counts a won lot’s order at its whole price: premium in, the bid deposit applied to it in', async () => {
    const op = await operatorToken(t, 'operator');
    const winner = await verifiedBidder(t);
    await sendCode(t, undefined, 'trade', winner.token);
    await t.call('POST', '/v1/iyd/member/password/trade', {
      token: winner.token,
      body: { smsCode: await lastSmsCode(t, winner.phone), tradePassword: TRADE },
    });
    const lot = await houseLot(t, op, { startPrice: 100_000, endsIn: HOUR / 2 });
    const before = (await dashboard(op)).data;
    expect(before.lots.closingWithinHour).toBe(1);
    expect((await bid(t, winner.token, lot.id, 300_000)).code).toBe(200);
    t.clock.advance(HOUR);
    // (the first test's lots, long ended, close with it)
    while ((await t.services.lotCloseFlow.closeDue()) > 0);
    const seen = await t.call('GET', '/v1/iyd/auction/info', { token: winner.token, query: { id: lot.id } });
    const orderId = seen.data.myOrderId as number;
    const order = await t.call('POST', '/v1/iyd/order/confirm', {
      token: winner.token,
      body: { id: orderId, tradePassword: TRADE },
    });
    // hammer 1,000 yuan, premium 100, 300 of the bid deposit applied: 800 charged now
    expect(order.data).toMatchObject({
      status: 'paid',
      goodsAmount: 100_000,
      premium: 10_000,
      depositApplied: 30_000,
      amount: 80_000,
    });

    const after = (await dashboard(op)).data;
    expect(after.day).toBe(before.day);
    expect(after.orders).toEqual({
      createdToday: before.orders.createdToday + 1,
      paidToday: before.orders.paidToday + 1,
      paidAmountToday: before.orders.paidAmountToday + 110_000,
    });
    expect(after.lots).toEqual({ live: 0, closingWithinHour: 0, scheduled: 0 });
  });

  it('needs an operator session', async () => {
    const member = await registerMember(t);
    expect((await t.call('GET', '/v1/admin/dashboard')).status).toBe(401);
    expect((await dashboard(member.token)).status).toBe(401);
  });
});
