import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, lastSmsCode, sendCode, type TestApp } from '../../test/harness.js';
import {
  adminToken,
  bid,
  houseLot,
  inventoryPiece,
  secondInstance,
  verifiedBidder,
  type Bidder,
} from '../../test/auction-fixtures.js';

let t: TestApp;
let op: string;
let other: Awaited<ReturnType<typeof secondInstance>>;
beforeAll(async () => {
  t = await createTestApp();
  op = await adminToken(t);
  other = await secondInstance(t, t.clock);
});
afterAll(async () => {
  await other.close();
});

const MONEY = 10_000_000;
const wallet = (id: number) => t.services.wallet.summary(id);
const entries = async (memberId: number, type: string) =>
  (await t.services.wallet.bills({ memberId, type: type as 'payment', page: 1, pageSize: 50 })).list;

async function withTradePassword(b: Bidder, tradePassword = '135790') {
  await sendCode(t, undefined, 'trade', b.token);
  const r = await t.call('POST', '/v1/iyd/member/password/trade', {
    token: b.token,
    body: { smsCode: await lastSmsCode(t, b.phone), tradePassword },
  });
  if (r.code !== 200) throw new Error(r.msg);
}

/** A lot consigned by a member: the custody side made as a house piece, the lot with its consignor. */
async function consignedLot(consignorId: number, endsIn = 3_600_000, reservePrice: number | null = null) {
  const piece = await inventoryPiece(t);
  return t.services.transaction(async (tx) => {
    const holding = await t.services.custody.houseHolding(tx, {
      productId: piece.id,
      title: '寄拍 铜镜',
      cover: '/a.png',
      images: ['/a.png'],
    });
    const lot = await t.services.auctions.createLot(tx, {
      holdingId: holding.id,
      consignorId,
      delegationId: null,
      title: '寄拍 铜镜',
      cover: '/a.png',
      images: ['/a.png'],
      description: '',
      era: '',
      material: '',
      dimensions: '',
      provenance: '',
      startPrice: 100_000,
      reservePrice,
      startsAt: t.clock.now(),
      endsAt: t.clock.now() + endsIn,
      sessionId: null,
    });
    return { ...lot, holdingId: holding.id };
  });
}

const info = (id: number, token?: string) =>
  t.call('GET', '/v1/iyd/auction/info', { query: { id }, ...(token ? { token } : {}) });

/** Moves the clock to the lot's end (soft close may have moved it). */
async function toEnd(id: number) {
  t.clock.set((await info(id)).data.endsAt as number);
}

