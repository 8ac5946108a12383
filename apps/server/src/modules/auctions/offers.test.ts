import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, lastSmsCode, operatorToken, sendCode, type TestApp } from '../../test/harness.js';
import { adminToken, bid, houseLot, verifiedBidder, type Bidder } from '../../test/auction-fixtures.js';

let t: TestApp;
let op: string;
let finance: string;
let pool: pg.Pool;
beforeAll(async () => {
  t = await createTestApp();
  op = await adminToken(t);
  finance = await operatorToken(t, 'finance');
  pool = (t.db as unknown as { $client: pg.Pool }).$client;
});

const MONEY = 10_000_000;
const wallet = (id: number) => t.services.wallet.summary(id);

async function withTradePassword(b: Bidder, tradePassword = '135790') {
  await sendCode(t, undefined, 'trade', b.token);
  const r = await t.call('POST', '/v1/iyd/member/password/trade', {
    token: b.token,
    body: { smsCode: await lastSmsCode(t, b.phone), tradePassword },
  });
  if (r.code !== 200) throw new Error(r.msg);
}

/** A house lot won at 400,000 by `winner` over `under` (max 300,000), whose winner did not pay in time. */
async function unpaidLot() {
  const lot = await houseLot(t, op, { endsIn: 3_600_000 });
  const [winner, under] = await Promise.all([verifiedBidder(t), verifiedBidder(t)]);
  await withTradePassword(under);
  const first = await bid(t, under.token, lot.id, 300_000);
  expect([first.code, first.msg]).toEqual([200, 'ok']);
  expect((await bid(t, winner.token, lot.id, 400_000)).code).toBe(200);
  t.clock.set((await t.call('GET', '/v1/iyd/auction/info', { query: { id: lot.id } })).data.endsAt as number);
  await t.services.lotCloseFlow.closeDue();
  t.clock.advance(48 * 3_600_000 + 1_000);
  await t.services.orderCancelFlow.expireDue();
  const detail = await t.call('GET', `/v1/admin/lots/${lot.id}`, { token: op });
  expect(detail.data).toMatchObject({ status: 'unsold', winnerId: winner.id });
  return { lot, winner, under };
}

const offers = (lotId: number) => t.call('GET', `/v1/admin/lots/${lotId}/offers`, { token: op });
const offer = (lotId: number) => t.call('POST', `/v1/admin/lots/${lotId}/offer`, { token: op, body: {} });
const accept = (b: Bidder, id: number, tradePassword = '135790') =>
  t.call('POST', '/v1/iyd/auction/offer/accept', { token: b.token, body: { id, tradePassword } });
const ordersOf = async (memberId: number) =>
  (await pool.query(`SELECT id FROM orders WHERE member_id = $1 AND source = 'auction'`, [memberId])).rows;

