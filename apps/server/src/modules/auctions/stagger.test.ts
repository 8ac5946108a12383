import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { adminToken, bid, houseLot, PICTURE, verifiedBidder } from '../../test/auction-fixtures.js';

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await createTestApp();
  op = await adminToken(t);
});

const HOUR = 3_600_000;
const endOf = async (id: number) =>
  (await t.call('GET', '/v1/iyd/auction/info', { query: { id } })).data.endsAt as number;
const session = (body: Record<string, unknown>) => ({ title: '明清瓷器专场', cover: PICTURE, ...body });

describe('staggered endings', () => {
  it('end a session’s lots one after another, lots added later too, soft close extending one lot only', async () => {
    const bad = await t.call('POST', '/v1/admin/sessions', {
      token: op,
      body: session({ startsAt: t.clock.now(), staggerSeconds: 3601 }),
    });
    expect([bad.status, bad.data.field]).toEqual([400, 'staggerSeconds']);
    const made = await t.call('POST', '/v1/admin/sessions', {
      token: op,
      body: session({ startsAt: t.clock.now(), staggerSeconds: 60 }),
    });
    expect(made.data).toMatchObject({ staggerSeconds: 60 });
    const sessionId = made.data.id as number;

    const lots = [];
    for (let i = 0; i < 3; i++) lots.push(await houseLot(t, op, { sessionId, endsIn: HOUR }));
    const first = await endOf(lots[0]!.id);
    expect(await Promise.all(lots.map((l) => endOf(l.id)))).toEqual([first, first + 60_000, first + 120_000]);

    // An edit without the stagger keeps it; a new stagger puts the lots in their new slots.
    const kept = await t.call('PUT', `/v1/admin/sessions/${sessionId}`, {
      token: op,
      body: session({ title: '明清瓷器专场（二）', startsAt: made.data.startsAt }),
    });
    expect(kept.data).toMatchObject({ title: '明清瓷器专场（二）', staggerSeconds: 60 });
    const changed = await t.call('PUT', `/v1/admin/sessions/${sessionId}`, {
      token: op,
      body: session({ startsAt: made.data.startsAt, staggerSeconds: 120 }),
    });
    expect(changed.data.staggerSeconds).toBe(120);
    expect(await Promise.all(lots.map((l) => endOf(l.id)))).toEqual([first, first + 120_000, first + 240_000]);

    // A lot added later takes the slot after the last one, whatever end it was given.
    const later = await houseLot(t, op, { sessionId, endsIn: 2 * HOUR });
    lots.push(later);
    expect(await endOf(later.id)).toBe(first + 360_000);
    const listed = await t.call('GET', '/v1/iyd/auction/list', { query: { sessionId, pageSize: 20 } });
    expect(listed.data.sessions.find((s: { id: number }) => s.id === sessionId)).toMatchObject({ staggerSeconds: 120 });

    // A bid in the second lot's last two minutes extends that lot alone.
    const bidder = await verifiedBidder(t);
    t.clock.set(first + 120_000 - 30_000);
    const placed = await bid(t, bidder.token, lots[1]!.id, 150_000);
    expect(placed.code).toBe(200);
    const extended = await endOf(lots[1]!.id);
    expect(extended).toBeGreaterThan(first + 120_000);
    expect(await Promise.all(lots.map((l) => endOf(l.id)))).toEqual([
      first,
      extended,
      first + 240_000,
      first + 360_000,
    ]);

    // They close one after another.
    t.clock.set(first + 1_000);
    await t.services.lotCloseFlow.closeDue();
    const statuses = async () =>
      Promise.all(
        lots.map(
          async (l) => (await t.call('GET', '/v1/iyd/auction/info', { query: { id: l.id } })).data.status as string,
        ),
      );
    expect(await statuses()).toEqual(['unsold', 'live', 'live', 'live']);
    t.clock.set(first + 240_000 + 1_000);
    await t.services.lotCloseFlow.closeDue();
    expect(await statuses()).toEqual(['unsold', 'sold', 'unsold', 'live']);
  });
});
