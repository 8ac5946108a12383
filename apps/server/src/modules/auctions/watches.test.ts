import crypto from 'node:crypto';
import type { MemberNotice } from '@antique/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, registerMember, type TestApp } from '../../test/harness.js';
import {
  adminToken,
  bid,
  houseLot,
  inventoryPiece,
  PICTURE,
  secondInstance,
  verifiedBidder,
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
afterEach(() => {
  vi.restoreAllMocks();
});

const MIN = 60_000;
const watch = (token: string | undefined, id: number, on = true) =>
  t.call('POST', '/v1/iyd/auction/watch', { ...(token ? { token } : {}), body: { id, watch: on } });
const info = (id: number, token?: string) =>
  t.call('GET', '/v1/iyd/auction/info', { query: { id }, ...(token ? { token } : {}) });
const mine = (token: string, tab: string, query: Record<string, number> = {}) =>
  t.call('GET', '/v1/iyd/auction/mine', { token, query: { tab, pageSize: 50, ...query } });

/** Every notice about `lotId` both instances send while `run` runs, as `[kind, memberId, lotId]`. */
async function sentDuring(lotId: number, run: () => Promise<unknown>) {
  const sent: [string, number, number | undefined][] = [];
  const texted: unknown[] = [];
  for (const services of [t.services, other.services]) {
    const real = services.notices.sendMany;
    vi.spyOn(services.notices, 'sendMany').mockImplementation(
      async (list: { memberId: number; notice: MemberNotice; sms?: unknown }[]) => {
        for (const x of list) {
          if (x.notice.lotId === lotId) sent.push([x.notice.kind, x.memberId, x.notice.lotId]);
          if (x.sms) texted.push(x.sms);
        }
        return real(list);
      },
    );
  }
  await run();
  vi.restoreAllMocks();
  expect(texted).toEqual([]);
  return sent.sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]));
}

/** Both instances' reminder jobs at once, as the scheduler of two servers would run them. */
const remindTwice = () => Promise.all([t.services.auctions.remindWatchers(), other.services.auctions.remindWatchers()]);

