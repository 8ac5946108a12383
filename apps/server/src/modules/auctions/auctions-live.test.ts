import {
  initialBidState,
  placeBid,
  type AuctionRules,
  type LotPrice,
  type MemberNotice,
  type StandingBid,
} from '@antique/shared';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { adminToken, houseLot, secondInstance, verifiedBidder, type Bidder } from '../../test/auction-fixtures.js';

let t: TestApp;
let op: string;
let other: Awaited<ReturnType<typeof secondInstance>>;
let pool: pg.Pool;
beforeAll(async () => {
  t = await createTestApp();
  op = await adminToken(t);
  other = await secondInstance(t, t.clock);
  pool = (t.db as unknown as { $client: pg.Pool }).$client;
});
afterAll(async () => {
  await other.close();
});

interface StreamEvent {
  event: string;
  data: unknown;
}

/** Reads a Server-Sent Events response as the member app does (fetch, token in the header). */
async function openStream(url: string, token?: string) {
  const controller = new AbortController();
  const res = await fetch(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: controller.signal,
  });
  const events: StreamEvent[] = [];
  let ended = false;
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
        }
      }
    } catch {
      /* aborted */
    }
    ended = true;
  })();
  return {
    res,
    events,
    get ended() {
      return ended;
    },
    async waitFor(ok: (e: StreamEvent[]) => boolean, ms = 5_000) {
      const until = Date.now() + ms;
      while (!ok(events) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(ok(events)).toBe(true);
    },
    async close() {
      controller.abort();
      await pump;
    },
    pump,
  };
}

describe('the live stream', () => {
  it('refuses bad lot ids with the envelope', async () => {
    const r = await t.call('GET', '/v1/iyd/auction/stream', { query: { ids: '1,abc' } });
    expect(r).toMatchObject({ status: 400, data: { field: 'ids' } });
  });

  it('keeps a member’s notices-only stream (no lots named) and refuses a guest’s', async () => {
    const guest = await t.call('GET', '/v1/iyd/auction/stream', {});
    expect(guest).toMatchObject({ status: 400, data: { field: 'ids' } });
    const lot = await houseLot(t, op, { startPrice: 100_000 });
    const a = await verifiedBidder(t);
    const b = await verifiedBidder(t);
    await t.call('POST', '/v1/iyd/auction/match', { token: a.token, body: { id: lot.id, maxBid: 150_000 } });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const mine = await openStream(`${address}/v1/iyd/auction/stream`, a.token);
    expect(mine.res.status).toBe(200);
    const outbid = await t.call('POST', '/v1/iyd/auction/match', {
      token: b.token,
      body: { id: lot.id, maxBid: 300_000 },
    });
    expect(outbid.code).toBe(200);
    await mine.waitFor((e) => e.some((x) => x.event === 'notice'));
    expect(mine.events.every((e) => e.event === 'notice')).toBe(true);
    expect(mine.events[0]!.data).toMatchObject({ kind: 'outbid', lotId: lot.id });
    await mine.close();
  });

  it('sends every listed lot at once, then a bid taken by the other instance, and the member’s notices; closing the server ends it', async () => {
    const lotA = await houseLot(t, op, { startPrice: 100_000 });
    const lotB = await houseLot(t, op, { startPrice: 50_000 });
    const a = await verifiedBidder(t);
    const b = await verifiedBidder(t);
    await t.call('POST', '/v1/iyd/auction/match', { token: a.token, body: { id: lotA.id, maxBid: 200_000 } });

    const address = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(`${address}/v1/iyd/auction/stream?ids=${lotA.id},${lotB.id},999999`, a.token);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toContain('text/event-stream');
    await stream.waitFor((e) => e.filter((x) => x.event === 'lot').length === 2);
    const first = stream.events.map((e) => e.data as LotPrice);
    expect(first.find((p) => p.id === lotA.id)).toMatchObject({ currentPrice: 100_000, bidCount: 1, status: 'live' });
    expect(first.find((p) => p.id === lotB.id)).toMatchObject({ currentPrice: 50_000, bidCount: 0 });

    // B bids through the first instance: the lot event and A's outbid notice reach the second's client.
    const r = await t.call('POST', '/v1/iyd/auction/match', { token: b.token, body: { id: lotA.id, maxBid: 300_000 } });
    expect(r.code).toBe(200);
    await stream.waitFor((e) => e.some((x) => x.event === 'notice'));
    const lots = stream.events.filter((e) => e.event === 'lot').map((e) => e.data as LotPrice);
    expect(lots.at(-1)).toMatchObject({ id: lotA.id, currentPrice: 205_000, bidCount: 2 });
    const notice = stream.events.find((e) => e.event === 'notice')!.data as MemberNotice;
    expect(notice).toMatchObject({ kind: 'outbid', lotId: lotA.id });

    // A stream without a token gets prices and never anyone's notices.
    const anon = await openStream(`${address}/v1/iyd/auction/stream?ids=${lotA.id}`);
    await anon.waitFor((e) => e.length === 1);
    await t.call('POST', '/v1/iyd/auction/match', { token: a.token, body: { id: lotA.id, maxBid: 400_000 } });
    await anon.waitFor((e) => e.length === 2);
    await stream.waitFor((e) => e.filter((x) => x.event === 'lot').length === 4);
    expect(anon.events.every((e) => e.event === 'lot')).toBe(true);

    const started = Date.now();
    await other.app.close();
    await Promise.all([stream.pump, anon.pump]);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(stream.ended && anon.ended).toBe(true);
  });
});

