import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestHashOf } from '../../http/idempotency.js';
import {
  createProduct,
  createTestApp,
  fund,
  memberWithTradePassword,
  operatorToken,
  type TestApp,
} from '../../test/harness.js';
import { createIdempotencyRepository } from './idempotency.repository.js';

const LEASE_CLASS = 727201;
let t: TestApp;
let op: string;
let pool: pg.Pool;
beforeAll(async () => {
  t = await createTestApp();
  op = await operatorToken(t, 'operator');
  pool = (t.db as unknown as { $client: pg.Pool }).$client;
});

/** Another server process: its lease is a session lock on a connection of its own; ending the connection is its crash. */
async function otherProcess(owner: number) {
  const client = new pg.Client(pool.options);
  await client.connect();
  await client.query('SELECT pg_advisory_lock($1, $2)', [LEASE_CLASS, owner]);
  return { crash: () => client.end() };
}
const crashes: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(crashes.map((c) => c()));
});

async function member() {
  const m = await memberWithTradePassword(t, '135790');
  await fund(t, m.id, 100_000);
  const p = await createProduct(t, op, { price: 30_000, marketPrice: 40_000, stock: 5 });
  const order = await t.call('POST', '/v1/iyd/order/create', {
    token: m.token,
    body: { items: [{ productId: p.id, quantity: 1 }] },
  });
  return { ...m, orderId: order.data.id as number, productId: p.id };
}

const confirmBody = (orderId: number) => ({ id: orderId, tradePassword: '135790' });
const confirm = (token: string, key: string, orderId: number) =>
  t.call('POST', '/v1/iyd/order/confirm', { token, body: confirmBody(orderId), headers: { 'idempotency-key': key } });

/** The row a first call leaves when its process dies before answering: the key claimed, no answer, its owner's lease. */
async function leftByDeadCall(memberId: number, key: string, orderId: number, owner: number) {
  const claimed = await createIdempotencyRepository(t.db).claim({
    scope: `member:${memberId}`,
    key,
    requestHash: requestHashOf({
      method: 'POST',
      route: '/v1/iyd/order/confirm',
      params: {},
      body: confirmBody(orderId),
    }),
    createdAt: new Date(t.clock.now() - 1000),
    owner,
  });
  expect(claimed).toBe(true);
}

const balanceOf = async (token: string) =>
  (await t.call('GET', '/v1/iyd/member/info', { token })).data.balance as number;
const billsOf = async (token: string) =>
  (await t.call('GET', '/v1/iyd/asset/bill', { token, query: { page: 1, pageSize: 50 } })).data.list as {
    type: string;
  }[];