describe('watching a lot', () => {
  it('watches and unwatches, each any number of times, and the lot and list show it', async () => {
    const lot = await houseLot(t, op, { startsIn: 10 * MIN, endsIn: 60 * MIN });
    const a = await verifiedBidder(t);
    const b = await registerMember(t);

    expect((await info(lot.id, a.token)).data).toMatchObject({ watching: false, watchers: 0 });
    for (let i = 0; i < 2; i++) {
      const r = await watch(a.token, lot.id);
      expect(r).toMatchObject({ code: 200, data: { id: lot.id, watching: true, watchers: 1 } });
    }
    expect((await watch(b.token, lot.id)).data).toEqual({ id: lot.id, watching: true, watchers: 2 });
    expect((await info(lot.id, a.token)).data).toMatchObject({ watching: true, watchers: 2 });
    // A guest sees how many watch, and no `watching` of their own.
    const guest = (await info(lot.id)).data;
    expect(guest.watchers).toBe(2);
    expect(guest).not.toHaveProperty('watching');

    const listed = await t.call('GET', '/v1/iyd/auction/list', {
      token: a.token,
      query: { status: 'upcoming', pageSize: 50 },
    });
    const row = (listed.data.list as { id: number; watching?: boolean }[]).find((l) => l.id === lot.id);
    expect(row?.watching).toBe(true);

    for (let i = 0; i < 2; i++) {
      const r = await watch(a.token, lot.id, false);
      expect(r).toMatchObject({ code: 200, data: { id: lot.id, watching: false, watchers: 1 } });
    }
    expect((await info(lot.id, a.token)).data).toMatchObject({ watching: false, watchers: 1 });
    expect((await mine(a.token, 'watching')).data.list).toEqual([]);
  });

  it('refuses a guest, an unknown lot, a bad input, and a lot past its end (unwatching it still works)', async () => {
    const a = await verifiedBidder(t);
    const lot = await houseLot(t, op, { endsIn: 5 * MIN });
    expect((await watch(undefined, lot.id)).code).toBe(301);
    expect(await watch(a.token, 2_000_000_000)).toMatchObject({ code: 404 });
    const bad = await t.call('POST', '/v1/iyd/auction/watch', { token: a.token, body: { id: lot.id, watch: 'yes' } });
    expect(bad).toMatchObject({ code: 400, data: { field: 'watch' } });

    expect((await watch(a.token, lot.id)).code).toBe(200);
    t.clock.advance(5 * MIN);
    // Already watched before the end: repeating it is fine; a new watcher is refused.
    expect((await watch(a.token, lot.id, true)).code).toBe(200);
    const b = await verifiedBidder(t);
    expect(await watch(b.token, lot.id)).toMatchObject({ code: 422, data: { reason: 'LOT_NOT_LIVE' } });
    expect((await watch(a.token, lot.id, false)).data).toEqual({ id: lot.id, watching: false, watchers: 0 });
  });

  it('holds the cap of 200 open lots under parallel requests, and a closed lot frees its place', async () => {
    const piece = await inventoryPiece(t, { stock: 206 });
    const lots: { id: number }[] = [];
    for (let i = 0; i < 206; i++) lots.push(await houseLot(t, op, { productId: piece.id, endsIn: 120 * MIN }));
    const a = await verifiedBidder(t);
    for (let i = 0; i < 198; i += 6)
      await Promise.all(
        lots
          .slice(i, Math.min(i + 6, 198))
          .map((l) => expect(watch(a.token, l.id)).resolves.toMatchObject({ code: 200 })),
      );

    // Six requests at once for six other lots with two places left: two succeed.
    const raced = await Promise.all(lots.slice(198, 204).map((l) => watch(a.token, l.id)));
    expect(raced.filter((r) => r.code === 200)).toHaveLength(2);
    const refused = raced.filter((r) => r.code !== 200);
    expect(refused).toHaveLength(4);
    for (const r of refused) expect(r).toMatchObject({ code: 422, data: { reason: 'WATCH_LIMIT', limit: 200 } });
    expect((await mine(a.token, 'watching', { pageSize: 1 })).data.total).toBe(200);
    // Repeating a watch at the cap changes nothing and is not refused.
    expect((await watch(a.token, lots[0]!.id)).code).toBe(200);

    // Closing a watched lot (unsold, no bids) leaves room for one more open lot.
    const closing = await houseLot(t, op, { productId: (await inventoryPiece(t)).id, endsIn: MIN });
    const b = await verifiedBidder(t);
    expect((await watch(b.token, closing.id)).code).toBe(200);
    expect((await watch(a.token, lots[204]!.id)).data?.reason).toBe('WATCH_LIMIT');
    expect((await watch(a.token, lots[0]!.id, false)).code).toBe(200);
    expect((await watch(a.token, lots[204]!.id)).code).toBe(200);
    expect((await watch(a.token, lots[205]!.id)).data?.reason).toBe('WATCH_LIMIT');
  }, 120_000);
});

