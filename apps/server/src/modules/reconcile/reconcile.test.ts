import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePay, type FakePay } from '../../test/fake-pay-provider.js';
import { createTestApp, operatorToken, registerMember, type TestApp } from '../../test/harness.js';

let fake: FakePay;
let t: TestApp;
let pool: pg.Pool;
let finance: string;
beforeAll(async () => {
  fake = await startFakePay();
  t = await createTestApp(fake.env);
  pool = (t.db as unknown as { $client: pg.Pool }).$client;
  finance = await operatorToken(t, 'finance');
});
afterAll(async () => {
  await fake.close();
});

const reconcile = async () => (await t.call('GET', '/v1/admin/reconcile', { token: finance })).data;

/** A member's Alipay top-up, paid at the (fake) provider and its notice received. */
async function paidTopUp(amount: number) {
  const m = await registerMember(t);
  const r = await t.call('POST', '/v1/iyd/asset/recharge', { token: m.token, body: { amount, channel: 'alipay' } });
  expect(r.code, r.msg).toBe(200);
  fake.openAlipayPage(r.data.payUrl as string);
  fake.pay(r.data.no);
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/pay/alipay/notify',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    payload: fake.alipayNotice(r.data.no),
  });
  expect(res.body).toBe('success');
  return { member: m, recharge: r.data as { id: number; no: string } };
}

describe('reconciliation', () => {
  it('finds every paid top-up credited once, for its amount, to its member', async () => {
    await paidTopUp(10_000);
    await paidTopUp(25_050);
    const r = await reconcile();
    expect(r).toMatchObject({ ok: true, mismatches: [], recharges: { paid: 2, mismatches: [] } });
  });

  it('names a paid top-up the ledger does not match, and a credit that no top-up paid', async () => {
    const { member, recharge } = await paidTopUp(30_000);
    // A recharge row changed behind the ledger's back (the ledger itself is append-only).
    await pool.query('UPDATE recharges SET amount = amount + 1 WHERE id = $1', [recharge.id]);
    // A credit written as a top-up that refers to no paid recharge, its wallet kept equal.
    await pool.query(
      `INSERT INTO ledger_entries (member_id, type, amount, frozen_amount, balance_after, frozen_after, ref_type, ref_id, created_at)
       SELECT member_id, 'recharge', 700, 0, balance + 700, frozen, 'recharge', 987654, now() FROM wallets WHERE member_id = $1`,
      [member.id],
    );
    await pool.query('UPDATE wallets SET balance = balance + 700 WHERE member_id = $1', [member.id]);

    const r = await reconcile();
    expect(r.ok).toBe(false);
    expect(r.mismatches).toEqual([]);
    expect(r.recharges.mismatches).toEqual([
      { rechargeId: recharge.id, no: recharge.no, memberId: member.id, amount: 30_001, credited: 30_000, entries: 1 },
      { rechargeId: 987654, no: null, memberId: member.id, amount: 0, credited: 700, entries: 1 },
    ]);
  });
});
