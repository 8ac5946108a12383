import crypto from 'node:crypto';
import type { MemberNotice } from '@antique/shared';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createProduct,
  createTestApp,
  fund,
  lastSmsCode,
  memberWithTradePassword,
  newPhone,
  operatorToken,
  PASSWORD,
  registerMember,
  sendCode,
  type TestApp,
} from '../../test/harness.js';
import { inventoryPiece } from '../../test/auction-fixtures.js';

let t: TestApp;
let op: string;
/** Pick-ups are support's to ship (PRODUCT.md "Operators"). */
let shipper: string;
let pool: pg.Pool;
beforeAll(async () => {
  t = await createTestApp();
  op = await operatorToken(t, 'operator');
  shipper = await operatorToken(t, 'support');
  pool = (t.db as unknown as { $client: pg.Pool }).$client;
});

type Member = { id: number; token: string; phone: string };

const address = (over: Record<string, unknown> = {}) => ({
  name: '林婉清',
  phone: '13912345678',
  regionCode: '330106',
  detail: '文三路 478 号 2 幢 301',
  ...over,
});

async function addressOf(m: Member, over: Record<string, unknown> = {}) {
  const r = await t.call('POST', '/v1/iyd/address', { token: m.token, body: address(over) });
  expect(r.code).toBe(200);
  return r.data.id as number;
}

/** A member who bought `quantity` units of a new product in the mall and paid: their held pieces. */
async function buyer(quantity = 1, m?: Member & { tradePassword?: string }) {
  const member = m ?? (await memberWithTradePassword(t));
  await fund(t, member.id, 500_000 * quantity);
  const product = await createProduct(t, op, { price: 120_000, stock: quantity });
  const order = await t.call('POST', '/v1/iyd/order/create', {
    token: member.token,
    body: { items: [{ productId: product.id, quantity }] },
  });
  const paid = await t.call('POST', '/v1/iyd/order/confirm', {
    token: member.token,
    body: { id: order.data.id, tradePassword: '135790' },
  });
  expect(paid.data.status).toBe('paid');
  const list = await t.call('GET', '/v1/iyd/pick/list', {
    token: member.token,
    query: { status: 'held', pageSize: 50 },
  });
  const pieces = (list.data.list as { id: number; orderId: number }[]).filter((h) => h.orderId === order.data.id);
  return { member, product, orderId: order.data.id as number, pieces: pieces.map((p) => p.id).sort((a, b) => a - b) };
}

const info = (m: Member, id: number) => t.call('GET', '/v1/iyd/pick/info', { token: m.token, query: { id } });
const pick = (m: Member, body: unknown, headers: Record<string, string> = {}) =>
  t.call('POST', '/v1/iyd/pick', { token: m.token, body, headers });
const delegate = (m: Member, body: unknown, headers: Record<string, string> = {}) =>
  t.call('POST', '/v1/iyd/delegate', { token: m.token, body, headers });
const ship = (id: number, body: unknown = { carrier: '顺丰速运', trackingNo: 'SF1234567890' }, token = shipper) =>
  t.call('POST', `/v1/admin/picks/${id}/ship`, { token, body });
const historyOf = async (m: Member, id: number) =>
  ((await info(m, id)).data.history as { event: string; price?: number; ref?: string }[]).map((e) => [
    e.event,
    e.price,
    e.ref,
  ]);

describe('pieces bought in the mall', () => {
  it('are held for the buyer, one per unit, with a history that starts with the purchase', async () => {
    const { member, product, orderId, pieces } = await buyer(2);
    expect(pieces).toHaveLength(2);
    const r = await info(member, pieces[0]!);
    expect(r.data).toMatchObject({
      id: pieces[0],
      productId: product.id,
      acquiredPrice: 120_000,
      source: 'mall',
      status: 'held',
      orderId,
      history: [{ event: 'bought', price: 120_000, ref: `order:${orderId}` }],
    });
    expect(r.data.pick).toBeUndefined();
    const { rows } = await pool.query('SELECT images FROM holdings WHERE id = $1', [pieces[0]]);
    expect(rows[0].images).toEqual([r.data.cover]);
  });

  it('are nobody else’s business: 404 for another member, and for a piece that does not exist', async () => {
    const { pieces } = await buyer();
    const other = await registerMember(t);
    const r = await info(other, pieces[0]!);
    expect([r.status, r.data.reason]).toEqual([404, 'NOT_FOUND']);
    expect((await info(other, 2_000_000_000)).status).toBe(404);
    expect((await info(other, 0)).status).toBe(400);
  });
});