describe('watch reminders', () => {
  it('tells each watcher once when the lot starts and ten minutes before its end, with two instances running the job at once', async () => {
    const lot = await houseLot(t, op, { startsIn: 5 * MIN, endsIn: 60 * MIN });
    const a = await verifiedBidder(t);
    const b = await verifiedBidder(t);
    const late = await verifiedBidder(t);
    const gone = await verifiedBidder(t);
    for (const m of [a, b, gone]) expect((await watch(m.token, lot.id)).code).toBe(200);
    expect((await watch(gone.token, lot.id, false)).code).toBe(200);

    expect(await sentDuring(lot.id, remindTwice)).toEqual([]);
    t.clock.advance(5 * MIN);
    expect(await sentDuring(lot.id, remindTwice)).toEqual([
      ['watch_start', a.id, lot.id],
      ['watch_start', b.id, lot.id],
    ]);
    expect(await sentDuring(lot.id, remindTwice)).toEqual([]);

    // Watched after the start: no "started", but the ending reminder.
    expect((await watch(late.token, lot.id)).code).toBe(200);
    t.clock.advance(44 * MIN);
    expect(await sentDuring(lot.id, remindTwice)).toEqual([]);
    t.clock.advance(MIN);
    const ending = await sentDuring(lot.id, remindTwice);
    expect(ending).toEqual(
      [a, b, late].map((m) => ['watch_ending', m.id, lot.id]).sort((x, y) => (x[1] as number) - (y[1] as number)),
    );
    t.clock.advance(MIN);
    expect(await sentDuring(lot.id, remindTwice)).toEqual([]);
  });

  it('sends the ten-minute reminder by the current end after soft close moved it, and not again', async () => {
    const admin = op;
    const before = (await t.call('GET', '/v1/admin/settings', { token: admin })).data;
    expect((await t.call('PUT', '/v1/admin/settings', { token: admin, body: { softCloseSeconds: 900 } })).code).toBe(
      200,
    );
    try {
      const lot = await houseLot(t, op, { endsIn: 30 * MIN });
      const early = await verifiedBidder(t);
      const bidder = await verifiedBidder(t);
      expect((await watch(early.token, lot.id)).code).toBe(200);

      // 12 minutes left: a bid moves the end to 15 minutes from now.
      t.clock.advance(18 * MIN);
      expect(await sentDuring(lot.id, remindTwice)).toEqual([]);
      const moved = await bid(t, bidder.token, lot.id, 100_000);
      expect(moved.code).toBe(200);
      expect(moved.data.endsAt).toBeGreaterThan(t.clock.now() + 15 * MIN - 5_000);

      // Ten minutes before the planned end is past, but the current end is 12 minutes away.
      t.clock.advance(3 * MIN);
      expect(await sentDuring(lot.id, remindTwice)).toEqual([]);
      // A watcher who comes now is still ten minutes or more from the current end.
      const newcomer = await verifiedBidder(t);
      expect((await watch(newcomer.token, lot.id)).code).toBe(200);
      t.clock.advance(2 * MIN);
      expect(await sentDuring(lot.id, remindTwice)).toEqual([
        ['watch_ending', early.id, lot.id],
        ['watch_ending', newcomer.id, lot.id],
      ]);

      // Another bid in the last minutes moves the end again: nobody is told twice.
      t.clock.advance(8 * MIN);
      expect((await bid(t, bidder.token, lot.id, 200_000)).code).toBe(200);
      expect((await info(lot.id)).data.endsAt).toBeGreaterThan(t.clock.now() + 10 * MIN);
      t.clock.advance(6 * MIN);
      expect(await sentDuring(lot.id, remindTwice)).toEqual([]);
    } finally {
      await t.call('PUT', '/v1/admin/settings', { token: admin, body: { softCloseSeconds: before.softCloseSeconds } });
    }
  });
});

describe('我的竞拍', () => {
  it('puts each lot under the right tab with the caller’s max and standing: leading, outbid, won, lost', async () => {
    const me = await verifiedBidder(t);
    const rival = await verifiedBidder(t);
    const leads = await houseLot(t, op, { endsIn: 60 * MIN });
    const outbid = await houseLot(t, op, { endsIn: 60 * MIN });
    const wins = await houseLot(t, op, { endsIn: 10 * MIN });
    const loses = await houseLot(t, op, { endsIn: 10 * MIN });
    const watched = await houseLot(t, op, { startsIn: 30 * MIN, endsIn: 90 * MIN });

    expect((await bid(t, me.token, leads.id, 150_000)).data.leading).toBe(true);
    expect((await bid(t, me.token, outbid.id, 120_000)).code).toBe(200);
    expect((await bid(t, rival.token, outbid.id, 300_000)).data.leading).toBe(true);
    expect((await bid(t, me.token, wins.id, 200_000)).code).toBe(200);
    expect((await bid(t, rival.token, wins.id, 150_000)).code).toBe(200);
    expect((await bid(t, me.token, loses.id, 110_000)).code).toBe(200);
    expect((await bid(t, rival.token, loses.id, 400_000)).code).toBe(200);
    expect((await watch(me.token, watched.id)).code).toBe(200);
    expect((await watch(me.token, leads.id)).code).toBe(200);

    const tab = async (name: string) => {
      const r = await mine(me.token, name);
      expect(r.code, r.msg).toBe(200);
      return (r.data.list as { id: number; standing?: string; myMaxBid?: number; watching?: boolean }[]).map((l) => [
        l.id,
        l.standing ?? null,
        l.myMaxBid ?? null,
        l.watching,
      ]);
    };

    expect(await tab('bidding')).toEqual([
      [wins.id, 'leading', 200_000, false],
      [loses.id, 'outbid', 110_000, false],
      [leads.id, 'leading', 150_000, true],
      [outbid.id, 'outbid', 120_000, false],
    ]);
    expect(await tab('watching')).toEqual([
      [leads.id, 'leading', 150_000, true],
      [watched.id, null, null, true],
    ]);
    expect(await tab('won')).toEqual([]);
    expect(await tab('lost')).toEqual([]);

    t.clock.advance(10 * MIN + 2_000);
    while ((await t.services.lotCloseFlow.closeDue()) > 0);

    expect(await tab('bidding')).toEqual([
      [leads.id, 'leading', 150_000, true],
      [outbid.id, 'outbid', 120_000, false],
    ]);
    expect(await tab('won')).toEqual([[wins.id, 'won', 200_000, false]]);
    expect(await tab('lost')).toEqual([[loses.id, 'lost', 110_000, false]]);
    // The rival sees the mirror image.
    const theirs = await mine(rival.token, 'won');
    expect((theirs.data.list as { id: number }[]).map((l) => l.id)).toEqual([loses.id]);
    const theirLost = await mine(rival.token, 'lost');
    expect((theirLost.data.list as { id: number; standing: string }[]).map((l) => [l.id, l.standing])).toEqual([
      [wins.id, 'lost'],
    ]);

    // Paged: one at a time, with the total.
    const first = await mine(me.token, 'bidding', { pageSize: 1 });
    expect(first.data).toMatchObject({ total: 2, hasMore: true, page: 1 });
    // A member who never bid has empty tabs; a bad tab is refused.
    const newcomer = await registerMember(t);
    for (const name of ['watching', 'bidding', 'won', 'lost'])
      expect((await mine(newcomer.token, name)).data).toMatchObject({ list: [], total: 0 });
    expect(await mine(me.token, 'sold')).toMatchObject({ code: 400, data: { field: 'tab' } });
    expect((await t.call('GET', '/v1/iyd/auction/mine', { query: { tab: 'won' } })).code).toBe(301);
  });
});

