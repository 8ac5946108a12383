import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fund, memberWithTradePassword, type TestApp } from '../../test/harness.js';
import { adminToken, bid, houseLot, inventoryPiece, verifiedBidder } from '../../test/auction-fixtures.js';

/** One physical piece is offered in one place at a time: the mall, one lot, or an unpaid order. */
let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await createTestApp();
  op = await adminToken(t);
});

const stock = async (productId: number) => (await t.services.catalogue.adminProduct(productId)).stock;
const lotBody = (productId: number, over: Record<string, unknown> = {}) => {
  const now = t.clock.now();
  return { productId, startPrice: 100_000, startsAt: now, endsAt: now + 3_600_000, ...over };
};
const housePieces = async () =>
  (await t.call('GET', '/v1/admin/holdings', { token: op, query: { ownerId: 'house', pageSize: 50 } })).data;

async function closeAt(endsAt: number) {
  t.clock.set(endsAt + 1);
  await t.services.lotCloseFlow.closeDue();
}

describe('a house lot is made from one unit of inventory', () => {
  it('takes the unit out of the mall while the lot runs, with the product’s particulars', async () => {
    const piece = await inventoryPiece(t, { onSale: true, title: '清 鸡血石方章', provenance: '苏州某氏旧藏' });
    const listed = await t.call('GET', '/v1/iyd/product/info', { query: { id: piece.id } });
    expect(listed.data.stock).toBe(1);

    const lot = await t.call('POST', '/v1/admin/lots', { token: op, body: lotBody(piece.id) });
    expect(lot.code).toBe(200);
    expect(lot.data).toMatchObject({ title: '清 鸡血石方章', consigned: false, status: 'live' });
    const info = await t.call('GET', '/v1/iyd/auction/info', { query: { id: lot.data.id } });
    expect(info.data).toMatchObject({ provenance: '苏州某氏旧藏', era: '清', material: '瓷', dimensions: '高 30cm' });

    // Nobody can buy it in the mall or list it again meanwhile.
    expect(await stock(piece.id)).toBe(0);
    const buyer = await memberWithTradePassword(t);
    const order = await t.call('POST', '/v1/iyd/order/create', {
      token: buyer.token,
      body: { items: [{ productId: piece.id, quantity: 1 }] },
    });
    expect(order).toMatchObject({ code: 409, data: { reason: 'OUT_OF_STOCK' } });
    const again = await t.call('POST', '/v1/admin/lots', { token: op, body: lotBody(piece.id) });
    expect(again).toMatchObject({ status: 409, code: 409, data: { reason: 'PIECE_NOT_AVAILABLE' } });
  });

  it('lists one unit once when two operators list it at the same time', async () => {
    const piece = await inventoryPiece(t);
    const tries = await Promise.all(
      Array.from({ length: 8 }, () => t.call('POST', '/v1/admin/lots', { token: op, body: lotBody(piece.id) })),
    );
    expect(tries.filter((r) => r.code === 200)).toHaveLength(1);
    expect(tries.filter((r) => r.code === 409).every((r) => r.data.reason === 'PIECE_NOT_AVAILABLE')).toBe(true);
    expect(tries.filter((r) => r.code === 409)).toHaveLength(7);
    expect(await stock(piece.id)).toBe(0);
  });

  it('refuses a unit held by an unpaid order, and takes it once the order is cancelled', async () => {
    const piece = await inventoryPiece(t, { onSale: true });
    const buyer = await memberWithTradePassword(t);
    const order = await t.call('POST', '/v1/iyd/order/create', {
      token: buyer.token,
      body: { items: [{ productId: piece.id, quantity: 1 }] },
    });
    expect(order.code).toBe(200);
    const held = await t.call('POST', '/v1/admin/lots', { token: op, body: lotBody(piece.id) });
    expect(held.data.reason).toBe('PIECE_NOT_AVAILABLE');
    await t.call('POST', '/v1/iyd/order/cancel', { token: buyer.token, body: { id: order.data.id } });
    expect((await t.call('POST', '/v1/admin/lots', { token: op, body: lotBody(piece.id) })).code).toBe(200);
  });

  it('unsold, the unit returns to inventory; listed again, it is the same piece with its history', async () => {
    const piece = await inventoryPiece(t, { onSale: true });
    const first = await houseLot(t, op, { productId: piece.id, endsIn: 60_000 });
    await closeAt(first.endsAt);
    expect((await t.call('GET', '/v1/iyd/auction/info', { query: { id: first.id } })).data.status).toBe('unsold');
    expect(await stock(piece.id)).toBe(1);

    const second = await houseLot(t, op, { productId: piece.id, endsIn: 60_000 });
    expect(second.holdingId).toBe(first.holdingId);
    expect(await stock(piece.id)).toBe(0);
    await closeAt(second.endsAt);
    expect(await stock(piece.id)).toBe(1);

    // Bought in the mall now, the buyer's piece is that same piece.
    const buyer = await memberWithTradePassword(t);
    await fund(t, buyer.id, 1_000_000);
    const order = await t.call('POST', '/v1/iyd/order/create', {
      token: buyer.token,
      body: { items: [{ productId: piece.id, quantity: 1 }] },
    });
    const paid = await t.call('POST', '/v1/iyd/order/confirm', {
      token: buyer.token,
      body: { id: order.data.id, tradePassword: '135790' },
    });
    expect(paid.data.status).toBe('paid');
    const mine = await t.call('GET', '/v1/iyd/pick/list', { token: buyer.token });
    expect(mine.data.list.map((h: { id: number }) => h.id)).toEqual([first.holdingId]);
    const history = await t.call('GET', '/v1/iyd/pick/info', { token: buyer.token, query: { id: first.holdingId } });
    expect(history.data.history.map((e: { event: string }) => e.event)).toEqual([
      'listed',
      'unsold',
      'listed',
      'unsold',
      'bought',
    ]);
    const house = await housePieces();
    expect(house.list.some((h: { id: number }) => h.id === first.holdingId)).toBe(false);
  });

  it('sold and paid, the winner’s piece is the lot’s piece; unpaid, the unit comes back', async () => {
    const piece = await inventoryPiece(t);
    const lot = await houseLot(t, op, { productId: piece.id, startPrice: 100_000, endsIn: 60_000 });
    const winner = await verifiedBidder(t);
    const placed = await bid(t, winner.token, lot.id, 150_000);
    expect(placed.code).toBe(200);
    await closeAt(placed.data.endsAt);
    const won = await t.call('GET', '/v1/iyd/auction/info', { token: winner.token, query: { id: lot.id } });
    expect(won.data.status).toBe('sold');
    await t.services.orderPaymentFlow.pay(undefined, { orderId: won.data.myOrderId, memberId: winner.id });
    const mine = await t.call('GET', '/v1/iyd/pick/list', { token: winner.token });
    expect(mine.data.list.map((h: { id: number }) => h.id)).toEqual([lot.holdingId]);
    expect(await stock(piece.id)).toBe(0);

    // Another lot whose winner never pays: the order is cancelled and the unit is for sale again.
    const other = await inventoryPiece(t);
    const lot2 = await houseLot(t, op, { productId: other.id, startPrice: 100_000, endsIn: 60_000 });
    const placed2 = await bid(t, winner.token, lot2.id, 100_000);
    expect(placed2.code).toBe(200);
    await closeAt(placed2.data.endsAt);
    expect(await stock(other.id)).toBe(0);
    t.clock.advance(49 * 3_600_000);
    await t.services.orderCancelFlow.expireDue();
    expect((await t.call('GET', '/v1/iyd/auction/info', { query: { id: lot2.id } })).data.status).toBe('unsold');
    expect(await stock(other.id)).toBe(1);
    expect((await t.services.wallet.reconcile()).ok).toBe(true);
  });
});

