import crypto from 'node:crypto';
import { defaultSettings, verifyChain, type PublicBid } from '@antique/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  lastSmsCode,
  memberWithTradePassword,
  newPhone,
  operatorToken,
  PASSWORD,
  registerMember,
  sendCode,
  type TestApp,
} from '../../test/harness.js';
import {
  adminToken,
  bid,
  houseLot,
  idNumber,
  inventoryPiece,
  PICTURE,
  verifiedBidder,
} from '../../test/auction-fixtures.js';

const sha256 = async (text: string) => crypto.createHash('sha256').update(text).digest('hex');

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await createTestApp();
  op = await adminToken(t);
});

const wallet = (id: number) => t.services.wallet.summary(id);

describe('operators schedule sessions and lots', () => {
  it('creates, lists and changes a session, audited', async () => {
    const startsAt = t.clock.now() + 86_400_000;
    const created = await t.call('POST', '/v1/admin/sessions', {
      token: op,
      body: { title: '秋季瓷器专场', cover: PICTURE, startsAt },
    });
    expect(created.code).toBe(200);
    expect(created.data).toMatchObject({ title: '秋季瓷器专场', startsAt });
    const changed = await t.call('PUT', `/v1/admin/sessions/${created.data.id}`, {
      token: op,
      body: { title: '秋季瓷器杂项专场', cover: PICTURE, startsAt: startsAt + 1000 },
    });
    expect(changed.data).toMatchObject({ id: created.data.id, title: '秋季瓷器杂项专场', startsAt: startsAt + 1000 });
    const list = await t.call('GET', '/v1/admin/sessions', { token: op });
    expect(list.data.list.find((s: { id: number }) => s.id === created.data.id)).toMatchObject({ lotCount: 0 });
    const audit = await t.call('GET', '/v1/admin/audit', { token: op, query: { action: 'auction.session.update' } });
    expect(audit.data.list[0]).toMatchObject({ targetId: String(created.data.id) });
    const missing = await t.call('PUT', '/v1/admin/sessions/999999', {
      token: op,
      body: { title: 'x', cover: PICTURE, startsAt },
    });
    expect(missing.code).toBe(404);
  });

  it('refuses bad lots and roles that may not, taking no piece out of inventory', async () => {
    const now = t.clock.now();
    const piece = await inventoryPiece(t, { title: '清 玉璧' });
    const base = { productId: piece.id, startPrice: 10_000 };
    const ends = await t.call('POST', '/v1/admin/lots', {
      token: op,
      body: { ...base, startsAt: now + 1000, endsAt: now + 1000 },
    });
    expect(ends).toMatchObject({ code: 400, data: { field: 'endsAt' } });
    const past = await t.call('POST', '/v1/admin/lots', {
      token: op,
      body: { ...base, startsAt: now - 3_600_000, endsAt: now + 3_600_000 },
    });
    expect(past).toMatchObject({ code: 400, data: { field: 'startsAt' } });
    const session = await t.call('POST', '/v1/admin/lots', {
      token: op,
      body: { ...base, sessionId: 999_999, startsAt: now, endsAt: now + 3_600_000 },
    });
    expect(session).toMatchObject({ code: 400, data: { field: 'sessionId' } });
    const elsewhere = await t.call('POST', '/v1/admin/lots', {
      token: op,
      body: { ...base, images: ['https://example.com/a.png'], startsAt: now, endsAt: now + 3_600_000 },
    });
    expect(elsewhere).toMatchObject({ code: 400, data: { field: 'images' } });
    const free = await t.call('POST', '/v1/admin/lots', {
      token: op,
      body: { ...base, startPrice: 0, startsAt: now, endsAt: now + 3_600_000 },
    });
    expect(free.code).toBe(400);
    const finance = await operatorToken(t, 'finance');
    const refused = await t.call('POST', '/v1/admin/lots', {
      token: finance,
      body: { ...base, startsAt: now, endsAt: now + 3_600_000 },
    });
    expect(refused.code).toBe(403);
    const unknown = await t.call('POST', '/v1/admin/lots', {
      token: op,
      body: { ...base, productId: 999_999, startsAt: now, endsAt: now + 3_600_000 },
    });
    expect(unknown).toMatchObject({ code: 400, data: { field: 'productId' } });
    const before = await t.call('GET', '/v1/admin/lots', { token: op });
    expect(before.data.list.some((l: { title: string }) => l.title === '清 玉璧')).toBe(false);
    expect((await t.services.catalogue.adminProduct(piece.id)).stock).toBe(1);
  });

  it('keeps what runs out of a house lot’s description', async () => {
    const now = t.clock.now();
    const piece = await inventoryPiece(t, { title: '清 白玉带钩' });
    const created = await t.call('POST', '/v1/admin/lots', {
      token: op,
      body: {
        productId: piece.id,
        description:
          '<p>旧藏<script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">看</a></p>',
        startPrice: 10_000,
        startsAt: now,
        endsAt: now + 3_600_000,
      },
    });
    expect(created.code).toBe(200);
    const info = await t.call('GET', '/v1/iyd/auction/info', { query: { id: created.data.id } });
    expect(info.data.description).toContain('旧藏');
    expect(info.data.description).not.toMatch(/script|onerror|javascript:/i);
  });

  it('a house lot comes with the house’s holding and the rules of the day', async () => {
    const lot = await houseLot(t, op, { reservePrice: 500_000 });
    const detail = await t.call('GET', `/v1/admin/lots/${lot.id}`, { token: op });
    expect(detail.data).toMatchObject({
      id: lot.id,
      consigned: false,
      consignorId: null,
      reservePrice: 500_000,
      status: 'live',
      leaderMaxBid: null,
      bids: [],
    });
    expect(detail.data.holdingId).toBeGreaterThan(0);
  });
});