describe('a session’s page', () => {
  it('lists its lots open first by their end, then its results, with its figures', async () => {
    const session = await t.call('POST', '/v1/admin/sessions', {
      token: op,
      body: { title: `专场 ${crypto.randomBytes(3).toString('hex')}`, cover: PICTURE, startsAt: t.clock.now() },
    });
    expect(session.code, session.msg).toBe(200);
    const sid = session.data.id as number;
    const a = await verifiedBidder(t);
    const late = await houseLot(t, op, { sessionId: sid, endsIn: 40 * MIN });
    const soon = await houseLot(t, op, { sessionId: sid, endsIn: 20 * MIN });
    const first = await houseLot(t, op, { sessionId: sid, endsIn: 5 * MIN });
    const unsold = await houseLot(t, op, { sessionId: sid, endsIn: 6 * MIN });
    expect((await bid(t, a.token, first.id, 180_000)).code).toBe(200);
    expect((await watch(a.token, soon.id)).code).toBe(200);

    const page = async (token?: string) => {
      const r = await t.call('GET', '/v1/iyd/auction/session', { query: { id: sid }, ...(token ? { token } : {}) });
      expect(r.code, r.msg).toBe(200);
      return r.data as {
        session: Record<string, unknown>;
        list: { id: number; status: string; currentPrice: number; watching?: boolean }[];
        total: number;
      };
    };
    let p = await page(a.token);
    expect(p.list.map((l) => l.id)).toEqual([first.id, unsold.id, soon.id, late.id]);
    expect(p.list.find((l) => l.id === soon.id)?.watching).toBe(true);
    expect(p.session).toMatchObject({
      id: sid,
      lotCount: 4,
      openCount: 4,
      soldCount: 0,
      ended: false,
      endsAt: late.endsAt,
      totalHammer: 0,
    });

    t.clock.advance(7 * MIN);
    while ((await t.services.lotCloseFlow.closeDue()) > 0);
    p = await page();
    expect(p.list.map((l) => [l.id, l.status])).toEqual([
      [soon.id, 'live'],
      [late.id, 'live'],
      [first.id, 'sold'],
      [unsold.id, 'unsold'],
    ]);
    expect(p.session).toMatchObject({ openCount: 2, soldCount: 1, unsoldCount: 1, totalHammer: 100_000 });

    t.clock.advance(40 * MIN);
    while ((await t.services.lotCloseFlow.closeDue()) > 0);
    p = await page();
    expect(p.session).toMatchObject({ ended: true, openCount: 0, soldCount: 1, unsoldCount: 3 });
    expect(p.list.map((l) => l.id)).toEqual([first.id, unsold.id, soon.id, late.id]);

    expect((await t.call('GET', '/v1/iyd/auction/session', { query: { id: 2_000_000_000 } })).code).toBe(404);
    expect((await t.call('GET', '/v1/iyd/auction/session', { query: { id: 'x' } })).code).toBe(400);
  });
});
