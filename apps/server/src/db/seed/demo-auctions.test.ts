import { DEMO_LIVE_LOTS, DEMO_UPCOMING_LOTS, demoBidders } from '@antique/demo';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createTestApp, operatorToken, type TestApp } from '../../test/harness.js';
import { runDemoAuctions } from './demo.seed.js';

let t: TestApp;
const inventory: number[] = [];
beforeAll(async () => {
  t = await createTestApp();
  const op = await operatorToken(t);
  // The house's pieces kept out of the mall for its auctions: 18 units in all.
  for (let i = 0; i < 3; i++) {
    const p = await createProduct(t, op, {
      title: `演示拍品 ${i}`,
      price: 200_000 + i * 100_000,
      marketPrice: 900_000,
      stock: 6,
      onSale: false,
    });
    inventory.push(p.id);
  }
});

const unitsInStock = async () => {
  let n = 0;
  for (const id of inventory) n += (await t.services.catalogue.adminProduct(id)).stock;
  return n;
};

const list = (status: string) =>
  t.call('GET', '/v1/iyd/auction/list', { query: { status, pageSize: 50 } }).then((r) => r.data);

describe('the demo’s rolling auction schedule', () => {
  it('on a first start: live lots with bids from demo collectors, upcoming ones, and soon ended ones sold and unsold', async () => {
    const first = await runDemoAuctions(t.services);
    expect(first.bids).toBeGreaterThan(0);
    // Each lot took one unit of the house's inventory: no piece is in two places.
    expect(await unitsInStock()).toBe(18 - first.lots);
    const live = await list('live');
    expect(live.total).toBeGreaterThanOrEqual(DEMO_LIVE_LOTS);
    expect(live.list.filter((l: { bidCount: number }) => l.bidCount > 0).length).toBeGreaterThanOrEqual(2);
    expect((await list('upcoming')).total).toBe(DEMO_UPCOMING_LOTS);
    expect(live.sessions.length).toBeGreaterThan(0);

    t.clock.advance(5 * 60_000);
    await t.services.lotCloseFlow.closeDue();
    const ended = await list('ended');
    const statuses = ended.list.map((l: { status: string }) => l.status);
    expect(statuses).toContain('sold');
    expect(statuses).toContain('unsold');
    // The next turn pays what the demo collectors won, tops the live lots up again.
    const next = await runDemoAuctions(t.services);
    expect(next.paid).toBeGreaterThanOrEqual(1);
    expect((await list('live')).total).toBeGreaterThanOrEqual(DEMO_LIVE_LOTS);
    expect((await t.services.wallet.reconcile()).ok).toBe(true);
  });

  it('never bids on an operator’s own lots', async () => {
    const op = await operatorToken(t);
    const piece = await createProduct(t, op, { title: '运营自建拍品', stock: 1, onSale: false });
    const now = t.clock.now();
    const mine = await t.call('POST', '/v1/admin/lots', {
      token: op,
      body: { productId: piece.id, startPrice: 10_000, startsAt: now, endsAt: now + 3_600_000 },
    });
    expect(mine.code).toBe(200);
    for (let i = 0; i < 5; i++) await runDemoAuctions(t.services);
    const info = await t.call('GET', '/v1/iyd/auction/info', { query: { id: mine.data.id } });
    expect(info.data.bidCount).toBe(0);
  });

  it('a week later: the old lots close, new live and upcoming ones open', async () => {
    t.clock.advance(7 * 86_400_000);
    await t.services.lotCloseFlow.closeDue();
    expect((await list('live')).total).toBe(0);
    await runDemoAuctions(t.services);
    const live = await list('live');
    expect(live.total).toBeGreaterThanOrEqual(DEMO_LIVE_LOTS);
    expect(live.list.every((l: { endsAt: number }) => l.endsAt > t.clock.now())).toBe(true);
    expect((await list('upcoming')).total).toBeGreaterThanOrEqual(DEMO_UPCOMING_LOTS);
    expect((await list('ended')).total).toBeGreaterThan(3);
    // Pieces the collectors won earlier go up again, consigned, once the house's own run short.
    for (let i = 0; i < 6; i++) {
      t.clock.advance(86_400_000);
      await t.services.lotCloseFlow.closeDue();
      await runDemoAuctions(t.services);
    }
    expect((await list('live')).total).toBeGreaterThanOrEqual(DEMO_LIVE_LOTS);
    const consigned = await t.call('GET', '/v1/iyd/auction/list', { query: { status: 'live', pageSize: 50 } });
    expect(consigned.data.list.some((l: { consigned: boolean }) => l.consigned)).toBe(true);
    expect((await t.services.wallet.reconcile()).ok).toBe(true);
    // The demo collectors exist once each, verified.
    for (const b of demoBidders) expect(await t.services.members.idsByPhone(b.phone)).toHaveLength(1);
  });
});
