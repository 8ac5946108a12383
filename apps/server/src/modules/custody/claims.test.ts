import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createProduct,
  createTestApp,
  fund,
  memberWithTradePassword,
  operatorToken,
  PNG_1X1,
  registerMember,
  type TestApp,
} from '../../test/harness.js';

let t: TestApp;
let op: string;
let support: string;
let finance: string;
let pool: pg.Pool;
beforeAll(async () => {
  t = await createTestApp();
  op = await operatorToken(t, 'operator');
  support = await operatorToken(t, 'support');
  finance = await operatorToken(t, 'finance');
  pool = (t.db as unknown as { $client: pg.Pool }).$client;
});

type Member = { id: number; token: string; phone: string };
const PRICE = 120_000;

/** A photo the member uploaded for a claim (purpose `claim`). */
async function claimPhoto(m: Member, purpose = 'claim') {
  const oss = await t.call('GET', '/v1/iyd/oss', { token: m.token, query: { purpose } });
  expect(oss.code).toBe(200);
  const res = await t.app.inject({ method: 'PUT', url: oss.data.uploadUrl, payload: PNG_1X1 });
  return (res.json() as { data: { url: string } }).data.url;
}

/** A member's piece bought in the mall, shipped to them and, unless `receive` is false, received. */
async function receivedPiece(opts: { receive?: boolean; ship?: boolean } = {}) {
  const member = await memberWithTradePassword(t);
  await fund(t, member.id, 500_000);
  const product = await createProduct(t, op, { price: PRICE, stock: 1 });
  const order = await t.call('POST', '/v1/iyd/order/create', {
    token: member.token,
    body: { items: [{ productId: product.id, quantity: 1 }] },
  });
  const paid = await t.call('POST', '/v1/iyd/order/confirm', {
    token: member.token,
    body: { id: order.data.id, tradePassword: '135790' },
  });
  expect(paid.data.status).toBe('paid');
  const list = await t.call('GET', '/v1/iyd/pick/list', { token: member.token, query: { status: 'held' } });
  const holdingId = (list.data.list as { id: number; orderId: number }[]).find((h) => h.orderId === order.data.id)!.id;
  if (opts.ship !== false) {
    const address = await t.call('POST', '/v1/iyd/address', {
      token: member.token,
      body: { name: '林婉清', phone: '13912345678', regionCode: '330106', detail: '文三路 478 号 2 幢 301' },
    });
    const p = await t.call('POST', '/v1/iyd/pick', {
      token: member.token,
      body: { holdingIds: [holdingId], addressId: address.data.id },
    });
    const shipped = await t.call('POST', `/v1/admin/picks/${p.data.id}/ship`, {
      token: support,
      body: { carrier: '顺丰速运', trackingNo: 'SF1234567890' },
    });
    expect(shipped.code).toBe(200);
    if (opts.receive !== false) {
      const got = await t.call('POST', '/v1/iyd/pick/receive', { token: member.token, body: { id: p.data.id } });
      expect(got.code).toBe(200);
    }
  }
  return { member, holdingId, orderId: order.data.id as number };
}

const claim = async (m: Member, body: Record<string, unknown>) =>
  t.call('POST', '/v1/iyd/order/claim', { token: m.token, body });
const claimBody = async (m: Member, holdingId: number, over: Record<string, unknown> = {}) => ({
  holdingId,
  reason: 'not_as_described',
  text: '底款与图录描述不符，釉面有明显后加彩痕迹。',
  photos: [await claimPhoto(m), await claimPhoto(m)],
  ...over,
});
const balanceOf = async (m: Member) =>
  (await t.call('GET', '/v1/iyd/member/info', { token: m.token })).data as { balance: number; frozen: number };
const decide = (id: number, body: Record<string, unknown>, token = finance) =>
  t.call('POST', `/v1/admin/claims/${id}/decide`, { token, body });
const reconcile = async () => (await t.call('GET', '/v1/admin/reconcile', { token: finance })).data;
const claimsOf = async (memberId: number) =>
  (await pool.query('SELECT count(*)::int AS n FROM claims WHERE member_id = $1', [memberId])).rows[0].n as number;