describe('many bidders on two instances', () => {
  it('600 bids of 30 bidders on 3 lots: price and leader equal a replay of the bid log, no bid after the end, each lot closed once, wallets reconcile', async () => {
    // A second instance of its own (the first one's server was closed above).
    const second = await secondInstance(t, t.clock);
    const apps = [t.app, second.app];
    const lots = await Promise.all([
      houseLot(t, op, { startPrice: 100_000, endsIn: 60_000 }),
      houseLot(t, op, { startPrice: 500_000, endsIn: 60_000, reservePrice: 1_500_000 }),
      houseLot(t, op, { startPrice: 10_000, endsIn: 60_000 }),
    ]);
    const bidders: Bidder[] = [];
    for (let i = 0; i < 30; i++) bidders.push(await verifiedBidder(t, { money: 5_000_000 }));

    let done = 0;
    let cutAt = 0;
    const outcomes: Record<string, number> = {};
    await Promise.all(
      bidders.map(async (b, i) => {
        // Each bidder bids a little over the minimum it last saw (others may have moved it since).
        const seen = new Map<number, number>();
        // Refused as too low, the bidder tries the same lot again at the minimum it was told.
        let target = i % 3;
        for (let k = 0; k < 20; k++) {
          const lot = lots[target]!;
          const maxBid = (seen.get(lot.id) ?? lot.startPrice) + (((i * 7 + k * 13) % 10) + 1) * 20_000;
          const res = await apps[(i + k) % 2]!.inject({
            method: 'POST',
            url: '/v1/iyd/auction/match',
            headers: { authorization: `Bearer ${b.token}` },
            payload: { id: lot.id, maxBid },
          });
          const body = res.json() as { code: number; data: { reason?: string; nextMinimum?: number } | null };
          if (body.data?.nextMinimum !== undefined) seen.set(lot.id, body.data.nextMinimum);
          if (body.data?.reason !== 'BID_TOO_LOW') target = (target + 1) % 3;
          const key = body.code === 200 ? 'ok' : (body.data?.reason ?? String(body.code));
          outcomes[key] = (outcomes[key] ?? 0) + 1;
          done += 1;
          // Nine tenths through, the lots end (past any soft-close extension): later bids must all be refused.
          if (done === 540) {
            cutAt = t.clock.now() + 31 * 60_000 + 60_000;
            t.clock.set(cutAt);
          }
        }
      }),
    );
    expect(done).toBe(600);
    console.log('bid outcomes', JSON.stringify(outcomes));
    expect(outcomes.ok).toBeGreaterThan(80);
    expect(outcomes.LOT_NOT_LIVE).toBeGreaterThan(0);
    expect(Object.keys(outcomes).every((k) => ['ok', 'LOT_NOT_LIVE', 'BID_TOO_LOW'].includes(k))).toBe(true);

    for (const lot of lots) {
      const {
        rows: [row],
      } = await pool.query<{
        start_price: string;
        reserve_price: string | null;
        starts_at: Date;
        planned_end: Date;
        ends_at: Date;
        rules: AuctionRules;
        current_price: string;
        bid_count: number;
        leader_key: string | null;
        leader_max_bid: string | null;
      }>('SELECT * FROM lots WHERE id = $1', [lot.id]);
      const { rows: log } = await pool.query<{
        seq: number;
        bidder_key: string;
        max_bid: string;
        amount: string;
        price_after: string;
        at: Date;
      }>('SELECT seq, bidder_key, max_bid, amount, price_after, at FROM bids WHERE lot_id = $1 ORDER BY seq', [lot.id]);
      const auctionLot = {
        startPrice: Number(row!.start_price),
        reserve: row!.reserve_price === null ? null : Number(row!.reserve_price),
        startsAt: row!.starts_at.getTime(),
        plannedEnd: row!.planned_end.getTime(),
        consignor: null,
      };
      let state = initialBidState(auctionLot);
      const standing = new Map<string, StandingBid>();
      for (const bid of log) {
        const outcome = placeBid(
          auctionLot,
          state,
          standing.get(bid.bidder_key) ?? null,
          { bidder: bid.bidder_key, maxBid: Number(bid.max_bid), at: bid.at.getTime() },
          row!.rules,
        );
        expect(outcome.accepted).toBe(true);
        if (!outcome.accepted) break;
        expect(outcome.seq).toBe(bid.seq);
        expect(outcome.publicAmount).toBe(Number(bid.amount));
        expect(outcome.currentPrice).toBe(Number(bid.price_after));
        state = outcome.state;
        standing.set(bid.bidder_key, outcome.mine);
        expect(bid.at.getTime()).toBeLessThan(state.endsAt);
      }
      expect(state.currentPrice).toBe(Number(row!.current_price));
      expect(state.bidCount).toBe(row!.bid_count);
      expect(state.leader?.bidder ?? null).toBe(row!.leader_key);
      expect(state.leader?.maxBid ?? null).toBe(row!.leader_max_bid === null ? null : Number(row!.leader_max_bid));
      expect(state.endsAt).toBe(row!.ends_at.getTime());
      expect(row!.ends_at.getTime()).toBeLessThanOrEqual(row!.planned_end.getTime() + 30 * 60_000);
      expect(await t.services.auctions.bidsAfterEnd(lot.id)).toBe(0);
    }

    // Both instances close together: each lot once.
    const closed = await Promise.all([
      t.services.lotCloseFlow.closeDue(),
      second.services.lotCloseFlow.closeDue(),
      t.services.lotCloseFlow.closeDue(),
      second.services.lotCloseFlow.closeDue(),
    ]);
    expect(closed.reduce((s, n) => s + n, 0)).toBeGreaterThanOrEqual(3);
    const { rows: orders } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders o JOIN lots l ON l.order_id = o.id WHERE l.id = ANY($1::int[])`,
      [lots.map((l) => l.id)],
    );
    const { rows: sold } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM lots WHERE id = ANY($1::int[]) AND status = 'sold'`,
      [lots.map((l) => l.id)],
    );
    expect(orders[0]!.n).toBe(sold[0]!.n);
    const { rows: open } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM lots WHERE id = ANY($1::int[]) AND closed_at IS NULL`,
      [lots.map((l) => l.id)],
    );
    expect(open[0]!.n).toBe(0);
    // Deposits: what stays frozen is exactly the winners' deposits applied to their orders.
    const ids = bidders.map((b) => b.id);
    const { rows: frozen } = await pool.query<{ frozen: string; applied: string }>(
      `SELECT (SELECT coalesce(sum(frozen), 0) FROM wallets WHERE member_id = ANY($1::int[])) AS frozen,
              (SELECT coalesce(sum(deposit_applied), 0) FROM orders
                WHERE status = 'pending' AND source = 'auction' AND member_id = ANY($1::int[])) AS applied`,
      [ids],
    );
    expect(Number(frozen[0]!.frozen)).toBe(Number(frozen[0]!.applied));
    expect((await t.services.wallet.reconcile()).ok).toBe(true);
    await second.close();
  });
});