describe('the calls auctions make', () => {
  it('hands a consigned piece to the buyer with its whole history: bought, consigned, listed, sold, won', async () => {
    const { member: seller, orderId, pieces } = await buyer();
    const id = pieces[0]!;
    const d = await delegate(seller, { holdingId: id, reservePrice: 150_000 });
    expect(d.data).toMatchObject({ status: 'pending', reservePrice: 150_000, holding: { id, status: 'delegated' } });
    // Listed as a lot (the review through auctions is tested with the auctions module).
    await pool.query(`UPDATE delegations SET status = 'listed', lot_id = 900001 WHERE id = $1`, [d.data.id]);
    const s = t.services;
    await s.transaction((tx) => s.custody.lotListed(tx, { holdingId: id, lotId: 900001 }));
    const locked = await s.transaction((tx) => s.custody.holdingForLot(tx, id));
    expect(locked).toMatchObject({ id, ownerId: seller.id, status: 'delegated', title: '清乾隆 青花缠枝莲纹赏瓶' });
    expect(locked.images.length).toBeGreaterThan(0);

    const winner = await registerMember(t);
    const sale = {
      holdingId: id,
      lotId: 900001,
      buyerId: winner.id,
      orderId: 900002,
      hammer: 300_000,
      commission: 30_000,
      proceeds: 270_000,
    };
    await s.transaction(async (tx) => {
      await s.custody.lotSold(tx, sale);
      // Settling twice records it once.
      await s.custody.lotSold(tx, sale);
    });

    const seen = await info(winner, id);
    expect(seen.data).toMatchObject({ id, status: 'held', source: 'auction', acquiredPrice: 300_000, orderId: 900002 });
    // The provenance travels with the piece, without the seller's purchase price or links to the seller's orders.
    expect(await historyOf(winner, id)).toEqual([
      ['bought', undefined, undefined],
      ['consigned', undefined, undefined],
      ['listed', undefined, 'lot:900001'],
      ['sold', 300_000, 'lot:900001'],
      ['won', 300_000, 'order:900002'],
    ]);
    // The seller no longer sees the piece, but sees the consignment sold with its numbers and
    // the piece as they had it, never the buyer's purchase.
    expect((await info(seller, id)).status).toBe(404);
    const mine = await t.call('GET', '/v1/iyd/delegate/list', { token: seller.token });
    expect(mine.data.list[0]).toMatchObject({
      id: d.data.id,
      status: 'sold',
      lotId: 900001,
      hammerPrice: 300_000,
      commission: 30_000,
      proceeds: 270_000,
      holding: { id, acquiredPrice: 120_000, source: 'mall', orderId, status: 'delegated' },
    });
    // The new owner may consign it again.
    expect((await delegate(winner, { holdingId: id })).data.status).toBe('pending');
  });

  it('puts an unsold piece back into its owner’s hands, once', async () => {
    const { member, pieces } = await buyer();
    const id = pieces[0]!;
    const d = await delegate(member, { holdingId: id });
    await pool.query(`UPDATE delegations SET status = 'listed', lot_id = 900011 WHERE id = $1`, [d.data.id]);
    const s = t.services;
    await s.transaction((tx) => s.custody.lotClosed(tx, { holdingId: id, lotId: 900011 }));
    await s.transaction((tx) => s.custody.lotClosed(tx, { holdingId: id, lotId: 900011 }));
    expect((await info(member, id)).data.status).toBe('held');
    expect((await historyOf(member, id)).map((e) => e[0])).toEqual(['bought', 'consigned', 'unsold', 'returned']);
    const mine = await t.call('GET', '/v1/iyd/delegate/list', { token: member.token, query: { status: 'unsold' } });
    expect(mine.data.list.map((x: { id: number }) => x.id)).toEqual([d.data.id]);
  });

  it('keeps the house’s own piece without an owner, delegated while listed, held when unsold', async () => {
    const s = t.services;
    const piece = await inventoryPiece(t);
    const { id } = await s.transaction((tx) =>
      s.custody.houseHolding(tx, {
        productId: piece.id,
        title: '宋 龙泉窑青釉碗',
        cover: '/files/a.png',
        images: ['/files/a.png'],
      }),
    );
    const house = await t.call('GET', '/v1/admin/holdings', { token: op, query: { ownerId: 'house' } });
    expect(house.data.list.find((h: { id: number }) => h.id === id)).toMatchObject({
      ownerId: null,
      ownerPhone: null,
      source: 'house',
      status: 'delegated',
      acquiredPrice: 0,
      productId: piece.id,
    });
    const closed = await s.transaction((tx) => s.custody.lotClosed(tx, { holdingId: id, lotId: 900021 }));
    // The house's unit of the product is back in inventory (auctions give it back to the catalogue).
    expect(closed).toEqual({ backToInventory: piece.id });
    const after = await t.call('GET', '/v1/admin/holdings', { token: op, query: { ownerId: 'house', status: 'held' } });
    expect(after.data.list.map((h: { id: number }) => h.id)).toContain(id);
    await expect(s.transaction((tx) => s.custody.holdingForLot(tx, 2_000_000_000))).rejects.toMatchObject({
      reason: 'NOT_FOUND',
    });
  });
});

