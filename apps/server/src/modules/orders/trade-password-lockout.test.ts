import { beforeAll, describe, expect, it } from 'vitest';
import {
  createProduct,
  createTestApp,
  fund,
  memberWithTradePassword,
  operatorToken,
  type TestApp,
} from '../../test/harness.js';

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await createTestApp();
  op = await operatorToken(t, 'operator');
  // Several payments of one member race here: room for three unpaid orders at once.
  const admin = await operatorToken(t, 'admin');
  await t.call('PUT', '/v1/admin/settings', { token: admin, body: { maxUnpaidOrders: 3 } });
});

async function pendingOrder(token: string) {
  const p = await createProduct(t, op, { price: 50_000, marketPrice: 60_000, stock: 3 });
  const r = await t.call('POST', '/v1/iyd/order/create', {
    token,
    body: { items: [{ productId: p.id, quantity: 1 }] },
  });
  return r.data.id as number;
}

const confirm = (token: string, id: number, tradePassword: string) =>
  t.call('POST', '/v1/iyd/order/confirm', { token, body: { id, tradePassword } });

const balanceOf = async (token: string) =>
  (await t.call('GET', '/v1/iyd/member/info', { token })).data.balance as number;

describe('the trade password under parallel guesses', () => {
  it('judges 5 of 30 parallel wrong guesses and refuses the rest; then the right one is refused and pays nothing', async () => {
    const m = await memberWithTradePassword(t, '135790');
    await fund(t, m.id, 100_000);
    const id = await pendingOrder(m.token);

    const answers = await Promise.all(Array.from({ length: 30 }, () => confirm(m.token, id, '000000')));

    expect(answers.every((r) => r.status === 422)).toBe(true);
    const wrong = answers.filter((r) => r.data.reason === 'TRADE_PASSWORD_WRONG');
    const locked = answers.filter((r) => r.data.reason === 'TRADE_PASSWORD_LOCKED');
    // Judged: four answered wrong with the tries left, the fifth with the lock it started
    // (`remaining: 0`, as one at a time); 25 refused without being judged.
    expect(wrong.map((r) => r.data.remaining as number).sort()).toEqual([1, 2, 3, 4]);
    expect(locked.filter((r) => r.data.remaining === 0)).toHaveLength(1);
    expect(locked.filter((r) => r.data.remaining === undefined)).toHaveLength(25);
    expect(locked.every((r) => r.data.retryAfter > 0)).toBe(true);

    const right = await confirm(m.token, id, '135790');
    expect(right.data).toMatchObject({ reason: 'TRADE_PASSWORD_LOCKED' });
    expect(right.data.retryAfter).toBeGreaterThan(25 * 60);
    expect(await balanceOf(m.token)).toBe(100_000);
    expect((await t.call('GET', '/v1/iyd/order/info', { token: m.token, query: { id } })).data.status).toBe('pending');

    t.clock.advance(30 * 60_000 + 1000);
    const later = await pendingOrder(m.token);
    expect((await confirm(m.token, later, '135790')).data.status).toBe('paid');
    expect(await balanceOf(m.token)).toBe(50_000);
  });

  it('lets one wrong guess among parallel right payments cost nothing but a try', async () => {
    const m = await memberWithTradePassword(t, '246801');
    await fund(t, m.id, 200_000);
    const ids = await Promise.all([pendingOrder(m.token), pendingOrder(m.token), pendingOrder(m.token)]);
    const [a, b, c, wrong] = await Promise.all([
      confirm(m.token, ids[0]!, '246801'),
      confirm(m.token, ids[1]!, '246801'),
      confirm(m.token, ids[2]!, '246801'),
      confirm(m.token, ids[0]!, '000000'),
    ]);
    expect([a, b, c].map((r) => r.data.status)).toEqual(['paid', 'paid', 'paid']);
    expect(wrong.data.reason).toBe('TRADE_PASSWORD_WRONG');
    expect(await balanceOf(m.token)).toBe(50_000);
  });
});