describe('operators’ lot lists', () => {
  it('filter by status and session, and answer 404 for a lot that does not exist', async () => {
    const s = await t.call('POST', '/v1/admin/sessions', {
      token: op,
      body: { title: '后台列表专场', cover: PICTURE, startsAt: t.clock.now() },
    });
    const sessionId = s.data.id as number;
    const live = await houseLot(t, op, { sessionId });
    const upcoming = await houseLot(t, op, { sessionId, startsIn: 3_600_000, endsIn: 7_200_000 });
    const ids = async (status?: string) =>
      (
        await t.call('GET', '/v1/admin/lots', { token: op, query: { sessionId, ...(status ? { status } : {}) } })
      ).data.list.map((l: { id: number }) => l.id);
    expect(await ids()).toEqual([upcoming.id, live.id]);
    expect(await ids('live')).toEqual([live.id]);
    expect(await ids('upcoming')).toEqual([upcoming.id]);
    expect(await ids('sold')).toEqual([]);
    const sessions = await t.call('GET', '/v1/admin/sessions', { token: op });
    expect(sessions.data.list.find((x: { id: number }) => x.id === sessionId).lotCount).toBe(2);
    expect((await t.call('GET', '/v1/admin/lots/999999', { token: op })).code).toBe(404);
    const audit = await t.call('GET', '/v1/admin/audit', { token: op, query: { action: 'auction.lot.create' } });
    expect(audit.data.list.some((e: { targetId: string }) => e.targetId === String(live.id))).toBe(true);
  });
});

describe('the auction list and a lot', () => {
  it('lists by tab in the order a member expects, with the sessions', async () => {
    const s = await t.call('POST', '/v1/admin/sessions', {
      token: op,
      body: { title: '列表专场', cover: PICTURE, startsAt: t.clock.now() },
    });
    const sessionId = s.data.id as number;
    const later = await houseLot(t, op, { sessionId, startsIn: 7_200_000, endsIn: 9_000_000 });
    const sooner = await houseLot(t, op, { sessionId, startsIn: 3_600_000, endsIn: 9_000_000 });
    const endsLate = await houseLot(t, op, { sessionId, endsIn: 7_200_000 });
    const endsSoon = await houseLot(t, op, { sessionId, endsIn: 600_000 });
    const upcoming = await t.call('GET', '/v1/iyd/auction/list', { query: { status: 'upcoming', sessionId } });
    expect(upcoming.data.list.map((l: { id: number }) => l.id)).toEqual([sooner.id, later.id]);
    expect(upcoming.data.list[0].status).toBe('upcoming');
    expect(upcoming.data.sessions.some((x: { id: number }) => x.id === sessionId)).toBe(true);
    const live = await t.call('GET', '/v1/iyd/auction/list', { query: { status: 'live', sessionId } });
    expect(live.data.list.map((l: { id: number }) => l.id)).toEqual([endsSoon.id, endsLate.id]);
    expect(live.data).toMatchObject({ total: 2, page: 1, hasMore: false });

    t.clock.advance(3_000_000);
    const ended = await t.call('GET', '/v1/iyd/auction/list', { query: { status: 'ended', sessionId } });
    expect(ended.data.list.map((l: { id: number; status: string }) => [l.id, l.status])).toEqual([
      [endsSoon.id, 'ended'],
    ]);
    const bad = await t.call('GET', '/v1/iyd/auction/list', { query: { status: 'soon' } });
    expect(bad).toMatchObject({ code: 400, data: { field: 'status' } });
    t.clock.advance(-3_000_000);
  });

  it('answers 404 for a lot that does not exist', async () => {
    expect((await t.call('GET', '/v1/iyd/auction/info', { query: { id: 999_999 } })).code).toBe(404);
  });
});