describe('pick-ups', () => {
  it('ships held pieces to a copy of one of the member’s addresses', async () => {
    const { member, pieces } = await buyer(3);
    const addressId = await addressOf(member);
    const r = await pick(member, { holdingIds: [pieces[1], pieces[0]], addressId });
    expect(r.data).toMatchObject({
      holdingIds: [pieces[0], pieces[1]],
      status: 'pending',
      address: { name: '林婉清', phone: '13912345678', province: '浙江省', detail: '文三路 478 号 2 幢 301' },
    });
    expect(r.data.address.id).toBeUndefined();
    // The copy stays as it was when the address changes later.
    await t.call('POST', '/v1/iyd/address', { token: member.token, body: address({ id: addressId, name: '周明' }) });
    const picking = await t.call('GET', '/v1/iyd/pick/list', { token: member.token, query: { status: 'picking' } });
    expect(picking.data.total).toBe(2);
    expect(picking.data.list[0].pick).toMatchObject({ id: r.data.id, address: { name: '林婉清' } });
    const held = await t.call('GET', '/v1/iyd/pick/list', { token: member.token, query: { status: 'held' } });
    expect(held.data.list.map((h: { id: number }) => h.id)).toEqual([pieces[2]]);
  });

  it('refuses pieces that are not the caller’s held ones, and bad input, changing nothing', async () => {
    const { member, pieces } = await buyer(2);
    const other = await buyer();
    const addressId = await addressOf(member);
    const theirs = await pick(member, { holdingIds: [pieces[0], other.pieces[0]], addressId });
    expect([theirs.status, theirs.data.reason, theirs.data.holdingIds]).toEqual([
      409,
      'HOLDING_NOT_AVAILABLE',
      [other.pieces[0]],
    ]);
    expect((await pick(member, { holdingIds: [2_000_000_000], addressId })).data.reason).toBe('HOLDING_NOT_AVAILABLE');
    // Someone else's address is no address of theirs.
    const otherAddress = await addressOf(other.member);
    expect((await pick(member, { holdingIds: [pieces[0]], addressId: otherAddress })).status).toBe(404);
    for (const [body, field] of [
      [{ holdingIds: [], addressId }, 'holdingIds'],
      [{ holdingIds: [pieces[0], pieces[0]], addressId }, 'holdingIds'],
      [{ holdingIds: Array.from({ length: 21 }, (_, i) => i + 1), addressId }, 'holdingIds'],
      [{ holdingIds: ['x'], addressId }, 'holdingIds.0'],
      [{ holdingIds: [pieces[0]] }, 'addressId'],
    ] as const) {
      const r = await pick(member, body);
      expect([r.status, r.data.reason, r.data.field]).toEqual([400, 'VALIDATION', field]);
    }
    const held = await t.call('GET', '/v1/iyd/pick/list', { token: member.token, query: { status: 'held' } });
    expect(held.data.total).toBe(2);
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM picks WHERE member_id = $1', [member.id]);
    expect(rows[0].n).toBe(0);
  });

  it('lets exactly one of two parallel pick-ups of a piece through', async () => {
    const { member, pieces } = await buyer(2);
    const addressId = await addressOf(member);
    const results = await Promise.all([
      pick(member, { holdingIds: [pieces[0], pieces[1]], addressId }),
      pick(member, { holdingIds: [pieces[1]], addressId }),
      pick(member, { holdingIds: [pieces[1], pieces[0]], addressId }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.data.reason).toBe('HOLDING_NOT_AVAILABLE');
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM picks WHERE member_id = $1', [member.id]);
    expect(rows[0].n).toBe(1);
  });

  it('lets exactly one of a pick-up and a consignment of one piece through', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { member, pieces } = await buyer();
      const addressId = await addressOf(member);
      const [p, d] = await Promise.all([
        pick(member, { holdingIds: [pieces[0]], addressId }),
        delegate(member, { holdingId: pieces[0] }),
      ]);
      expect([p.status, d.status].sort()).toEqual([200, 409]);
      const loser = p.status === 409 ? p : d;
      expect(loser.data.reason).toBe('HOLDING_NOT_AVAILABLE');
      const status = (await info(member, pieces[0]!)).data.status;
      expect(status).toBe(p.status === 200 ? 'picking' : 'delegated');
    }
  });

  it('honours Idempotency-Key: a repeat, and a retry whose answer was lost after the commit, get the same pick-up', async () => {
    const { member, pieces } = await buyer(2);
    const addressId = await addressOf(member);
    const headers = { 'idempotency-key': `pick-${member.id}` };
    const first = await pick(member, { holdingIds: [pieces[0]], addressId }, headers);
    const again = await pick(member, { holdingIds: [pieces[0]], addressId }, headers);
    expect(again.data).toEqual(first.data);
    const other = await pick(member, { holdingIds: [pieces[1]], addressId }, headers);
    expect([other.status, other.data.reason]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    await pool.query(
      `UPDATE idempotency_keys SET status_code = NULL, response = NULL, owner = 987654401 WHERE key = $1`,
      [headers['idempotency-key']],
    );
    const retry = await pick(member, { holdingIds: [pieces[0]], addressId }, headers);
    expect([retry.code, retry.data.id]).toEqual([200, first.data.id]);
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM picks WHERE member_id = $1', [member.id]);
    expect(rows[0].n).toBe(1);
  });

  it('is shipped by support with carrier and tracking number, audited, and the member is texted', async () => {
    const { member, pieces } = await buyer(2);
    const addressId = await addressOf(member);
    const p = await pick(member, { holdingIds: pieces, addressId });
    const support = await operatorToken(t, 'support');
    const bad = await ship(p.data.id, { carrier: '顺丰速运', trackingNo: 'SF 12' }, support);
    expect([bad.status, bad.data.field]).toEqual([400, 'trackingNo']);
    expect((await ship(p.data.id, { carrier: ' ', trackingNo: 'SF1234567890' }, support)).data.field).toBe('carrier');
    expect((await ship(2_000_000_000, undefined, support)).status).toBe(404);
    const early = await t.call('POST', '/v1/iyd/pick/receive', { token: member.token, body: { id: p.data.id } });
    expect([early.status, early.data.reason, early.data.status]).toEqual([409, 'HOLDING_NOT_AVAILABLE', 'pending']);

    const told: MemberNotice[] = [];
    const stop = await t.services.notices.subscribe({
      memberId: member.id,
      lotIds: new Set(),
      onLot: () => undefined,
      onNotice: (n) => told.push(n),
      onResync: () => undefined,
    });
    const r = await ship(p.data.id, undefined, support);
    for (let i = 0; i < 250 && told.length === 0; i++) await new Promise((res) => setTimeout(res, 20));
    stop();
    // The app says the first piece's title and how many: no text is composed on the server.
    expect(told).toEqual([
      expect.objectContaining({ kind: 'shipped', pickId: p.data.id, title: r.data.holdings[0].title, count: 2 }),
    ]);
    expect(r.data).toMatchObject({
      id: p.data.id,
      status: 'shipped',
      carrier: '顺丰速运',
      trackingNo: 'SF1234567890',
      memberId: member.id,
      memberPhone: `${member.phone.slice(0, 3)}****${member.phone.slice(-4)}`,
      holdingIds: pieces,
      holdings: [
        { id: pieces[0], status: 'shipped' },
        { id: pieces[1], status: 'shipped' },
      ],
    });
    expect(typeof r.data.shippedAt).toBe('number');
    const twice = await ship(p.data.id, { carrier: '中通快递', trackingNo: 'ZT99999999' }, support);
    expect([twice.status, twice.data.reason]).toEqual([409, 'HOLDING_NOT_AVAILABLE']);

    const sms = await t.services.sms.outbox({ phone: member.phone, page: 1, pageSize: 1 });
    expect(sms.list[0]?.content).toContain('顺丰速运');
    expect(sms.list[0]?.content).toContain('SF1234567890');
    const admin = await operatorToken(t);
    const audit = await t.call('GET', '/v1/admin/audit', {
      token: admin,
      query: { action: 'pick.ship', pageSize: 50 },
    });
    expect(audit.data.list.find((a: { targetId: string }) => a.targetId === String(p.data.id))).toMatchObject({
      targetType: 'pick',
      after: { status: 'shipped', carrier: '顺丰速运', trackingNo: 'SF1234567890' },
    });
    expect((await historyOf(member, pieces[0]!)).map((e) => e.slice(0, 1)[0])).toEqual(['bought', 'shipped']);

    // Received by the member: the pick and the pieces; confirming again returns it.
    const stranger = await registerMember(t);
    const notMine = await t.call('POST', '/v1/iyd/pick/receive', { token: stranger.token, body: { id: p.data.id } });
    expect(notMine.status).toBe(404);
    const got = await t.call('POST', '/v1/iyd/pick/receive', { token: member.token, body: { id: p.data.id } });
    expect(got.data).toMatchObject({ id: p.data.id, status: 'received', carrier: '顺丰速运' });
    const again = await t.call('POST', '/v1/iyd/pick/receive', { token: member.token, body: { id: p.data.id } });
    expect(again.data).toEqual(got.data);
    const detail = await info(member, pieces[1]!);
    expect(detail.data).toMatchObject({ status: 'received', pick: { id: p.data.id, status: 'received' } });
    expect(detail.data.history.map((e: { event: string; ref?: string }) => [e.event, e.ref])).toEqual([
      ['bought', expect.stringMatching(/^order:/)],
      ['shipped', `pick:${p.data.id}`],
      ['received', `pick:${p.data.id}`],
    ]);
    // A received piece has left the house: it can be neither picked nor consigned again.
    expect((await delegate(member, { holdingId: pieces[0] })).data.reason).toBe('HOLDING_NOT_AVAILABLE');
  });

  it('completes by itself pickAutoReceiveDays after shipping, once even with two runs at once', async () => {
    const { member, pieces } = await buyer();
    const addressId = await addressOf(member);
    const p = await pick(member, { holdingIds: pieces, addressId });
    await ship(p.data.id);
    const days = await t.services.settings.get('pickAutoReceiveDays');
    expect(days).toBe(10);
    t.clock.advance(days * 86_400_000 - 60_000);
    await t.services.custody.receiveDue();
    expect((await info(member, pieces[0]!)).data.status).toBe('shipped');
    t.clock.advance(120_000);
    const { pickAutoReceiveJob } = await import('../../jobs/pick-auto-receive.js');
    const job = pickAutoReceiveJob(t.services.custody);
    const runs = await Promise.all([job.run(), job.run(), t.services.custody.receiveDue()]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    const detail = await info(member, pieces[0]!);
    expect(detail.data).toMatchObject({ status: 'received', pick: { status: 'received' } });
    expect(detail.data.history.filter((e: { event: string }) => e.event === 'received')).toHaveLength(1);
    expect(await t.services.custody.receiveDue()).toBe(0);
  });
});

describe('consignments', () => {
  it('consigns a held piece with an optional reserve, lists it, and refuses what cannot be consigned', async () => {
    const { member, pieces } = await buyer(3);
    const d = await delegate(member, { holdingId: pieces[0], reservePrice: 200_000 });
    expect(d.data).toMatchObject({
      status: 'pending',
      reservePrice: 200_000,
      holding: { id: pieces[0], status: 'delegated' },
    });
    expect(typeof d.data.createdAt).toBe('number');
    const plain = await delegate(member, { holdingId: pieces[1] });
    expect(plain.data.reservePrice).toBeUndefined();
    const twice = await delegate(member, { holdingId: pieces[0] });
    expect([twice.status, twice.data.reason]).toEqual([409, 'HOLDING_NOT_AVAILABLE']);
    const other = await registerMember(t);
    expect((await delegate(other, { holdingId: pieces[2] })).data.reason).toBe('HOLDING_NOT_AVAILABLE');
    for (const body of [
      { holdingId: pieces[2], reservePrice: 0 },
      { holdingId: pieces[2], reservePrice: -5 },
      { holdingId: pieces[2], reservePrice: 100.5 },
      { holdingId: pieces[2], reservePrice: '100' },
      { holdingId: pieces[2], reservePrice: 100_000_000_001 },
    ]) {
      const r = await delegate(member, body);
      expect([r.status, r.data.field]).toEqual([400, 'reservePrice']);
    }
    expect((await delegate(member, {})).data.field).toBe('holdingId');
    expect((await info(member, pieces[2]!)).data.status).toBe('held');

    const list = await t.call('GET', '/v1/iyd/delegate/list', { token: member.token });
    expect(list.data.list.map((x: { id: number }) => x.id)).toEqual([plain.data.id, d.data.id]);
    const none = await t.call('GET', '/v1/iyd/delegate/list', { token: member.token, query: { status: 'sold' } });
    expect(none.data.total).toBe(0);
    expect((await t.call('GET', '/v1/iyd/delegate/list', { token: member.token, query: { status: 'x' } })).status).toBe(
      400,
    );
    expect((await t.call('GET', '/v1/iyd/delegate/list', { token: other.token })).data.total).toBe(0);
  });

  it('honours Idempotency-Key: one consignment for a repeat and for a retry whose answer was lost', async () => {
    const { member, pieces } = await buyer();
    const headers = { 'idempotency-key': `delegate-${member.id}` };
    const first = await delegate(member, { holdingId: pieces[0], reservePrice: 180_000 }, headers);
    expect(first.code).toBe(200);
    await pool.query(
      `UPDATE idempotency_keys SET status_code = NULL, response = NULL, owner = 987654402 WHERE key = $1`,
      [headers['idempotency-key']],
    );
    const retry = await delegate(member, { holdingId: pieces[0], reservePrice: 180_000 }, headers);
    expect([retry.code, retry.data.id, retry.data.status]).toEqual([200, first.data.id, 'pending']);
    const list = await t.call('GET', '/v1/iyd/delegate/list', { token: member.token });
    expect(list.data.total).toBe(1);
  });

  it('withdraws a pending consignment: the piece is held again; withdrawing again returns it', async () => {
    const { member, pieces } = await buyer();
    const d = await delegate(member, { holdingId: pieces[0] });
    const other = await registerMember(t);
    const cancel = (m: Member, id: number) =>
      t.call('POST', '/v1/iyd/delegate/cancel', { token: m.token, body: { id } });
    expect((await cancel(other, d.data.id)).status).toBe(404);
    expect((await cancel(member, 2_000_000_000)).status).toBe(404);
    const r = await cancel(member, d.data.id);
    expect(r.data).toMatchObject({ id: d.data.id, status: 'cancelled', holding: { id: pieces[0], status: 'held' } });
    expect((await cancel(member, d.data.id)).data).toEqual(r.data);
    expect((await info(member, pieces[0]!)).data.status).toBe('held');
    expect((await historyOf(member, pieces[0]!)).map((e) => e[0])).toEqual(['bought', 'consigned', 'returned']);
    // Held again, it may be consigned again.
    expect((await delegate(member, { holdingId: pieces[0] })).data.status).toBe('pending');
  });

  it('is reviewed by operators: the queue oldest first; a rejection with its reason holds the piece again, audited', async () => {
    const a = await buyer();
    const b = await buyer();
    const first = await delegate(a.member, { holdingId: a.pieces[0] });
    const second = await delegate(b.member, { holdingId: b.pieces[0] });
    const queue = await t.call('GET', '/v1/admin/delegations', {
      token: op,
      query: { status: 'pending', pageSize: 50 },
    });
    const ids = queue.data.list.map((x: { id: number }) => x.id);
    expect(ids.indexOf(first.data.id)).toBeLessThan(ids.indexOf(second.data.id));
    expect(queue.data.list.find((x: { id: number }) => x.id === first.data.id)).toMatchObject({
      memberId: a.member.id,
      holding: { id: a.pieces[0] },
    });
    const support = await operatorToken(t, 'support');
    expect((await t.call('GET', '/v1/admin/delegations', { token: support })).status).toBe(403);

    const review = (id: number, body: unknown, token = op) =>
      t.call('POST', `/v1/admin/delegations/${id}/review`, { token, body });
    expect((await review(first.data.id, { approve: false }, support)).status).toBe(403);
    expect((await review(first.data.id, { approve: false })).data.field).toBe('reason');
    expect((await review(first.data.id, { approve: true, startsAt: 1, endsAt: 2 })).data.field).toBe('startPrice');
    expect((await review(first.data.id, { approve: true, startPrice: 100, startsAt: 5, endsAt: 5 })).data.field).toBe(
      'endsAt',
    );
    expect((await review(2_000_000_000, { approve: false, reason: '品相不符' })).status).toBe(404);

    const rejected = await review(first.data.id, { approve: false, reason: '品相与描述不符' });
    expect(rejected.data).toMatchObject({
      id: first.data.id,
      status: 'rejected',
      rejectReason: '品相与描述不符',
      holding: { id: a.pieces[0], status: 'held' },
    });
    const again = await review(first.data.id, { approve: false, reason: '再次' });
    expect([again.status, again.data.reason, again.data.status]).toEqual([409, 'HOLDING_NOT_AVAILABLE', 'rejected']);
    expect((await info(a.member, a.pieces[0]!)).data.status).toBe('held');
    const admin = await operatorToken(t);
    const audit = await t.call('GET', '/v1/admin/audit', {
      token: admin,
      query: { action: 'delegation.reject', pageSize: 50 },
    });
    expect(audit.data.list.find((x: { targetId: string }) => x.targetId === String(first.data.id))).toMatchObject({
      targetType: 'delegation',
      before: { status: 'pending' },
      after: { status: 'rejected', reason: '品相与描述不符' },
    });
    const mine = await t.call('GET', '/v1/iyd/delegate/list', { token: a.member.token, query: { status: 'rejected' } });
    expect(mine.data.list[0]).toMatchObject({ id: first.data.id, rejectReason: '品相与描述不符' });

    // The member withdrawing while an operator rejects: exactly one of them wins, the piece returns once.
    for (let round = 0; round < 3; round += 1) {
      const c = await buyer();
      const d = await delegate(c.member, { holdingId: c.pieces[0] });
      const [r, w] = await Promise.all([
        review(d.data.id, { approve: false, reason: '品相与描述不符' }),
        t.call('POST', '/v1/iyd/delegate/cancel', { token: c.member.token, body: { id: d.data.id } }),
      ]);
      expect([r.status, w.status].sort()).toEqual([200, 409]);
      expect((r.status === 409 ? r : w).data.reason).toBe('HOLDING_NOT_AVAILABLE');
      const held = await info(c.member, c.pieces[0]!);
      expect(held.data.status).toBe('held');
      expect(held.data.history.filter((e: { event: string }) => e.event === 'returned')).toHaveLength(1);
    }
  });
});

describe('the operators’ lists', () => {
  it('finds pieces by status, owner and keyword (title or the owner’s phone), with the owner', async () => {
    const { member, pieces } = await buyer(2);
    await delegate(member, { holdingId: pieces[0] });
    const q = (query: Record<string, string | number>) =>
      t.call('GET', '/v1/admin/holdings', { token: op, query: { pageSize: 50, ...query } });
    const mine = await q({ ownerId: member.id });
    expect(mine.data.list.map((h: { id: number }) => h.id)).toEqual([pieces[1], pieces[0]]);
    expect(mine.data.list[0]).toMatchObject({
      ownerId: member.id,
      ownerPhone: expect.stringContaining(member.phone.slice(-4)),
    });
    expect((await q({ ownerId: member.id, status: 'delegated' })).data.list.map((h: { id: number }) => h.id)).toEqual([
      pieces[0],
    ]);
    const byPhone = await q({ keyword: member.phone });
    expect(byPhone.data.list.map((h: { id: number }) => h.id).sort()).toEqual(pieces);
    expect((await q({ keyword: '青花缠枝莲' })).data.total).toBeGreaterThanOrEqual(2);
    expect((await q({ keyword: '100%_不存在' })).data.total).toBe(0);
    expect((await q({ ownerId: 'someone' })).status).toBe(400);
    expect((await q({ status: 'lost' })).status).toBe(400);
    expect((await t.call('GET', '/v1/admin/holdings', { token: member.token })).status).toBe(401);
  });

  it('lists pick-ups to ship oldest first, then the shipped ones', async () => {
    const a = await buyer();
    const b = await buyer();
    const pa = await pick(a.member, { holdingIds: a.pieces, addressId: await addressOf(a.member) });
    const pb = await pick(b.member, { holdingIds: b.pieces, addressId: await addressOf(b.member) });
    const support = await operatorToken(t, 'support');
    const pending = await t.call('GET', '/v1/admin/picks', {
      token: support,
      query: { status: 'pending', pageSize: 50 },
    });
    const ids = pending.data.list.map((p: { id: number }) => p.id);
    expect(ids.indexOf(pa.data.id)).toBeLessThan(ids.indexOf(pb.data.id));
    expect(pending.data.list.find((p: { id: number }) => p.id === pb.data.id)).toMatchObject({
      memberId: b.member.id,
      holdings: [{ id: b.pieces[0], status: 'picking' }],
      address: { name: '林婉清' },
    });
    await ship(pa.data.id);
    const all = await t.call('GET', '/v1/admin/picks', { token: support, query: { pageSize: 50 } });
    const order = all.data.list.map((p: { id: number; status: string }) => p.status);
    expect(order.indexOf('shipped')).toBeGreaterThan(order.lastIndexOf('pending'));
  });
});

/** A resident ID number with a valid check digit (GB 11643). */
function idNumber(): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const body = `1101011970010${crypto.randomInt(1, 10)}${String(crypto.randomInt(0, 1000)).padStart(3, '0')}`;
  const sum = [...body].reduce((acc, c, i) => acc + Number(c) * weights[i]!, 0);
  return body + '10X98765432'[sum % 11]!;
}

/** A member with a verified real name, money and the trade password 135790: someone who can bid and pay. */
async function bidder() {
  const phone = newPhone();
  const at = new Date(t.clock.now());
  const m = await t.services.members.create({
    phone,
    password: PASSWORD,
    nickname: `藏家${phone.slice(-4)}`,
    realName: { name: '张三', idNumber: idNumber(), submittedAt: at, reviewedAt: at },
  });
  const login = await t.call('POST', '/v1/iyd/member/login', { body: { phone, password: PASSWORD } });
  const token = login.data.token as string;
  await fund(t, m!.id, 2_000_000);
  await sendCode(t, undefined, 'trade', token);
  await t.call('POST', '/v1/iyd/member/password/trade', {
    token,
    body: { smsCode: await lastSmsCode(t, phone), tradePassword: '135790' },
  });
  return { id: m!.id, phone, token };
}

const review = (id: number, body: unknown, token = op) =>
  t.call('POST', `/v1/admin/delegations/${id}/review`, { token, body });

describe('a consignment through an auction', () => {
  it('approved, becomes a lot; sold and paid, the buyer sees bought, consigned, listed, sold, won', async () => {
    const { member: seller, orderId, product, pieces } = await buyer();
    const id = pieces[0]!;
    const d = await delegate(seller, { holdingId: id, reservePrice: 150_000 });
    const now = t.clock.now();
    const past = await review(d.data.id, {
      approve: true,
      startPrice: 100_000,
      startsAt: now - 3_600_000,
      endsAt: now + 60_000,
    });
    expect([past.status, past.data.field]).toEqual([400, 'startsAt']);
    expect((await t.call('GET', '/v1/iyd/delegate/list', { token: seller.token })).data.list[0].status).toBe('pending');

    const approved = await review(d.data.id, {
      approve: true,
      startPrice: 100_000,
      startsAt: now,
      endsAt: now + 3_600_000,
    });
    expect(approved.data).toMatchObject({
      id: d.data.id,
      status: 'listed',
      memberId: seller.id,
      holding: { id, status: 'delegated' },
    });
    const lotId = approved.data.lotId as number;
    const lot = await t.call('GET', `/v1/admin/lots/${lotId}`, { token: op });
    expect(lot.data).toMatchObject({
      id: lotId,
      holdingId: id,
      title: '清乾隆 青花缠枝莲纹赏瓶',
      startPrice: 100_000,
      reservePrice: 150_000,
    });
    const shown = await t.call('GET', '/v1/iyd/auction/info', { query: { id: lotId } });
    const detail = await t.call('GET', '/v1/iyd/product/info', { query: { id: product.id } });
    expect(shown.data).toMatchObject({
      era: '清乾隆',
      material: '瓷',
      dimensions: '高 36.5cm',
      description: detail.data.description,
      images: detail.data.images,
    });
    const again = await review(d.data.id, {
      approve: true,
      startPrice: 100_000,
      startsAt: now,
      endsAt: now + 3_600_000,
    });
    expect([again.status, again.data.reason]).toEqual([409, 'HOLDING_NOT_AVAILABLE']);
    // Listed, the piece can be neither picked up nor consigned twice.
    const addressId = await addressOf(seller);
    expect((await pick(seller, { holdingIds: [id], addressId })).data.reason).toBe('HOLDING_NOT_AVAILABLE');
    const cancel = await t.call('POST', '/v1/iyd/delegate/cancel', { token: seller.token, body: { id: d.data.id } });
    expect([cancel.status, cancel.data.reason, cancel.data.status]).toEqual([409, 'HOLDING_NOT_AVAILABLE', 'listed']);

    const winner = await bidder();
    const b = await t.call('POST', '/v1/iyd/auction/match', {
      token: winner.token,
      body: { id: lotId, maxBid: 300_000 },
    });
    expect(b.code).toBe(200);
    t.clock.advance(3_600_000 + 1_000);
    await t.services.lotCloseFlow.closeDue();
    const orders = await t.call('GET', '/v1/iyd/order/list', { token: winner.token, query: { source: 'auction' } });
    const order = orders.data.list[0];
    expect(order.items[0]).toMatchObject({ holdingId: id });
    const hammer = order.items[0].price as number;
    const paid = await t.call('POST', '/v1/iyd/order/confirm', {
      token: winner.token,
      body: { id: order.id, tradePassword: '135790' },
    });
    expect(paid.data.status).toBe('paid');

    const seen = await info(winner, id);
    expect(seen.data).toMatchObject({
      id,
      productId: product.id,
      status: 'held',
      source: 'auction',
      acquiredPrice: hammer,
      orderId: order.id,
    });
    // The seller's purchase price and their order and consignment stay theirs.
    expect(await historyOf(winner, id)).toEqual([
      ['bought', undefined, undefined],
      ['consigned', undefined, undefined],
      ['listed', undefined, `lot:${lotId}`],
      ['sold', hammer, `lot:${lotId}`],
      ['won', hammer, `order:${order.id}`],
    ]);
    expect(JSON.stringify(seen.data)).not.toContain(seller.phone);
    expect((await info(seller, id)).status).toBe(404);
    const sold = (await t.call('GET', '/v1/iyd/delegate/list', { token: seller.token })).data.list[0];
    expect(sold).toMatchObject({ id: d.data.id, status: 'sold', lotId, hammerPrice: hammer });
    expect(sold.commission + sold.proceeds).toBe(hammer);
    expect(sold.holding).toMatchObject({ id, acquiredPrice: 120_000, orderId, source: 'mall' });
    // The buyer can ship it home.
    const p = await pick(winner, { holdingIds: [id], addressId: await addressOf(winner) });
    expect(p.data.status).toBe('pending');
  });

  it('unsold, returns to its owner held, the consignment unsold', async () => {
    const { member, pieces } = await buyer();
    const id = pieces[0]!;
    const d = await delegate(member, { holdingId: id });
    const now = t.clock.now();
    const approved = await review(d.data.id, {
      approve: true,
      startPrice: 100_000,
      startsAt: now,
      endsAt: now + 60_000,
    });
    expect(approved.data.status).toBe('listed');
    t.clock.advance(61_000);
    await t.services.lotCloseFlow.closeDue();
    expect((await info(member, id)).data.status).toBe('held');
    expect((await historyOf(member, id)).map((e) => [e[0], e[2]])).toEqual([
      ['bought', expect.stringMatching(/^order:/)],
      ['consigned', `delegation:${d.data.id}`],
      ['listed', `lot:${approved.data.lotId}`],
      ['unsold', `lot:${approved.data.lotId}`],
      ['returned', `lot:${approved.data.lotId}`],
    ]);
    const mine = await t.call('GET', '/v1/iyd/delegate/list', { token: member.token });
    expect(mine.data.list[0]).toMatchObject({ id: d.data.id, status: 'unsold', holding: { status: 'held' } });
    const admin = await operatorToken(t);
    const audit = await t.call('GET', '/v1/admin/audit', {
      token: admin,
      query: { action: 'delegation.approve', pageSize: 50 },
    });
    expect(audit.data.list.find((x: { targetId: string }) => x.targetId === String(d.data.id))).toMatchObject({
      after: { status: 'listed', lotId: approved.data.lotId, startPrice: 100_000 },
    });
  });
});

describe('a consignment won but never paid', () => {
  it('returns to the consignor held when the winner’s order is cancelled, the consignment unsold', async () => {
    const { member: seller, pieces } = await buyer();
    const id = pieces[0]!;
    const d = await delegate(seller, { holdingId: id });
    // (making a bidder moves the clock past the SMS cooldown)
    const winner = await bidder();
    const now = t.clock.now();
    const approved = await review(d.data.id, {
      approve: true,
      startPrice: 50_000,
      startsAt: now,
      endsAt: now + 60_000,
    });
    const lotId = approved.data.lotId as number;
    const placed = await t.call('POST', '/v1/iyd/auction/match', {
      token: winner.token,
      body: { id: lotId, maxBid: 80_000 },
    });
    expect([placed.code, placed.data.reason]).toEqual([200, undefined]);
    t.clock.advance(3_601_000);
    await t.services.lotCloseFlow.closeDue();
    const orders = await t.call('GET', '/v1/iyd/order/list', { token: winner.token, query: { source: 'auction' } });
    expect(orders.data.list[0]).toMatchObject({ status: 'pending', items: [{ holdingId: id }] });
    // Sold but unpaid: still the consignor's, still in the lot.
    expect((await info(seller, id)).data.status).toBe('delegated');
    expect((await info(winner, id)).status).toBe(404);
    const hours = await t.services.settings.get('auctionPaymentHours');
    t.clock.advance(hours * 3_600_000 + 1_000);
    expect(await t.services.orderCancelFlow.expireDue()).toBe(1);
    const back = await info(seller, id);
    expect(back.data).toMatchObject({ status: 'held', source: 'mall', acquiredPrice: 120_000 });
    expect((await historyOf(seller, id)).map((e) => e[0])).toEqual([
      'bought',
      'consigned',
      'listed',
      'unsold',
      'returned',
    ]);
    const mine = await t.call('GET', '/v1/iyd/delegate/list', { token: seller.token });
    expect(mine.data.list[0]).toMatchObject({ id: d.data.id, status: 'unsold', lotId });
    expect(mine.data.list[0].hammerPrice).toBeUndefined();
    // Held again, the consignor may consign it once more.
    expect((await delegate(seller, { holdingId: id })).data.status).toBe('pending');
  });
});

describe('races on one record', () => {
  it('two consignments of one piece at once: one wins', async () => {
    const { member, pieces } = await buyer();
    const results = await Promise.all([
      delegate(member, { holdingId: pieces[0] }),
      delegate(member, { holdingId: pieces[0], reservePrice: 100_000 }),
      delegate(member, { holdingId: pieces[0] }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const list = await t.call('GET', '/v1/iyd/delegate/list', { token: member.token });
    expect(list.data.total).toBe(1);
    expect((await historyOf(member, pieces[0]!)).filter((e) => e[0] === 'consigned')).toHaveLength(1);
  });

  it('two withdrawals at once: both answer the withdrawn consignment, the piece returns once', async () => {
    const { member, pieces } = await buyer();
    const d = await delegate(member, { holdingId: pieces[0] });
    const body = { id: d.data.id };
    const [x, y] = await Promise.all([
      t.call('POST', '/v1/iyd/delegate/cancel', { token: member.token, body }),
      t.call('POST', '/v1/iyd/delegate/cancel', { token: member.token, body }),
    ]);
    expect([x.data.status, y.data.status]).toEqual(['cancelled', 'cancelled']);
    expect((await historyOf(member, pieces[0]!)).filter((e) => e[0] === 'returned')).toHaveLength(1);
  });

  it('two operators shipping one pick-up at once: one ships it, the other gets 409', async () => {
    const { member, pieces } = await buyer();
    const p = await pick(member, { holdingIds: pieces, addressId: await addressOf(member) });
    const [x, y] = await Promise.all([
      ship(p.data.id, { carrier: '顺丰速运', trackingNo: 'SF1111111111' }),
      ship(p.data.id, { carrier: '中通快递', trackingNo: 'ZT2222222222' }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const winner = x.status === 200 ? x : y;
    const detail = await info(member, pieces[0]!);
    expect(detail.data.pick).toMatchObject({ status: 'shipped', trackingNo: winner.data.trackingNo });
    expect(detail.data.history.filter((e: { event: string }) => e.event === 'shipped')).toHaveLength(1);
  });

  it('two operators approving one consignment at once: one lot', async () => {
    const { member, pieces } = await buyer();
    const d = await delegate(member, { holdingId: pieces[0] });
    const now = t.clock.now();
    const body = { approve: true, startPrice: 100_000, startsAt: now, endsAt: now + 3_600_000 };
    const [x, y] = await Promise.all([review(d.data.id, body), review(d.data.id, body)]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM lots WHERE holding_id = $1', [pieces[0]]);
    expect(rows[0].n).toBe(1);
    expect((await historyOf(member, pieces[0]!)).filter((e) => e[0] === 'listed')).toHaveLength(1);
  });
});
