import type { LotPrice, MemberNotice } from '@antique/shared';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerMember, type TestApp } from '../../test/harness.js';

let t: TestApp;
let other: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  other = await createTestApp();
});

function collector() {
  const notices: MemberNotice[] = [];
  const prices: LotPrice[] = [];
  let resyncs = 0;
  return {
    notices,
    prices,
    get resyncs() {
      return resyncs;
    },
    sub: (memberId: number, lotIds: number[]) => ({
      memberId,
      lotIds: new Set(lotIds),
      onLot: (p: LotPrice) => prices.push(p),
      onNotice: (n: MemberNotice) => notices.push(n),
      onResync: () => resyncs++,
    }),
  };
}

const until = async (ok: () => boolean) => {
  for (let i = 0; i < 250 && !ok(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(ok()).toBe(true);
};

describe('notices', () => {
  it('reach the member’s stream and, with a text, the SMS outbox', async () => {
    const m = await registerMember(t);
    const c = collector();
    const stop = await t.services.notices.subscribe(c.sub(m.id, []));
    const bystander = collector();
    const stopOther = await t.services.notices.subscribe(bystander.sub(m.id + 1000, []));
    await t.services.notices.send(m.id, t.services.notices.notice({ kind: 'outbid', lotId: 7, title: '青花瓶' }), {
      sms: { template: 'OUTBID', params: { title: '青花瓶', price: '¥4,000.00' } },
    });
    await until(() => c.notices.length === 1);
    expect(c.notices[0]).toMatchObject({ kind: 'outbid', lotId: 7, title: '青花瓶' });
    expect(bystander.notices).toHaveLength(0);
    const outbox = await t.services.sms.outbox({ phone: m.phone, page: 1, pageSize: 5 });
    expect(outbox.list[0]).toMatchObject({
      phone: m.phone,
      scene: 'notice',
      content: '【拾古拍卖】您在「青花瓶」的出价已被超过，当前价¥4,000.00，可在拍卖页面加价。',
    });
    stop();
    stopOther();
  });

  it('without a text leaves the outbox alone', async () => {
    const m = await registerMember(t);
    const before = (await t.services.sms.outbox({ phone: m.phone, page: 1, pageSize: 50 })).total;
    await t.services.notices.send(m.id, t.services.notices.notice({ kind: 'ending_soon', lotId: 1, title: 'x' }));
    expect((await t.services.sms.outbox({ phone: m.phone, page: 1, pageSize: 50 })).total).toBe(before);
  });

  it('listens again after its connection is lost, and tells the clients to catch up', async () => {
    const c = collector();
    const stop = await t.services.notices.subscribe(c.sub(0, [77]));
    const pool = (t.db as unknown as { $client: pg.Pool }).$client;
    const killed = await pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
    );
    expect(killed.rowCount).toBeGreaterThanOrEqual(1);
    await until(() => c.resyncs === 1);
    const price: LotPrice = {
      id: 77,
      currentPrice: 1,
      nextMinimum: 2,
      bidCount: 1,
      endsAt: 1,
      status: 'live',
      reserveMet: true,
    };
    await t.services.notices.lotChanged(price);
    await until(() => c.prices.length === 1);
    stop();
  });

  it('lot changes published by one instance reach the clients of another listening on the same database', async () => {
    // Two apps on one database: `other` has its own database, so use t's database for both sides here.
    const c = collector();
    const stop = await t.services.notices.subscribe(c.sub(0, [42]));
    const price: LotPrice = {
      id: 42,
      currentPrice: 100,
      nextMinimum: 1100,
      bidCount: 1,
      endsAt: 1,
      status: 'live',
      reserveMet: true,
    };
    await t.services.notices.lotChanged(price);
    await t.services.notices.lotChanged({ ...price, id: 43 });
    await until(() => c.prices.length === 1);
    expect(c.prices[0]).toEqual(price);
    // A separate database never hears it.
    const far = collector();
    const stopFar = await other.services.notices.subscribe(far.sub(0, [42]));
    await t.services.notices.lotChanged(price);
    await until(() => c.prices.length === 2);
    expect(far.prices).toHaveLength(0);
    stop();
    stopFar();
  });

  it('tell a lot’s new end here at once, every listener at the commit, and to look again once listening anew', async () => {
    const heard: (number | undefined)[] = [];
    const stop = t.services.notices.onLotEnd((endsAt) => heard.push(endsAt));
    expect(await t.services.notices.listening()).toBe(true);
    heard.length = 0;
    await t.services.transaction(async (tx) => {
      await t.services.notices.lotEndSet({ id: 5, endsAt: 1_234 }, tx);
      // This process's close job at once; the NOTIFY (every instance's, this one's too) only at the commit.
      expect(heard).toEqual([1_234]);
      await new Promise((r) => setTimeout(r, 100));
      expect(heard).toEqual([1_234]);
    });
    await until(() => heard.length === 2);
    expect(heard).toEqual([1_234, 1_234]);

    const pool = (t.db as unknown as { $client: pg.Pool }).$client;
    await pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
    );
    await until(() => heard.length === 3);
    expect(heard[2]).toBeUndefined();
    stop();
    await t.services.notices.lotEndSet({ id: 5, endsAt: 99 });
    await new Promise((r) => setTimeout(r, 100));
    expect(heard).toHaveLength(3);
  });
});
