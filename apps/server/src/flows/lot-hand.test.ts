import crypto from 'node:crypto';
import { verifyChain, type MemberNotice, type PublicBid } from '@antique/shared';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { adminToken, bid, houseLot, inventoryPiece, verifiedBidder, type Bidder } from '../test/auction-fixtures.js';
import { replayBids } from '../modules/auctions/lot-hand.service.js';
import { createTestApp, operatorToken, type TestApp } from '../test/harness.js';

const sha256 = async (text: string) => crypto.createHash('sha256').update(text).digest('hex');
/** The public history checked as anyone outside can: `bidder` is what the hash covers. */
const verifies = (lotId: number, bids: PublicBid[]) =>
  verifyChain(
    lotId,
    bids.map((b) => ({ ...b, bidderId: b.bidder })),
    sha256,
  );

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await createTestApp();
  op = await adminToken(t);
});

const MONEY = 10_000_000;
const wallet = (id: number) => t.services.wallet.summary(id);
const info = (id: number, token?: string) =>
  t.call('GET', '/v1/iyd/auction/info', { query: { id }, ...(token ? { token } : {}) });
const withdraw = (id: number, reason: string, token = op) =>
  t.call('POST', `/v1/admin/lots/${id}/withdraw`, { token, body: { reason } });
const voidBid = (id: number, bidId: number, reason: string, token = op) =>
  t.call('POST', `/v1/admin/lots/${id}/bids/${bidId}/void`, { token, body: { reason } });
/** The operators' view of a lot's bids, newest first, with their ids. */
const adminBids = async (id: number) =>
  (await t.call('GET', `/v1/admin/lots/${id}`, { token: op })).data.bids as (PublicBid & {
    id?: number;
    memberId: number;
  })[];

/** Records what the flows tell members, as the notices service is asked to. */
function tellings() {
  const told: { memberId: number; notice: MemberNotice }[] = [];
  const real = t.services.notices.sendMany;
  const spy = vi.spyOn(t.services.notices, 'sendMany').mockImplementation(async (list) => {
    told.push(...list.map((x) => ({ memberId: x.memberId, notice: x.notice })));
    return real(list);
  });
  return { told, restore: () => spy.mockRestore() };
}

async function reconciles() {
  expect((await t.services.wallet.reconcile()).ok).toBe(true);
}

describe('withdrawing a lot', () => {
  it('a live lot with three bidders: deposits released, the piece back in inventory, bidders told, no more bids', async () => {
    const piece = await inventoryPiece(t, { title: '明 青花缠枝莲纹罐' });
    const lot = await houseLot(t, op, { productId: piece.id });
    expect((await t.services.catalogue.adminProduct(piece.id)).stock).toBe(0);
    const [a, b, c] = await Promise.all([verifiedBidder(t), verifiedBidder(t), verifiedBidder(t)]);
    expect((await bid(t, a.token, lot.id, 150_000)).code).toBe(200);
    expect((await bid(t, b.token, lot.id, 200_000)).code).toBe(200);
    expect((await bid(t, c.token, lot.id, 400_000)).code).toBe(200);
    for (const m of [a, b, c]) expect((await wallet(m.id)).frozen).toBeGreaterThan(0);

    const { told, restore } = tellings();
    // A reason is required; another role may not.
    expect((await withdraw(lot.id, '  ')).data.field).toBe('reason');
    expect((await withdraw(lot.id, '来源待核实', await operatorToken(t, 'finance'))).status).toBe(403);
    const r = await withdraw(lot.id, '藏品来源待核实，撤拍');
    restore();
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ id: lot.id, status: 'withdrawn', withdrawn: { reason: '藏品来源待核实，撤拍' } });
    expect(r.data.closedAt).not.toBeNull();

    for (const m of [a, b, c]) expect(await wallet(m.id)).toEqual({ balance: MONEY, frozen: 0 });
    await reconciles();
    // The house's unit is back in inventory, as for an unsold lot.
    expect((await t.services.catalogue.adminProduct(piece.id)).stock).toBe(1);
    expect(
      told
        .filter((x) => x.notice.kind === 'lot_withdrawn')
        .map((x) => x.memberId)
        .sort(),
    ).toEqual([a.id, b.id, c.id].sort());
    expect(told.every((x) => x.notice.lotId === lot.id && x.notice.title === lot.title)).toBe(true);

    // Members read it withdrawn with the reason; the live price says so; bids are refused.
    const seen = await info(lot.id, a.token);
    expect(seen.data).toMatchObject({ status: 'withdrawn', withdrawn: { reason: '藏品来源待核实，撤拍' } });
    expect((await t.services.auctions.prices([lot.id]))[0]!.status).toBe('withdrawn');
    const late = await bid(t, b.token, lot.id, 900_000);
    expect([late.status, late.data.reason]).toEqual([422, 'LOT_NOT_LIVE']);
    expect((await wallet(b.id)).frozen).toBe(0);

    // Twice: 409, nothing moves again; the close job never closes it.
    const again = await withdraw(lot.id, '再次撤拍');
    expect([again.status, again.data.reason]).toEqual([409, 'LOT_NOT_OPEN']);
    t.clock.advance(2 * 3_600_000);
    await t.services.lotCloseFlow.closeDue();
    expect((await info(lot.id)).data.status).toBe('withdrawn');
    expect((await t.services.catalogue.adminProduct(piece.id)).stock).toBe(1);
    await reconciles();
    const audit = await t.call('GET', '/v1/admin/audit', { token: op, query: { action: 'auction.lot.withdraw' } });
    expect(audit.data.list[0]).toMatchObject({ targetId: String(lot.id) });
  });

  it('refuses an ended or closed lot (409) and an unknown one (404)', async () => {
    const ended = await houseLot(t, op, { endsIn: 60_000 });
    const m = await verifiedBidder(t);
    await bid(t, m.token, ended.id, 100_000);
    // Past its end (soft close moved it).
    t.clock.set((await info(ended.id)).data.endsAt);
    expect((await withdraw(ended.id, '截拍后撤拍')).data.reason).toBe('LOT_NOT_OPEN');
    await t.services.lotCloseFlow.closeDue();
    const closed = await withdraw(ended.id, '成交后撤拍');
    expect([closed.status, closed.data.reason]).toEqual([409, 'LOT_NOT_OPEN']);
    expect((await info(ended.id)).data.status).toBe('sold');
    expect((await withdraw(999_999, '不存在')).status).toBe(404);
    // An upcoming lot may be withdrawn: it never starts.
    const upcoming = await houseLot(t, op, { startsIn: 3_600_000, endsIn: 7_200_000 });
    expect((await withdraw(upcoming.id, '图录有误')).data.status).toBe('withdrawn');
  });
});