describe('closing', () => {
  it('tells bidders once when a lot is about to end', async () => {
    const lot = await houseLot(t, op, { endsIn: 10 * 60_000 });
    const a = await verifiedBidder(t);
    await bid(t, a.token, lot.id, 100_000);
    expect(await t.services.auctions.noticeEndingSoon()).toBe(0);
    t.clock.advance(6 * 60_000);
    expect(await t.services.auctions.noticeEndingSoon()).toBe(1);
    expect(await t.services.auctions.noticeEndingSoon()).toBe(0);
    expect(await other.services.auctions.noticeEndingSoon()).toBe(0);
  });

  it('pays two crossing orders at once (each payer the other’s consignor), five times, none refused', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await verifiedBidder(t);
      const b = await verifiedBidder(t);
      await withTradePassword(a);
      await withTradePassword(b);
      const ofA = await consignedLot(a.id, 60_000);
      const ofB = await consignedLot(b.id, 60_000);
      expect((await bid(t, b.token, ofA.id, 150_000)).code).toBe(200);
      expect((await bid(t, a.token, ofB.id, 150_000)).code).toBe(200);
      await toEnd(ofA.id);
      await toEnd(ofB.id);
      while ((await t.services.lotCloseFlow.closeDue()) > 0);
      const orderOfB = (await info(ofA.id, b.token)).data.myOrderId as number;
      const orderOfA = (await info(ofB.id, a.token)).data.myOrderId as number;
      const paid = await Promise.all([
        t.call('POST', '/v1/iyd/order/confirm', { token: a.token, body: { id: orderOfA, tradePassword: '135790' } }),
        t.call('POST', '/v1/iyd/order/confirm', { token: b.token, body: { id: orderOfB, tradePassword: '135790' } }),
      ]);
      expect(paid.map((r) => [r.code, r.data?.status])).toEqual([
        [200, 'paid'],
        [200, 'paid'],
      ]);
      // Each paid 110,000 (100,000 and its premium) and was credited 92,000 (100,000 less 8%).
      expect(await wallet(a.id)).toEqual({ balance: MONEY - 110_000 + 92_000, frozen: 0 });
      expect(await wallet(b.id)).toEqual({ balance: MONEY - 110_000 + 92_000, frozen: 0 });
    }
    expect((await t.services.wallet.reconcile()).ok).toBe(true);
  });

  it('sells to the leader: the order with premium and deposit applied, the others released; paying hands the piece over and pays the consignor', async () => {
    const consignor = await verifiedBidder(t, { money: 0 });
    const a = await verifiedBidder(t);
    const b = await verifiedBidder(t);
    await withTradePassword(a);
    const lot = await consignedLot(consignor.id, 60_000);
    expect((await bid(t, a.token, lot.id, 300_000)).code).toBe(200);
    expect((await bid(t, b.token, lot.id, 200_000)).code).toBe(200);

    await toEnd(lot.id);
    expect((await info(lot.id)).data.status).toBe('ended');
    expect(await t.services.lotCloseFlow.closeDue()).toBe(1);
    expect(await t.services.lotCloseFlow.closeDue()).toBe(0);

    const seen = await info(lot.id, a.token);
    expect(seen.data).toMatchObject({ status: 'sold', currentPrice: 205_000, leading: true, myDeposit: 30_000 });
    expect(seen.data.winnerMasked).toBe(`${a.phone.slice(0, 3)}****${a.phone.slice(7)}`);
    const orderId = seen.data.myOrderId as number;
    const won = await t.services.sms.outbox({ phone: a.phone, page: 1, pageSize: 1 });
    expect(won.list[0]?.content).toContain('竞得「寄拍 铜镜」');
    const order = await t.call('GET', '/v1/iyd/order/info', { token: a.token, query: { id: orderId } });
    expect(order.data).toMatchObject({
      source: 'auction',
      status: 'pending',
      goodsAmount: 205_000,
      premium: 20_500,
      depositApplied: 30_000,
      amount: 195_500,
      items: [{ holdingId: lot.holdingId, price: 205_000, quantity: 1 }],
    });
    expect(order.data.expiresAt - t.clock.now()).toBeGreaterThan(47 * 3600_000);
    expect(await wallet(b.id)).toEqual({ balance: MONEY, frozen: 0 });
    const released = await entries(b.id, 'bid_deposit_release');
    expect(released).toHaveLength(1);
    // The bill says which lot the deposit was for.
    expect(released[0]).toMatchObject({ memoCode: 'LOT_DEPOSIT', memoParams: { lotId: String(lot.id) } });
    expect((await info(lot.id, b.token)).data.myOrderId).toBeUndefined();

    const paid = await t.call('POST', '/v1/iyd/order/confirm', {
      token: a.token,
      body: { id: orderId, tradePassword: '135790' },
    });
    expect(paid.data).toMatchObject({ status: 'paid' });
    expect(await wallet(a.id)).toEqual({ balance: MONEY - 30_000 - 195_500, frozen: 0 });
    const payment = await entries(a.id, 'payment');
    expect(payment[0]).toMatchObject({ amount: -195_500, frozenAmount: -30_000 });
    // Hammer 205,000 less 8% commission (16,400).
    expect(await wallet(consignor.id)).toEqual({ balance: 188_600, frozen: 0 });
    const holdings = await t.services.custody.ofOrder(orderId);
    expect(holdings).toMatchObject([{ id: lot.holdingId, ownerId: a.id, status: 'held', source: 'auction' }]);
    expect((await t.services.wallet.reconcile()).ok).toBe(true);
    const again = await t.call('POST', '/v1/iyd/order/confirm', {
      token: a.token,
      body: { id: orderId, tradePassword: '135790' },
    });
    expect(again.data.status).toBe('paid');
    expect(await wallet(consignor.id)).toEqual({ balance: 188_600, frozen: 0 });
  });

  it('goes unsold below the reserve: every deposit back, the piece back to its owner', async () => {
    const consignor = await verifiedBidder(t, { money: 0 });
    const lot = await consignedLot(consignor.id, 60_000, 1_000_000);
    const a = await verifiedBidder(t);
    const r = await bid(t, a.token, lot.id, 500_000);
    expect(r.data).toMatchObject({ reserveMet: false, currentPrice: 100_000 });
    await toEnd(lot.id);
    expect(await t.services.lotCloseFlow.closeDue()).toBeGreaterThanOrEqual(1);
    expect((await info(lot.id)).data).toMatchObject({ status: 'unsold' });
    expect(await wallet(a.id)).toEqual({ balance: MONEY, frozen: 0 });
    const detail = await t.call('GET', `/v1/admin/lots/${lot.id}`, { token: op });
    expect(detail.data).toMatchObject({ status: 'unsold', orderId: null, winnerId: null });
    expect(detail.data.closedAt).not.toBeNull();
  });

  it('a lot without bids closes unsold', async () => {
    const lot = await houseLot(t, op, { endsIn: 1_000 });
    t.clock.advance(1_000);
    expect(await t.services.lotCloseFlow.closeDue()).toBe(1);
    expect((await info(lot.id)).data.status).toBe('unsold');
  });

  it('unpaid past the window: the order is cancelled, the deposit forfeited, the lot unsold', async () => {
    const lot = await houseLot(t, op, { endsIn: 60_000 });
    const a = await verifiedBidder(t);
    await bid(t, a.token, lot.id, 400_000);
    await toEnd(lot.id);
    await t.services.lotCloseFlow.closeDue();
    const orderId = (await info(lot.id, a.token)).data.myOrderId as number;
    expect(orderId).toBeGreaterThan(0);

    // A few hours before the window ends: one payment-due notice (SMS and stream), once.
    t.clock.advance(43 * 3600_000);
    expect(await t.services.auctions.noticePaymentDue()).toBeGreaterThanOrEqual(1);
    expect(await t.services.auctions.noticePaymentDue()).toBe(0);
    const sms = await t.services.sms.outbox({ phone: a.phone, page: 1, pageSize: 10 });
    expect(sms.list.filter((m) => m.content.includes('尚未付款'))).toHaveLength(1);

    t.clock.advance(5 * 3600_000);
    expect(await t.services.orderCancelFlow.expireDue()).toBeGreaterThanOrEqual(1);
    const order = await t.call('GET', '/v1/iyd/order/info', { token: a.token, query: { id: orderId } });
    expect(order.data).toMatchObject({ status: 'cancelled', cancelReason: 'PAYMENT_TIMEOUT' });
    expect(await wallet(a.id)).toEqual({ balance: MONEY - 40_000, frozen: 0 });
    expect(await entries(a.id, 'bid_deposit_forfeit')).toMatchObject([{ amount: 0, frozenAmount: -40_000 }]);
    expect((await info(lot.id)).data.status).toBe('unsold');
    expect((await t.services.wallet.reconcile()).ok).toBe(true);
  });

  it('closes every lot exactly once with two instances closing at the same time', async () => {
    const bidders = await Promise.all([verifiedBidder(t), verifiedBidder(t), verifiedBidder(t)]);
    const lots = [];
    for (let i = 0; i < 8; i++)
      lots.push(await houseLot(t, op, { endsIn: 30_000, reservePrice: i % 2 ? 10_000_000 : undefined }));
    for (const l of lots) {
      for (const [i, b] of bidders.entries()) await bid(t, b.token, l.id, 100_000 + i * 50_000);
    }
    t.clock.set(Math.max(...(await Promise.all(lots.map(async (l) => (await info(l.id)).data.endsAt as number)))));
    const runs = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2 ? other.services.lotCloseFlow.closeDue() : t.services.lotCloseFlow.closeDue(),
      ),
    );
    // Lots of earlier tests may close in these runs too; each of these closes once, as below.
    expect(runs.reduce((s, n) => s + n, 0)).toBeGreaterThanOrEqual(8);
    for (const [i, l] of lots.entries()) {
      const d = await t.call('GET', `/v1/admin/lots/${l.id}`, { token: op });
      expect(d.data.status).toBe(i % 2 ? 'unsold' : 'sold');
    }
    // Each loser's deposit released once per lot; the winner's applied to one order per sold lot.
    for (const [i, b] of bidders.entries()) {
      const released = await entries(b.id, 'bid_deposit_release');
      expect(released).toHaveLength(i === 2 ? 4 : 8);
    }
    const orders = await t.call('GET', '/v1/iyd/order/list', {
      token: bidders[2]!.token,
      query: { source: 'auction' },
    });
    expect(orders.data.total).toBe(4);
    expect((await t.services.wallet.reconcile()).ok).toBe(true);
  });
});
