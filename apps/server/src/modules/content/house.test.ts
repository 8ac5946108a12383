import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, operatorToken, type TestApp } from '../../test/harness.js';
import { bid, houseLot, verifiedBidder } from '../../test/auction-fixtures.js';

let t: TestApp;
let op: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  op = await operatorToken(t, 'operator');
  admin = await operatorToken(t, 'admin');
  // As every start does: the house's rules, 关于本行 among them.
  await t.services.content.seedRules();
});

const house = () => t.call('GET', '/v1/iyd/house');
const about = () => t.call('GET', '/v1/iyd/rule', { query: { id: 'about' } });

/** Ends every open lot now (the close job's work). */
async function closeAll(lots: { id: number }[]) {
  let last = 0;
  for (const l of lots) {
    const info = await t.call('GET', '/v1/iyd/auction/info', { query: { id: l.id } });
    last = Math.max(last, info.data.endsAt as number);
  }
  if (last > t.clock.now()) t.clock.set(last);
  while ((await t.services.lotCloseFlow.closeDue()) > 0);
}

describe('关于本行', () => {
  it('counts the last 12 months from the lots: sold, sell-through, total hammer; the rule reads the same', async () => {
    const empty = await house();
    expect(empty.code).toBe(200);
    expect(empty.data.figures).toMatchObject({ sold: 0, unsold: 0, sellThroughBps: 0, totalHammer: 0 });

    // Three sold (hammers 100,000, 125,000 and 245,000 fen: one step above the underbidder), two unsold.
    const a = await verifiedBidder(t);
    const b = await verifiedBidder(t);
    const sold = await Promise.all([houseLot(t, op), houseLot(t, op), houseLot(t, op)]);
    const unsold = await Promise.all([houseLot(t, op), houseLot(t, op, { reservePrice: 900_000 })]);
    expect((await bid(t, a.token, sold[0]!.id, 100_000)).code).toBe(200);
    expect((await bid(t, a.token, sold[1]!.id, 150_000)).code).toBe(200);
    expect((await bid(t, b.token, sold[1]!.id, 120_000)).code).toBe(200);
    expect((await bid(t, b.token, sold[2]!.id, 250_000)).code).toBe(200);
    expect((await bid(t, a.token, sold[2]!.id, 240_000)).code).toBe(200);
    expect((await bid(t, a.token, unsold[1]!.id, 200_000)).code).toBe(200);
    await closeAll([...sold, ...unsold]);

    const statuses = await Promise.all(
      [...sold, ...unsold].map(
        async (l) => (await t.call('GET', '/v1/iyd/auction/info', { query: { id: l.id } })).data,
      ),
    );
    expect(statuses.map((s) => s.status)).toEqual(['sold', 'sold', 'sold', 'unsold', 'unsold']);
    const hammer = statuses.filter((s) => s.status === 'sold').reduce((sum, s) => sum + (s.currentPrice as number), 0);
    expect(hammer).toBe(100_000 + 125_000 + 245_000);

    const r = await house();
    expect(r.data.figures).toMatchObject({ sold: 3, unsold: 2, sellThroughBps: 6000, totalHammer: hammer });
    expect(r.data).toMatchObject({ company: '拾古拍卖', guaranteeDays: 7 });

    const rule = await about();
    expect(rule.data.title).toBe('关于本行');
    expect(rule.data.content).toContain('成交拍品 <strong>3</strong> 件');
    expect(rule.data.content).toContain('成交率 <strong>60%</strong>');
    expect(rule.data.content).toContain('成交总额 <strong>4,700</strong> 元');
    expect(rule.data.content).toContain('收到藏品后 7 天内');
    expect(rule.data.content).not.toMatch(/\{\{/);

    // A year and a day later, those lots are out of the window.
    t.clock.advance(366 * 86_400_000);
    expect((await house()).data.figures).toMatchObject({ sold: 0, unsold: 0, sellThroughBps: 0, totalHammer: 0 });
    expect((await about()).data.content).toContain('成交拍品 <strong>0</strong> 件');
  });

  it('reads the particulars operators keep in the settings, and the guarantee’s days', async () => {
    // Signed in afresh: the test before moved the clock a year on.
    admin = await operatorToken(t, 'admin');
    op = await operatorToken(t, 'operator');
    const saved = await t.call('PUT', '/v1/admin/settings', {
      token: admin,
      body: {
        house: { company: '拾古拍卖有限公司', licence: '沪拍 2019-0088', foundedYear: 2019, address: '上海市黄浦区' },
        guaranteeDays: 10,
      },
    });
    expect(saved.code).toBe(200);
    const r = await house();
    const year = Number(new Date(t.clock.now() + 8 * 3_600_000).toISOString().slice(0, 4));
    expect(r.data).toMatchObject({
      company: '拾古拍卖有限公司',
      licence: '沪拍 2019-0088',
      foundedYear: 2019,
      years: year - 2019,
      address: '上海市黄浦区',
      guaranteeDays: 10,
    });
    const rule = (await about()).data.content as string;
    expect(rule).toContain('<h3>拾古拍卖有限公司</h3>');
    expect(rule).toContain(`创立于 2019 年（${year - 2019} 年）`);
    expect(rule).toContain('收到藏品后 10 天内');

    const bad = await t.call('PUT', '/v1/admin/settings', {
      token: admin,
      body: { house: { company: '', licence: '', foundedYear: 1800, address: '' } },
    });
    expect(bad.status).toBe(400);
    expect((await house()).data.company).toBe('拾古拍卖有限公司');
    // Open to guests: no token was sent above. Operators (not admins) may not change it.
    expect((await t.call('PUT', '/v1/admin/settings', { token: op, body: { house: saved.data.house } })).status).toBe(
      403,
    );
  });
});