describe('Idempotency-Key after a crash', () => {
  it('carries out a call whose first attempt died unanswered, at once and once', async () => {
    const m = await member();
    await leftByDeadCall(m.id, 'crash-before-commit', m.orderId, 987_654_321);

    const retry = await confirm(m.token, 'crash-before-commit', m.orderId);
    expect([retry.code, retry.data.status]).toEqual([200, 'paid']);
    const again = await confirm(m.token, 'crash-before-commit', m.orderId);
    expect(again.data).toEqual(retry.data);
    expect(await balanceOf(m.token)).toBe(70_000);
    expect((await billsOf(m.token)).filter((b) => b.type === 'payment')).toHaveLength(1);
  });

  it('gives a retry the committed result when the first call died after paying', async () => {
    const m = await member();
    const first = await confirm(m.token, 'crash-after-commit', m.orderId);
    expect(first.data.status).toBe('paid');
    // The process dies between the payment's commit and the stored answer.
    await pool.query(
      `UPDATE idempotency_keys SET status_code = NULL, response = NULL, owner = 987654322 WHERE key = 'crash-after-commit'`,
    );
    const retry = await confirm(m.token, 'crash-after-commit', m.orderId);
    expect([retry.code, retry.data.id, retry.data.status]).toEqual([200, m.orderId, 'paid']);
    expect(await balanceOf(m.token)).toBe(70_000);
  });

  it('gives a retry the order already placed when the first create died after its commit', async () => {
    const m = await member();
    const body = { items: [{ productId: m.productId, quantity: 1 }] };
    const create = () =>
      t.call('POST', '/v1/iyd/order/create', { token: m.token, body, headers: { 'idempotency-key': 'create-lost' } });
    const first = await create();
    expect(first.code).toBe(200);
    await pool.query(
      `UPDATE idempotency_keys SET status_code = NULL, response = NULL, owner = 987654325 WHERE key = 'create-lost'`,
    );
    const retry = await create();
    expect([retry.code, retry.data.id, retry.data.orderNo]).toEqual([200, first.data.id, first.data.orderNo]);
    const list = await t.call('GET', '/v1/iyd/order/list', { token: m.token, query: { page: 1, pageSize: 10 } });
    expect(list.data.total).toBe(2);
    const product = await t.call('GET', '/v1/iyd/product/info', { query: { id: m.productId } });
    expect(product.data.stock).toBe(3);
  });

  it('records an operator deposit once when its answer was lost after the commit', async () => {
    const m = await member();
    const admin = await operatorToken(t, 'admin');
    const deposit = () =>
      t.call('POST', `/v1/admin/members/${m.id}/deposit`, {
        token: admin,
        body: { amount: 5_000, remark: 'bank transfer 0042' },
        headers: { 'idempotency-key': 'deposit-lost' },
      });
    const first = await deposit();
    expect(first.code).toBe(200);
    await pool.query(
      `UPDATE idempotency_keys SET status_code = NULL, response = NULL, owner = 987654326 WHERE key = 'deposit-lost'`,
    );
    const retry = await deposit();
    expect([retry.code, retry.data.id, retry.data.balanceAfter]).toEqual([200, first.data.id, 105_000]);
    expect(await balanceOf(m.token)).toBe(105_000);
    expect((await billsOf(m.token)).filter((b) => b.type === 'deposit')).toHaveLength(2);
    const audit = await t.call('GET', '/v1/admin/audit', {
      token: admin,
      query: { action: 'member.deposit', page: 1, pageSize: 50 },
    });
    const mine = (audit.data.list as { targetId: string | null }[]).filter((a) => a.targetId === String(m.id));
    expect(mine).toHaveLength(2);
  });

  it('waits while the first call’s process lives, and carries the call out once that process is gone', async () => {
    const m = await member();
    const owner = 987_654_323;
    const other = await otherProcess(owner);
    crashes.push(other.crash);
    await leftByDeadCall(m.id, 'crash-while-waiting', m.orderId, owner);

    let settled = false;
    const retry = confirm(m.token, 'crash-while-waiting', m.orderId).finally(() => {
      settled = true;
    });
    await new Promise((r) => setTimeout(r, 400));
    expect(settled).toBe(false);
    expect(await balanceOf(m.token)).toBe(100_000);

    await other.crash();
    const r = await retry;
    expect([r.code, r.data.status]).toEqual([200, 'paid']);
    expect(await balanceOf(m.token)).toBe(70_000);
  });

  it('runs a key once when 8 retries race for a dead owner’s key', async () => {
    const m = await member();
    const body = { items: [{ productId: m.productId, quantity: 1 }] };
    const createKey = 'dead-create';
    await createIdempotencyRepository(t.db).claim({
      scope: `member:${m.id}`,
      key: createKey,
      requestHash: requestHashOf({ method: 'POST', route: '/v1/iyd/order/create', params: {}, body }),
      createdAt: new Date(t.clock.now() - 1000),
      owner: 987_654_324,
    });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.call('POST', '/v1/iyd/order/create', { token: m.token, body, headers: { 'idempotency-key': createKey } }),
      ),
    );
    expect(answers.map((r) => r.code)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((r) => r.data.id)).size).toBe(1);
    const list = await t.call('GET', '/v1/iyd/order/list', { token: m.token, query: { page: 1, pageSize: 10 } });
    expect(list.data.total).toBe(2);
  });

  it('still runs a live concurrent duplicate once', async () => {
    const m = await member();
    const body = { items: [{ productId: m.productId, quantity: 2 }] };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.call('POST', '/v1/iyd/order/create', {
          token: m.token,
          body,
          headers: { 'idempotency-key': 'live-duplicate' },
        }),
      ),
    );
    expect(answers.map((r) => r.code)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((r) => r.data.id)).size).toBe(1);
    const list = await t.call('GET', '/v1/iyd/order/list', { token: m.token, query: { page: 1, pageSize: 10 } });
    expect(list.data.total).toBe(2);
  });
});