describe('the house’s guarantee', () => {
  it('accepted: what was paid back to the wallet through the ledger, the piece back to the house with its history', async () => {
    const { member, holdingId, orderId } = await receivedPiece();
    const before = await balanceOf(member);
    const terms = await t.call('GET', '/v1/iyd/order/claim/terms');
    expect(terms.data).toEqual({ guaranteeDays: 7 });

    const made = await claim(member, await claimBody(member, holdingId));
    expect(made.code).toBe(200);
    expect(made.data).toMatchObject({ holdingId, status: 'pending', amount: PRICE, reason: 'not_as_described' });
    expect(made.data.photos).toHaveLength(2);
    const mine = await t.call('GET', '/v1/iyd/order/claim/list', { token: member.token });
    expect(mine.data.list.map((c: { id: number; status: string }) => [c.id, c.status])).toEqual([
      [made.data.id, 'pending'],
    ]);

    // Support reads the queue and the claim, but only finance decides.
    const queue = await t.call('GET', '/v1/admin/claims', { token: support, query: { status: 'pending' } });
    expect(queue.data.list.map((c: { id: number }) => c.id)).toContain(made.data.id);
    const detail = await t.call('GET', `/v1/admin/claims/${made.data.id}`, { token: support });
    expect(detail.data).toMatchObject({
      memberId: member.id,
      orderId,
      holdingOwnerId: member.id,
      holdingStatus: 'received',
    });
    expect(detail.data.order).toMatchObject({ id: orderId, source: 'mall', goodsAmount: PRICE });
    expect(detail.data.history.map((e: { event: string }) => e.event)).toEqual(['bought', 'shipped', 'received']);
    expect((await decide(made.data.id, { accept: true, reason: '经鉴定与描述不符' }, support)).status).toBe(403);

    const accepted = await decide(made.data.id, { accept: true, reason: '经鉴定与描述不符' });
    expect(accepted.code).toBe(200);
    expect(accepted.data).toMatchObject({
      status: 'accepted',
      decisionReason: '经鉴定与描述不符',
      holdingOwnerId: null,
    });
    expect(accepted.data.history.at(-1)).toEqual({
      at: expect.any(Number),
      event: 'claim_returned',
      price: PRICE,
      ref: `claim:${made.data.id}`,
    });

    expect(await balanceOf(member)).toMatchObject({ balance: before.balance + PRICE, frozen: before.frozen });
    const bills = await t.call('GET', '/v1/iyd/asset/bill', { token: member.token, query: { type: 'claim_refund' } });
    expect(bills.data.list).toHaveLength(1);
    expect(bills.data.list[0]).toMatchObject({
      amount: PRICE,
      refType: 'claim',
      refId: made.data.id,
      memoCode: 'CLAIM_REFUND',
    });
    expect((await reconcile()).ok).toBe(true);

    // The piece is the house's now: out of the member's pieces, held by the house, off the product's inventory.
    expect((await t.call('GET', '/v1/iyd/pick/info', { token: member.token, query: { id: holdingId } })).status).toBe(
      404,
    );
    const { rows } = await pool.query('SELECT owner_id, status, product_id FROM holdings WHERE id = $1', [holdingId]);
    expect(rows[0]).toEqual({ owner_id: null, status: 'held', product_id: null });
    const audit = await pool.query(`SELECT action FROM audit_logs WHERE target_type = 'claim' AND target_id = $1`, [
      String(made.data.id),
    ]);
    expect(audit.rows.map((r) => r.action)).toEqual(['claim.accept']);

    // Decided once.
    const again = await decide(made.data.id, { accept: false, reason: '重复处理' });
    expect([again.status, again.data.reason]).toEqual([409, 'CLAIM_DECIDED']);
    expect((await balanceOf(member)).balance).toBe(before.balance + PRICE);
    const listed = await t.call('GET', '/v1/iyd/order/claim/list', { token: member.token });
    expect(listed.data.list[0]).toMatchObject({ status: 'accepted', decisionReason: '经鉴定与描述不符' });
  });

  it('rejected: the reason kept, nothing moved', async () => {
    const { member, holdingId } = await receivedPiece();
    const before = await balanceOf(member);
    const made = await claim(member, await claimBody(member, holdingId, { reason: 'damaged' }));
    const rejected = await decide(made.data.id, { accept: false, reason: '照片显示的磕伤在发货前的验货记录中已存在' });
    expect(rejected.data).toMatchObject({ status: 'rejected', holdingOwnerId: member.id, holdingStatus: 'received' });
    expect(await balanceOf(member)).toMatchObject({ balance: before.balance, frozen: before.frozen });
    const bills = await t.call('GET', '/v1/iyd/asset/bill', { token: member.token, query: { type: 'claim_refund' } });
    expect(bills.data.list).toHaveLength(0);
    const info = await t.call('GET', '/v1/iyd/pick/info', { token: member.token, query: { id: holdingId } });
    expect(info.data.history.map((e: { event: string }) => e.event)).toEqual(['bought', 'shipped', 'received']);
    const listed = await t.call('GET', '/v1/iyd/order/claim/list', { token: member.token });
    expect(listed.data.list[0]).toMatchObject({
      status: 'rejected',
      decisionReason: '照片显示的磕伤在发货前的验货记录中已存在',
    });
    expect((await reconcile()).ok).toBe(true);
  });

  it('refuses a piece not received, another member’s, one past the window, a second claim and bad input, changing nothing', async () => {
    const held = await receivedPiece({ ship: false });
    const notReceived = await claim(held.member, await claimBody(held.member, held.holdingId));
    expect([notReceived.status, notReceived.data.reason]).toEqual([409, 'CLAIM_NOT_RECEIVED']);
    const shipped = await receivedPiece({ receive: false });
    const inTransit = await claim(shipped.member, await claimBody(shipped.member, shipped.holdingId));
    expect([inTransit.status, inTransit.data.reason]).toEqual([409, 'CLAIM_NOT_RECEIVED']);

    const { member, holdingId } = await receivedPiece();
    const stranger = await registerMember(t);
    const notMine = await claim(stranger, await claimBody(stranger, holdingId));
    expect(notMine.status).toBe(404);
    // Photos must be the member's own claim uploads.
    const foreign = await claim(member, await claimBody(member, holdingId, { photos: [await claimPhoto(stranger)] }));
    expect([foreign.status, foreign.data.field]).toEqual([400, 'photos']);
    const avatar = await claim(
      member,
      await claimBody(member, holdingId, { photos: [await claimPhoto(member, 'avatar')] }),
    );
    expect([avatar.status, avatar.data.field]).toEqual([400, 'photos']);
    expect((await claim(member, await claimBody(member, holdingId, { text: '太短了' }))).data.field).toBe('text');
    expect((await claim(member, await claimBody(member, holdingId, { reason: 'changed_mind' }))).data.field).toBe(
      'reason',
    );
    expect((await claim(member, await claimBody(member, holdingId, { photos: [] }))).data.field).toBe('photos');
    expect(await claimsOf(member.id)).toBe(0);

    const first = await claim(member, await claimBody(member, holdingId));
    expect(first.code).toBe(200);
    const twice = await claim(member, await claimBody(member, holdingId));
    expect([twice.status, twice.data.reason]).toEqual([409, 'CLAIM_EXISTS']);
    expect(await claimsOf(member.id)).toBe(1);

    const late = await receivedPiece();
    t.clock.advance(7 * 86_400_000 + 60_000);
    const past = await claim(late.member, await claimBody(late.member, late.holdingId));
    expect([past.status, past.data.reason, past.data.days]).toEqual([422, 'CLAIM_WINDOW_CLOSED', 7]);
    expect(await claimsOf(late.member.id)).toBe(0);
    expect(await claimsOf(stranger.id)).toBe(0);
    expect(await claimsOf(held.member.id)).toBe(0);
  });

  it('decided by one of two operators deciding at once: one refund at most', async () => {
    const { member, holdingId } = await receivedPiece();
    const before = await balanceOf(member);
    const made = await claim(member, await claimBody(member, holdingId));
    const admin = await operatorToken(t, 'admin');
    const results = await Promise.all([
      decide(made.data.id, { accept: true, reason: '接受' }),
      decide(made.data.id, { accept: true, reason: '接受' }, admin),
      decide(made.data.id, { accept: false, reason: '驳回' }, admin),
    ]);
    const ok = results.filter((r) => r.code === 200);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.data.reason === 'CLAIM_DECIDED')).toHaveLength(2);
    const refunded = ok[0]!.data.status === 'accepted' ? PRICE : 0;
    expect((await balanceOf(member)).balance).toBe(before.balance + refunded);
    const entries = await pool.query(
      `SELECT count(*)::int AS n FROM ledger_entries WHERE type = 'claim_refund' AND ref_id = $1`,
      [made.data.id],
    );
    expect(entries.rows[0].n).toBe(refunded > 0 ? 1 : 0);
    expect((await reconcile()).ok).toBe(true);
  });
});