describe('what a member sees of a lot', () => {
  it('marks the consignor’s own lot, so the app refuses before asking for anything', async () => {
    const consignor = await verifiedBidder(t);
    const stranger = await verifiedBidder(t);
    const piece = await inventoryPiece(t, { onSale: true });
    const order = await t.services.orderPaymentFlow.create(consignor.id, {
      items: [{ productId: piece.id, quantity: 1 }],
    });
    await t.services.orderPaymentFlow.pay(undefined, { orderId: order.id, memberId: consignor.id });
    const [holding] = (await t.services.custody.list(consignor.id, { page: 1, pageSize: 1 })).list;
    const delegated = await t.call('POST', '/v1/iyd/delegate', {
      token: consignor.token,
      body: { holdingId: holding!.id },
    });
    const now = t.clock.now();
    const review = await t.call('POST', `/v1/admin/delegations/${delegated.data.id}/review`, {
      token: op,
      body: { approve: true, startPrice: 50_000, startsAt: now, endsAt: now + 3_600_000 },
    });
    const lotId = review.data.lotId as number;
    const own = await t.call('GET', '/v1/iyd/auction/info', { token: consignor.token, query: { id: lotId } });
    expect(own.data).toMatchObject({ consigned: true, ownLot: true, provenance: '上海私人旧藏' });
    const other = await t.call('GET', '/v1/iyd/auction/info', { token: stranger.token, query: { id: lotId } });
    expect(other.data.ownLot).toBe(false);
    const guest = await t.call('GET', '/v1/iyd/auction/info', { query: { id: lotId } });
    expect(guest.data.ownLot).toBeUndefined();
    const list = await t.call('GET', '/v1/iyd/auction/list', { token: consignor.token, query: { pageSize: 50 } });
    expect(list.data.list.find((l: { id: number }) => l.id === lotId).ownLot).toBe(true);
  });

  it('marks a leader raising their own maximum in the public history, the chain unchanged', async () => {
    const lot = await houseLot(t, op, { startPrice: 100_000 });
    const a = await verifiedBidder(t);
    const b = await verifiedBidder(t);
    await bid(t, a.token, lot.id, 100_000);
    await bid(t, b.token, lot.id, 150_000);
    await bid(t, b.token, lot.id, 300_000);
    await bid(t, a.token, lot.id, 200_000);
    const info = await t.call('GET', '/v1/iyd/auction/info', { query: { id: lot.id } });
    const bids = [...info.data.bids].reverse() as { seq: number; amount: number; raise?: boolean }[];
    expect(bids.map((x) => [x.seq, x.amount, x.raise ?? false])).toEqual([
      [1, 100_000, false],
      [2, 105_000, false],
      [3, 105_000, true],
      [4, 200_000, false],
    ]);
    const admin = await t.call('GET', `/v1/admin/lots/${lot.id}`, { token: op });
    expect(admin.data.bids.find((x: { seq: number }) => x.seq === 3)).toMatchObject({ raise: true, memberId: b.id });
  });
});
