import crypto from 'node:crypto';
import { SIGNAL_THRESHOLD, type LotSignals, type SignalQueueItem } from '@antique/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newPhone, operatorToken, PASSWORD, type TestApp } from '../../test/harness.js';
import { adminToken, idNumber, inventoryPiece } from '../../test/auction-fixtures.js';

let t: TestApp;
let op: string;
beforeAll(async () => {
  // Behind one proxy, as in production: the address a request came from is its X-Forwarded-For.
  t = await createTestApp({ TRUST_PROXY: '1' });
  op = await adminToken(t);
});

interface Account {
  id: number;
  token: string;
  headers: Record<string, string>;
}

/** A verified member signed in from an address and device, with money; invited by `inviterId` when given. */
async function account(ip: string, device: string, inviterId?: number): Promise<Account> {
  const phone = newPhone();
  const at = new Date(t.clock.now());
  const m = await t.services.members.create({
    phone,
    password: PASSWORD,
    nickname: `藏家${phone.slice(-4)}`,
    ...(inviterId !== undefined ? { inviterId } : {}),
    realName: { name: '李四', idNumber: idNumber(), submittedAt: at, reviewedAt: at },
  });
  const headers = { 'x-forwarded-for': ip, 'user-agent': device };
  const login = await t.call('POST', '/v1/iyd/member/login', { body: { phone, password: PASSWORD }, headers });
  await t.services.wallet.deposit(null, m!.id, { amount: 20_000_000 });
  return { id: m!.id, token: login.data.token as string, headers };
}

const bid = (a: Account, id: number, maxBid: number) =>
  t.call('POST', '/v1/iyd/auction/match', { token: a.token, body: { id, maxBid }, headers: a.headers });

/** The raw client: stands in for the search module, which keeps each lot's department and search terms. */
const sqlClient = () => (t.db as unknown as { $client: { query(q: string, v: unknown[]): Promise<unknown> } }).$client;

let department = 0;
/** A lot (consigned by `consignorId`, or the house's), live now, in the test's department with the given search terms. */
async function lot(consignorId: number | null, terms: string[], endsIn = 3_600_000) {
  const piece = await inventoryPiece(t);
  const made = await t.services.transaction(async (tx) => {
    const holding = await t.services.custody.houseHolding(tx, {
      productId: piece.id,
      title: '明 青花鱼藻纹碗',
      cover: '/a.png',
      images: ['/a.png'],
    });
    return t.services.auctions.createLot(tx, {
      holdingId: holding.id,
      consignorId,
      delegationId: null,
      title: '明 青花鱼藻纹碗',
      cover: '/a.png',
      images: ['/a.png'],
      description: '',
      era: '明',
      material: '瓷',
      dimensions: '',
      provenance: '',
      startPrice: 100_000,
      reservePrice: null,
      startsAt: t.clock.now(),
      endsAt: t.clock.now() + endsIn,
      sessionId: null,
    });
  });
  await sqlClient().query('UPDATE lots SET category_id = $1, search_terms = $2 WHERE id = $3', [
    department,
    terms,
    made.id,
  ]);
  return made;
}

/** Ends a lot (soft close may have moved its end) and closes it. */
async function close(id: number) {
  const d = await t.call('GET', '/v1/iyd/auction/info', { query: { id } });
  t.clock.set(Math.max(t.clock.now(), d.data.endsAt as number));
  await t.services.lotCloseFlow.closeDue();
}