describe('second chance', () => {
  it('offers an unpaid lot to the underbidder at their max; accepted once, it becomes their order as a win', async () => {
    const { lot, under } = await unpaidLot();
    const standing = await offers(lot.id);
    expect(standing.data).toMatchObject({
      offers: [],
      candidate: { memberId: under.id, price: 300_000 },
      blocked: null,
    });

    const made = await offer(lot.id);
    expect(made.code).toBe(200);
    expect(made.data).toMatchObject({
      memberId: under.id,
      price: 300_000,
      premium: 30_000,
      deposit: 30_000,
      status: 'open',
    });
    expect(Math.abs(made.data.expiresAt - (t.clock.now() + 24 * 3_600_000))).toBeLessThan(5_000);
    const again = await offer(lot.id);
    expect([again.status, again.data.reason]).toEqual([409, 'OFFER_EXISTS']);

    const mine = await t.call('GET', '/v1/iyd/auction/offer/list', { token: under.token });
    expect(mine.data.list).toMatchObject([{ id: made.data.id, lotId: lot.id, status: 'open', price: 300_000 }]);

    const wrong = await accept(under, made.data.id, '000000');
    expect(wrong.status).toBe(422);
    expect(await ordersOf(under.id)).toHaveLength(0);

    // Two taps at once: one order.
    const [a, b] = await Promise.all([accept(under, made.data.id), accept(under, made.data.id)]);
    expect([a.code, b.code]).toEqual([200, 200]);
    expect(a.data.status).toBe('accepted');
    expect(a.data.orderId).toBe(b.data.orderId);
    expect(await ordersOf(under.id)).toHaveLength(1);
    expect(await wallet(under.id)).toEqual({ balance: MONEY - 30_000, frozen: 30_000 });

    const order = await t.call('GET', '/v1/iyd/order/info', { token: under.token, query: { id: a.data.orderId } });
    expect(order.data).toMatchObject({
      source: 'auction',
      status: 'pending',
      goodsAmount: 300_000,
      premium: 30_000,
      depositApplied: 30_000,
      amount: 300_000,
    });
    const detail = await t.call('GET', `/v1/admin/lots/${lot.id}`, { token: op });
    expect(detail.data).toMatchObject({
      status: 'sold',
      winnerId: under.id,
      currentPrice: 300_000,
      orderId: a.data.orderId,
    });
    // The piece is out of the house's inventory again, in the lot.
    const piece = await pool.query('SELECT status, owner_id FROM holdings WHERE id = $1', [lot.holdingId]);
    expect(piece.rows[0]).toEqual({ status: 'delegated', owner_id: null });

    // Paid like any won lot: the deposit applied, the piece theirs.
    const paid = await t.call('POST', '/v1/iyd/order/confirm', {
      token: under.token,
      body: { id: a.data.orderId, tradePassword: '135790' },
    });
    expect(paid.data.status).toBe('paid');
    expect(await wallet(under.id)).toEqual({ balance: MONEY - 330_000, frozen: 0 });
    const owned = await pool.query('SELECT status, owner_id FROM holdings WHERE id = $1', [lot.holdingId]);
    expect(owned.rows[0]).toEqual({ status: 'held', owner_id: under.id });
    expect((await t.call('GET', '/v1/admin/reconcile', { token: finance })).data.ok).toBe(true);
  });

  it('expires after a day (told once), and the same bidder is not offered it again', async () => {
    const { lot, under } = await unpaidLot();
    const made = await offer(lot.id);
    t.clock.advance(24 * 3_600_000 - 1_000);
    expect(await t.services.secondChanceFlow.expireDue()).toBe(0);
    t.clock.advance(2_000);
    const late = await accept(under, made.data.id);
    expect([late.status, late.data.reason]).toEqual([409, 'OFFER_CLOSED']);
    expect(await t.services.secondChanceFlow.expireDue()).toBe(1);
    expect(await t.services.secondChanceFlow.expireDue()).toBe(0);
    const mine = await t.call('GET', '/v1/iyd/auction/offer/list', { token: under.token });
    expect(mine.data.list[0]).toMatchObject({ id: made.data.id, status: 'expired', orderId: null });
    expect(await ordersOf(under.id)).toHaveLength(0);
    expect(await wallet(under.id)).toEqual({ balance: MONEY, frozen: 0 });
    // Only two bidders: nobody else to offer it to.
    const next = await offer(lot.id);
    expect([next.status, next.data.reason]).toEqual([409, 'NO_UNDERBIDDER']);
    expect((await offers(lot.id)).data).toMatchObject({ candidate: null, blocked: 'NO_UNDERBIDDER' });
  });

  it('refuses a lot that is not an unpaid win, a piece gone elsewhere, and a withdrawn offer', async () => {
    const noBids = await houseLot(t, op, { endsIn: 1_000 });
    t.clock.advance(1_000);
    await t.services.lotCloseFlow.closeDue();
    const r = await offer(noBids.id);
    expect([r.status, r.data.reason]).toEqual([409, 'LOT_NOT_OFFERABLE']);

    const { lot, under } = await unpaidLot();
    const withdrawn = await offer(lot.id);
    const w = await t.call('POST', `/v1/admin/offers/${withdrawn.data.id}/withdraw`, { token: op, body: {} });
    expect(w.data.status).toBe('withdrawn');
    const twice = await t.call('POST', `/v1/admin/offers/${withdrawn.data.id}/withdraw`, { token: op, body: {} });
    expect([twice.status, twice.data.reason]).toEqual([409, 'OFFER_CLOSED']);
    const closed = await accept(under, withdrawn.data.id);
    expect([closed.status, closed.data.reason]).toEqual([409, 'OFFER_CLOSED']);

    // The unit went into a new lot meanwhile: the piece is no longer free.
    const second = await unpaidLot();
    const product = await pool.query('SELECT product_id FROM holdings WHERE id = $1', [second.lot.holdingId]);
    await houseLot(t, op, { productId: product.rows[0].product_id as number });
    const gone = await offer(second.lot.id);
    expect([gone.status, gone.data.reason]).toEqual([409, 'PIECE_NOT_AVAILABLE']);
    expect((await t.call('GET', `/v1/admin/lots/${second.lot.id}/offers`, { token: op })).data.offers).toEqual([]);
  });
});