/** The member's standing on a lot, as their app reads it. */
const standing = async (lotId: number, m: Bidder) => {
  const d = (await info(lotId, m.token)).data;
  return { myMaxBid: d.myMaxBid, leading: d.leading, myDeposit: d.myDeposit };
};

describe('voiding a bid', () => {
  it('the leading bid of a proxy contest: the lot stands as the remaining bids give it, struck out in the history', async () => {
    const [x, y, z] = await Promise.all([verifiedBidder(t), verifiedBidder(t), verifiedBidder(t)]);
    const voided = await houseLot(t, op);
    const fresh = await houseLot(t, op);
    // The contest: x leads, y is outbid at once by x's proxy, z takes the lead, x takes it back with a high max.
    const contest: [Bidder, number][] = [
      [x, 150_000],
      [y, 130_000],
      [z, 200_000],
      [x, 250_000],
    ];
    for (const [m, max] of contest) expect((await bid(t, m.token, voided.id, max)).code).toBe(200);
    // The second lot gets only the bids that will remain.
    for (const [m, max] of contest.slice(0, 3)) expect((await bid(t, m.token, fresh.id, max)).code).toBe(200);

    const before = await info(voided.id);
    expect(before.data.bidCount).toBe(4);
    const leadingBid = (await adminBids(voided.id))[0]!;
    expect(leadingBid).toMatchObject({ seq: 4, memberId: x.id });

    const { told, restore } = tellings();
    const r = await voidBid(voided.id, leadingBid.id!, '会员误操作，申请撤销');
    restore();
    expect(r.code).toBe(200);

    const [after, expected] = [(await info(voided.id)).data, (await info(fresh.id)).data];
    expect(after.currentPrice).toBe(expected.currentPrice);
    expect(after.bidCount).toBe(expected.bidCount);
    expect(after.nextMinimum).toBe(expected.nextMinimum);
    for (const m of [x, y, z]) expect(await standing(voided.id, m)).toEqual(await standing(fresh.id, m));
    expect((await standing(voided.id, z)).leading).toBe(true);
    // Deposits match: each wallet holds exactly what the two lots' standings ask.
    for (const m of [x, y, z]) {
      const s = await standing(voided.id, m);
      expect((await wallet(m.id)).frozen).toBe(2 * (s.myDeposit ?? 0));
    }
    await reconciles();

    // The chain still verifies; the voided bid is there, struck out with the reason.
    const chain = after.bids as PublicBid[];
    expect(await verifies(voided.id, chain)).toEqual({ ok: true, length: 4 });
    expect(chain.find((b) => b.seq === 4)).toMatchObject({ voided: { reason: '会员误操作，申请撤销' } });
    expect(chain.filter((b) => b.voided)).toHaveLength(1);

    // x is told their bid was voided; z, now leading, is told the standing changed.
    expect(told.map((m) => [m.memberId, m.notice.kind]).sort()).toEqual(
      [
        [x.id, 'bid_voided'],
        [z.id, 'bid_voided'],
      ].sort(),
    );
    const audit = await t.call('GET', '/v1/admin/audit', { token: op, query: { action: 'auction.bid.void' } });
    expect(audit.data.list[0]).toMatchObject({ targetId: String(voided.id) });

    // Twice: 409. A new bid afterwards goes on the chain after the voided one and counts.
    const twice = await voidBid(voided.id, leadingBid.id!, '再次');
    expect([twice.status, twice.data.reason]).toEqual([409, 'BID_ALREADY_VOIDED']);
    expect((await bid(t, y.token, voided.id, 300_000)).code).toBe(200);
    expect((await bid(t, y.token, fresh.id, 300_000)).code).toBe(200);
    const next = (await info(voided.id)).data;
    expect(await verifies(voided.id, next.bids)).toEqual({ ok: true, length: 5 });
    expect(next.bidCount).toBe(4);
    expect(next.currentPrice).toBe((await info(fresh.id)).data.currentPrice);
    expect((await standing(voided.id, y)).leading).toBe(true);
    await reconciles();
  });

  it('all of a banned member’s bids, one call each: the member drops out with their whole deposit back', async () => {
    const [banned, honest] = await Promise.all([verifiedBidder(t), verifiedBidder(t)]);
    const lot = await houseLot(t, op);
    await bid(t, honest.token, lot.id, 120_000);
    await bid(t, banned.token, lot.id, 300_000);
    await bid(t, banned.token, lot.id, 500_000);
    for (const b of (await adminBids(lot.id)).filter((x) => x.memberId === banned.id))
      expect((await voidBid(lot.id, b.id!, '账号已封禁')).code).toBe(200);
    const d = (await info(lot.id, banned.token)).data;
    expect(d.myMaxBid).toBeUndefined();
    expect(await wallet(banned.id)).toEqual({ balance: MONEY, frozen: 0 });
    const h = (await info(lot.id, honest.token)).data;
    expect(h).toMatchObject({ leading: true, currentPrice: 100_000, bidCount: 1 });
    await reconciles();
  });

  it('refuses a closed lot (409), a bid of another lot (404) and a missing reason', async () => {
    const m = await verifiedBidder(t);
    const lot = await houseLot(t, op, { endsIn: 60_000 });
    await bid(t, m.token, lot.id, 100_000);
    const [only] = await adminBids(lot.id);
    const other = await houseLot(t, op);
    expect((await voidBid(other.id, only!.id!, '错拍')).status).toBe(404);
    expect((await voidBid(lot.id, only!.id!, '')).data.field).toBe('reason');
    t.clock.set((await info(lot.id)).data.endsAt);
    await t.services.lotCloseFlow.closeDue();
    const closed = await voidBid(lot.id, only!.id!, '截拍后作废');
    expect([closed.status, closed.data.reason]).toEqual([409, 'LOT_NOT_OPEN']);
    expect((await info(lot.id)).data).toMatchObject({ status: 'sold', bidCount: 1 });
  });

  it('a void and new bids at once keep the invariants: the standing is the replay of the bids that stand', async () => {
    const bidders = await Promise.all([verifiedBidder(t), verifiedBidder(t), verifiedBidder(t), verifiedBidder(t)]);
    const lot = await houseLot(t, op);
    await bid(t, bidders[0]!.token, lot.id, 150_000);
    await bid(t, bidders[1]!.token, lot.id, 260_000);
    const target = (await adminBids(lot.id))[0]!;
    const results = await Promise.all([
      voidBid(lot.id, target.id!, '并发作废'),
      bid(t, bidders[2]!.token, lot.id, 300_000),
      bid(t, bidders[3]!.token, lot.id, 420_000),
      bid(t, bidders[0]!.token, lot.id, 500_000),
    ]);
    expect(results[0]!.code).toBe(200);
    const d = (await info(lot.id)).data;
    expect(await verifies(lot.id, d.bids)).toMatchObject({ ok: true });
    // The lot's row equals replaying its standing bids through the bidding rules.
    const { lot: row, chain, consignorKey } = await t.services.auctions.lotForSignals(lot.id);
    const replay = replayBids(row, consignorKey, chain);
    expect([row.currentPrice, row.bidCount, row.leaderKey, row.leaderMaxBid]).toEqual([
      replay.state.currentPrice,
      replay.state.bidCount,
      replay.state.leader?.bidder ?? null,
      replay.state.leader?.maxBid ?? null,
    ]);
    let frozen = 0;
    for (const m of bidders) {
      const s = await standing(lot.id, m);
      expect((await wallet(m.id)).frozen).toBe(s.myDeposit ?? 0);
      frozen += s.myDeposit ?? 0;
    }
    expect(frozen).toBe([...replay.standings.values()].reduce((n, s) => n + s.deposit, 0));
    await reconciles();
  });
});