describe('bidding signals', () => {
  let ringLot: number;
  let honestLot: number;
  let consignor: Account;
  let ring: Account[];

  beforeAll(async () => {
    department = 900_000 + crypto.randomInt(0, 99_999);
    const terms = ['青花', '碗', '明'];
    const RING_IP = '203.0.113.7';
    const RING_DEVICE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) RingPhone';
    consignor = await account(RING_IP, RING_DEVICE);
    // Two accounts the consignor invited, on the consignor's network and phone.
    ring = [await account(RING_IP, RING_DEVICE, consignor.id), await account(RING_IP, RING_DEVICE, consignor.id)];
    const collector = await account('198.51.100.20', 'Mozilla/5.0 (Android 14) Collector');

    // Three earlier lots of the consignor: the ring bids them up, a collector wins each (the house's comparables).
    for (let i = 0; i < 3; i++) {
      const earlier = await lot(consignor.id, terms);
      await bid(ring[0]!, earlier.id, 120_000);
      await bid(ring[1]!, earlier.id, 150_000);
      await bid(collector, earlier.id, 200_000);
      await close(earlier.id);
    }

    // The lot in question: a collector's high max, and the ring pushing into it in turn, never winning.
    const victim = await account('198.51.100.77', 'Mozilla/5.0 (Macintosh) Victim');
    const target = await lot(consignor.id, terms);
    ringLot = target.id;
    expect((await bid(victim, ringLot, 900_000)).code).toBe(200);
    for (const [who, max] of [
      [0, 200_000],
      [1, 300_000],
      [0, 400_000],
      [1, 500_000],
      [0, 600_000],
      [1, 700_000],
    ] as const) {
      t.clock.advance(20_000);
      expect((await bid(ring[who]!, ringLot, max)).code).toBe(200);
    }
    await close(ringLot);

    // An honest lot: the house's own piece, two independent collectors, a price in line with the comparables.
    const [p, q] = [
      await account('192.0.2.10', 'Mozilla/5.0 (Windows NT 10.0) Alpha'),
      await account('192.0.2.99', 'Mozilla/5.0 (Linux; Android 13) Beta'),
    ];
    const honest = await lot(null, terms);
    honestLot = honest.id;
    await bid(p, honestLot, 150_000);
    t.clock.advance(600_000);
    await bid(q, honestLot, 220_000);
    t.clock.advance(600_000);
    await bid(p, honestLot, 260_000);
    await close(honestLot);
  });

  it('computes each closed lot once after it closes (the job), never in the bid path', async () => {
    const first = await t.services.integrity.computeClosed();
    expect(first).toBeGreaterThanOrEqual(5);
    expect(await t.services.integrity.computeClosed()).toBe(0);
  });

  it('flags the planted ring with its reasons and ranks it first; the honest lot scores low', async () => {
    const r = await t.call('GET', `/v1/admin/lots/${ringLot}/signals`, { token: op });
    expect(r.code).toBe(200);
    const s = r.data as LotSignals;
    expect(s.score).toBeGreaterThanOrEqual(0.8);
    expect(s.reasons.map((x) => x.code)).toEqual(['hammer_above_comparables']);
    const ringIds = ring.map((a) => a.id).sort();
    expect(
      s.bidders
        .slice(0, 2)
        .map((b) => b.memberId)
        .sort(),
    ).toEqual(ringIds);
    for (const b of s.bidders.slice(0, 2)) {
      expect(b.score).toBeGreaterThanOrEqual(SIGNAL_THRESHOLD);
      expect(b.reasons.map((x) => x.code)).toEqual(
        expect.arrayContaining(['consignor_inviter', 'consignor_device', 'consignor_loser', 'self_outbid']),
      );
      expect(b.reasons.find((x) => x.code === 'consignor_loser')!.detail).toContain('仅得标 0 件');
    }
    // The collector who won pays the price the ring pushed: no ties, below the threshold.
    const winner = s.bidders[2]!;
    expect(winner.reasons.map((x) => x.code)).not.toContain('consignor_inviter');
    expect(winner.score).toBeLessThan(SIGNAL_THRESHOLD);

    const h = (await t.call('GET', `/v1/admin/lots/${honestLot}/signals`, { token: op })).data as LotSignals;
    expect(h.score).toBeLessThan(SIGNAL_THRESHOLD);
    expect(h.reasons).toEqual([]);
    expect(h.bidders.every((b) => b.score < SIGNAL_THRESHOLD)).toBe(true);

    const queue = await t.call('GET', '/v1/admin/signals', { token: op, query: { pageSize: 50 } });
    const list = queue.data.list as SignalQueueItem[];
    expect(list[0]).toMatchObject({ lotId: ringLot, reviewStatus: 'open' });
    expect(ringIds).toContain(list[0]!.topBidder?.memberId);
    expect(list.findIndex((x) => x.lotId === honestLot)).toBeGreaterThan(0);
    // Bid sources are never public.
    const pub = await t.call('GET', '/v1/iyd/auction/info', { query: { id: ringLot } });
    expect(JSON.stringify(pub.data)).not.toContain('203.0.113.7');
  });

  it('records a review (audited), keeps it when recomputed, and moves it down the queue', async () => {
    const bad = await t.call('POST', `/v1/admin/lots/${ringLot}/signals/review`, {
      token: op,
      body: { status: 'open', note: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(
      (
        await t.call('POST', `/v1/admin/lots/${ringLot}/signals/review`, {
          token: op,
          body: { status: 'escalated', note: '' },
        })
      ).data.field,
    ).toBe('note');
    const r = await t.call('POST', `/v1/admin/lots/${ringLot}/signals/review`, {
      token: op,
      body: { status: 'escalated', note: '委托人关联账号抬价，已冻结并移交' },
    });
    expect(r.data).toMatchObject({ reviewStatus: 'escalated', reviewNote: '委托人关联账号抬价，已冻结并移交' });
    const again = (await t.call('GET', `/v1/admin/lots/${ringLot}/signals`, { token: op })).data as LotSignals;
    expect(again.reviewStatus).toBe('escalated');
    const open = await t.call('GET', '/v1/admin/signals', { token: op, query: { status: 'open', pageSize: 50 } });
    expect((open.data.list as SignalQueueItem[]).some((x) => x.lotId === ringLot)).toBe(false);
    const audit = await t.call('GET', '/v1/admin/audit', { token: op, query: { action: 'integrity.signals.review' } });
    expect(audit.data.list[0]).toMatchObject({ targetId: String(ringLot) });
    expect((await t.call('GET', '/v1/admin/signals', { token: await operatorToken(t, 'finance') })).status).toBe(403);
    expect((await t.call('GET', '/v1/admin/lots/999999/signals', { token: op })).status).toBe(404);
  });
});