describe('bidding', () => {
  it('needs a verified real name', async () => {
    const lot = await houseLot(t, op);
    const m = await registerMember(t);
    const r = await bid(t, m.token, lot.id, 100_000);
    expect(r).toMatchObject({ status: 403, code: 403, data: { reason: 'REAL_NAME_REQUIRED' } });
    expect((await t.call('POST', '/v1/iyd/auction/match', { body: { id: lot.id, maxBid: 100_000 } })).code).toBe(301);
  });

  it('counts a consignor who verified after consigning as the consignor: their other account may not bid', async () => {
    const consignor = await t.services.members.create({ phone: newPhone(), password: PASSWORD, nickname: '寄拍人' });
    const now = t.clock.now();
    const piece = await inventoryPiece(t);
    const lot = await t.services.transaction(async (tx) => {
      const holding = await t.services.custody.houseHolding(tx, {
        productId: piece.id,
        title: '寄拍 玉佩',
        cover: PICTURE,
        images: [PICTURE],
      });
      return t.services.auctions.createLot(tx, {
        holdingId: holding.id,
        consignorId: consignor!.id,
        delegationId: null,
        title: '寄拍 玉佩',
        cover: PICTURE,
        images: [PICTURE],
        description: '',
        era: '',
        material: '',
        dimensions: '',
        provenance: '',
        startPrice: 100_000,
        reservePrice: null,
        startsAt: now,
        endsAt: now + 3_600_000,
        sessionId: null,
      });
    });
    // The consignor's real name is verified only now; a second account of the same person bids.
    const id = idNumber();
    const pool = (t.db as unknown as { $client: { query(q: string, p: unknown[]): Promise<unknown> } }).$client;
    await pool.query(
      `UPDATE members SET real_name_status = 'verified', real_name = '李四', id_number = $1 WHERE id = $2`,
      [id, consignor!.id],
    );
    const second = await verifiedBidder(t, { idNumber: id });
    const r = await bid(t, second.token, lot.id, 100_000);
    expect(r).toMatchObject({ code: 403, data: { reason: 'OWN_LOT' } });
    const stranger = await verifiedBidder(t);
    expect((await bid(t, stranger.token, lot.id, 100_000)).code).toBe(200);
  });

  it('proxy bids, freezes deposits, tells the outbid member and chains the history', async () => {
    const lot = await houseLot(t, op, { startPrice: 100_000 });
    const a = await verifiedBidder(t);
    const b = await verifiedBidder(t);

    const low = await bid(t, a.token, lot.id, 99_999);
    expect(low).toMatchObject({ status: 422, data: { reason: 'BID_TOO_LOW', nextMinimum: 100_000 } });

    const first = await bid(t, a.token, lot.id, 300_000);
    expect(first.data).toMatchObject({
      currentPrice: 100_000,
      bidCount: 1,
      myMaxBid: 300_000,
      leading: true,
      myDeposit: 30_000,
      nextMinimum: 305_000,
    });
    expect(await wallet(a.id)).toEqual({ balance: 10_000_000 - 30_000, frozen: 30_000 });

    // B bids under A's max: A's proxy holds the lead one step above B.
    const under = await bid(t, b.token, lot.id, 200_000);
    expect(under.data).toMatchObject({ currentPrice: 205_000, bidCount: 2, leading: false, myMaxBid: 200_000 });
    expect(under.data.nextMinimum).toBe(210_000);

    // B goes over A: B leads at one step over A's max, A is told (stream and SMS).
    const over = await bid(t, b.token, lot.id, 500_000);
    expect(over.data).toMatchObject({ currentPrice: 305_000, leading: true, myDeposit: 50_000 });
    expect(await wallet(b.id)).toEqual({ balance: 10_000_000 - 50_000, frozen: 50_000 });
    const sms = await t.services.sms.outbox({ phone: a.phone, page: 1, pageSize: 1 });
    expect(sms.list[0]?.content).toContain('出价已被超过');

    const seenByA = await t.call('GET', '/v1/iyd/auction/info', { token: a.token, query: { id: lot.id } });
    expect(seenByA.data).toMatchObject({ myMaxBid: 300_000, leading: false, currentPrice: 305_000, bidCount: 3 });
    const anon = await t.call('GET', '/v1/iyd/auction/info', { query: { id: lot.id } });
    expect(anon.data.myMaxBid).toBeUndefined();
    expect(anon.data.bids.map((x: { seq: number }) => x.seq)).toEqual([3, 2, 1]);
    expect(anon.data.bids[0]).toMatchObject({
      bidder: `${b.phone.slice(0, 3)}****${b.phone.slice(7)}`,
      amount: 305_000,
    });
    // B's outbid max is public once beaten; A's leading max never is.
    expect(anon.data.bids[1]).toMatchObject({ amount: 200_000 });
    expect(anon.data.bids[2]).toMatchObject({ amount: 100_000, prevHash: '0'.repeat(64) });
    const chain = anon.data.bids.map((x: PublicBid) => ({ ...x, bidderId: x.bidder }));
    expect(await verifyChain(lot.id, chain, sha256)).toEqual({ ok: true, length: 3 });
    const tampered = chain.map((x: PublicBid) => (x.seq === 2 ? { ...x, amount: x.amount + 1 } : x));
    expect((await verifyChain(lot.id, tampered, sha256)).ok).toBe(false);

    const detail = await t.call('GET', `/v1/admin/lots/${lot.id}`, { token: op });
    expect(detail.data.leaderMaxBid).toBe(500_000);
    expect(detail.data.bids[0]).toMatchObject({ memberId: b.id });
  });

  it('refuses a bid the wallet cannot cover, changing nothing', async () => {
    const lot = await houseLot(t, op, { startPrice: 100_000 });
    const poor = await verifiedBidder(t, { money: 5_000 });
    const r = await bid(t, poor.token, lot.id, 100_000);
    expect(r).toMatchObject({ status: 422, data: { reason: 'INSUFFICIENT_BALANCE' } });
    expect(await wallet(poor.id)).toEqual({ balance: 5_000, frozen: 0 });
    const info = await t.call('GET', '/v1/iyd/auction/info', { query: { id: lot.id } });
    expect(info.data).toMatchObject({ bidCount: 0, bids: [] });
  });

  it('bids arriving together are decided one after another: a short wallet is refused alone, a bidder bidding twice keeps one standing, the answers agree with the log', async () => {
    const lot = await houseLot(t, op, { startPrice: 100_000 });
    const rich = await Promise.all(Array.from({ length: 8 }, () => verifiedBidder(t)));
    const poor = await verifiedBidder(t, { money: 5_000 });
    const answers = await Promise.all([
      ...rich.map((b, i) => bid(t, b.token, lot.id, 200_000 + i * 50_000)),
      bid(t, poor.token, lot.id, 1_000_000),
      bid(t, rich[0]!.token, lot.id, 2_000_000),
    ]);
    const poorAnswer = answers[8]!;
    expect(poorAnswer).toMatchObject({ status: 422, data: { reason: 'INSUFFICIENT_BALANCE' } });
    expect(await wallet(poor.id)).toEqual({ balance: 5_000, frozen: 0 });
    for (const a of answers) expect([200, 422]).toContain(a.status);
    const refusedLow = answers.filter((a) => a.status === 422 && a.data.reason === 'BID_TOO_LOW');
    const accepted = answers.filter((a) => a.status === 200);
    expect(accepted.length + refusedLow.length).toBe(answers.length - 1);
    expect(answers[9]).toMatchObject({ status: 200, data: { myMaxBid: 2_000_000, leading: true } });

    // The log holds exactly the accepted bids, chained; the lot follows the highest max.
    const info = await t.call('GET', '/v1/iyd/auction/info', { query: { id: lot.id } });
    expect(info.data.bidCount).toBe(accepted.length);
    const chain = info.data.bids.map((x: PublicBid) => ({ ...x, bidderId: x.bidder }));
    expect(await verifyChain(lot.id, chain, sha256)).toEqual({ ok: true, length: accepted.length });
    const detail = await t.call('GET', `/v1/admin/lots/${lot.id}`, { token: op });
    // One step (20,000 at this price) over the second-highest max, 550,000, whatever the order of arrival.
    expect(detail.data).toMatchObject({ leaderMaxBid: 2_000_000, currentPrice: 570_000 });

    // Each bidder's frozen deposit is their standing's, and the sum of their freeze bills.
    for (const b of rich) {
      const w = await wallet(b.id);
      const bills = await t.services.wallet.bills({
        memberId: b.id,
        type: 'bid_deposit_freeze',
        page: 1,
        pageSize: 20,
      });
      const seen = await t.call('GET', '/v1/iyd/auction/info', { token: b.token, query: { id: lot.id } });
      const deposit = seen.data.myDeposit ?? 0;
      expect(w.frozen).toBe(deposit);
      expect(bills.list.reduce((s: number, x: { frozenAmount: number }) => s + x.frozenAmount, 0)).toBe(deposit);
      expect(w.balance).toBe(10_000_000 - deposit);
    }
    expect((await t.services.wallet.reconcile()).ok).toBe(true);
  });

  it('refuses lots that are not live', async () => {
    const upcoming = await houseLot(t, op, { startsIn: 600_000, endsIn: 1_200_000 });
    const m = await verifiedBidder(t);
    expect((await bid(t, m.token, upcoming.id, 100_000)).data).toMatchObject({ reason: 'LOT_NOT_LIVE' });
    const ending = await houseLot(t, op, { endsIn: 1_000 });
    t.clock.advance(1_000);
    expect((await bid(t, m.token, ending.id, 100_000)).data).toMatchObject({ reason: 'LOT_NOT_LIVE' });
    expect((await bid(t, m.token, 999_999, 100_000)).code).toBe(404);
  });

  it('accounts sharing an ID number are one bidder, and a consignor’s other accounts cannot bid', async () => {
    const first = await verifiedBidder(t);
    const second = await verifiedBidder(t, { idNumber: first.idNumber });
    const lot = await houseLot(t, op, { startPrice: 100_000 });
    await bid(t, first.token, lot.id, 200_000);
    // The same person raising through the other account: no price move against themselves, one deposit top-up.
    const raised = await bid(t, second.token, lot.id, 400_000);
    expect(raised.data).toMatchObject({ currentPrice: 100_000, leading: true, myMaxBid: 400_000, myDeposit: 40_000 });
    expect(await wallet(first.id)).toMatchObject({ frozen: 40_000 });
    expect(await wallet(second.id)).toMatchObject({ frozen: 0 });

    const piece = await inventoryPiece(t);
    const consigned = await t.services.transaction(async (tx) => {
      const holding = await t.services.custody.houseHolding(tx, {
        productId: piece.id,
        title: '寄拍',
        cover: '/a.png',
        images: ['/a.png'],
      });
      return t.services.auctions.createLot(tx, {
        holdingId: holding.id,
        consignorId: first.id,
        delegationId: null,
        title: '寄拍 铜镜',
        cover: '/a.png',
        images: ['/a.png'],
        description: '',
        era: '',
        material: '',
        dimensions: '',
        provenance: '',
        startPrice: 10_000,
        reservePrice: null,
        startsAt: t.clock.now(),
        endsAt: t.clock.now() + 3_600_000,
        sessionId: null,
      });
    });
    expect((await bid(t, first.token, consigned.id, 10_000)).data).toMatchObject({ reason: 'OWN_LOT' });
    expect(await wallet(first.id)).toMatchObject({ frozen: 40_000 });
    const other = await bid(t, second.token, consigned.id, 10_000);
    expect(other).toMatchObject({ status: 403, data: { reason: 'OWN_LOT' } });
  });

  it('checks the trade password when it is sent, with its lockout', async () => {
    const lot = await houseLot(t, op);
    const m = await memberWithTradePassword(t, '135790');
    const body = (tradePassword: string) => ({ id: lot.id, maxBid: 100_000, tradePassword });
    const unverified = await t.call('POST', '/v1/iyd/auction/match', { token: m.token, body: body('135790') });
    expect(unverified.data).toMatchObject({ reason: 'REAL_NAME_REQUIRED' });
    const b = await verifiedBidder(t);
    await sendCode(t, undefined, 'trade', b.token);
    await t.call('POST', '/v1/iyd/member/password/trade', {
      token: b.token,
      body: { smsCode: await lastSmsCode(t, b.phone), tradePassword: '246802' },
    });
    const wrong = await t.call('POST', '/v1/iyd/auction/match', { token: b.token, body: body('000000') });
    expect(wrong).toMatchObject({ status: 422, data: { reason: 'TRADE_PASSWORD_WRONG', remaining: 4 } });
    const right = await t.call('POST', '/v1/iyd/auction/match', { token: b.token, body: body('246802') });
    expect(right.data).toMatchObject({ bidCount: 1, leading: true });
  });

  it('with an Idempotency-Key, a repeated bid is one bid', async () => {
    const lot = await houseLot(t, op);
    const m = await verifiedBidder(t);
    const headers = { 'idempotency-key': 'bid-once-1' };
    const [x, y] = await Promise.all([
      bid(t, m.token, lot.id, 150_000, headers),
      bid(t, m.token, lot.id, 150_000, headers),
    ]);
    expect([x.code, y.code].filter((c) => c === 200).length).toBeGreaterThanOrEqual(1);
    const again = await bid(t, m.token, lot.id, 150_000, headers);
    expect(again.data).toMatchObject({ bidCount: 1, myMaxBid: 150_000 });
    expect(await wallet(m.id)).toMatchObject({ frozen: 15_000 });
    // The stored answer lost after a crash: the bid row's key still answers, no second bid.
    await (t.db as unknown as { $client: { query(q: string): Promise<unknown> } }).$client.query(
      "DELETE FROM idempotency_keys WHERE key = 'bid-once-1'",
    );
    const retried = await bid(t, m.token, lot.id, 150_000, headers);
    expect(retried.data).toMatchObject({ bidCount: 1 });
    expect(await wallet(m.id)).toMatchObject({ frozen: 15_000 });
  });

  it('keeps the rules a lot was scheduled with when operators change the settings', async () => {
    const before = await houseLot(t, op, { startPrice: 100_000 });
    await t.services.settings.change(null, {
      increments: [[null, 7_700]],
      bidDepositBps: 2_000,
    });
    try {
      const after = await houseLot(t, op, { startPrice: 100_000 });
      const m = await verifiedBidder(t);
      const old = await bid(t, m.token, before.id, 100_000);
      expect(old.data).toMatchObject({ nextMinimum: 105_000, myDeposit: 10_000 });
      const fresh = await bid(t, m.token, after.id, 100_000);
      expect(fresh.data).toMatchObject({ nextMinimum: 107_700, myDeposit: 20_000 });
      // Each lot tells the bid sheet its own rules.
      expect(old.data.rules).toEqual({
        increments: defaultSettings.increments,
        premiumBps: defaultSettings.buyerPremiumBps,
        depositBps: defaultSettings.bidDepositBps,
      });
      const info = await t.call('GET', '/v1/iyd/auction/info', { query: { id: after.id } });
      expect(info.data.rules).toEqual({
        increments: [[null, 7_700]],
        premiumBps: defaultSettings.buyerPremiumBps,
        depositBps: 2_000,
      });
    } finally {
      await t.services.settings.change(null, {
        increments: defaultSettings.increments,
        bidDepositBps: defaultSettings.bidDepositBps,
      });
    }
  });

  it('soft close extends a late bid to two minutes after it, never past the cap', async () => {
    const lot = await houseLot(t, op, { startPrice: 10_000, endsIn: 60_000 });
    const a = await verifiedBidder(t);
    const b = await verifiedBidder(t);
    t.clock.advance(30_000);
    const late = await bid(t, a.token, lot.id, 10_000);
    const bidAt = late.data.endsAt - 120_000;
    expect(late.data.endsAt).toBeGreaterThan(lot.endsAt);
    expect(Math.abs(bidAt - t.clock.now())).toBeLessThan(5_000);
    // Keep bidding in the last seconds: the end stops at planned end + 30 minutes.
    let price = late.data.nextMinimum as number;
    let endsAt = late.data.endsAt as number;
    for (let i = 0; i < 20; i++) {
      t.clock.set(endsAt - 1_000);
      const who = i % 2 === 0 ? b : a;
      const r = await bid(t, who.token, lot.id, price);
      if (r.code !== 200) break;
      price = r.data.nextMinimum;
      endsAt = r.data.endsAt;
    }
    expect(endsAt).toBe(lot.endsAt + 30 * 60_000);
    t.clock.set(endsAt);
    expect((await bid(t, a.token, lot.id, price + 100_000)).data).toMatchObject({ reason: 'LOT_NOT_LIVE' });
    expect(await t.services.auctions.bidsAfterEnd(lot.id)).toBe(0);
  });
});
