import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MIGRATIONS_DIR } from './client.js';

const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
  entries: { idx: number; tag: string }[];
};
const statementsOf = (tag: string) =>
  fs
    .readFileSync(path.join(MIGRATIONS_DIR, `${tag}.sql`), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);

const name = `m_${crypto.randomBytes(6).toString('hex')}`;
let db: pg.Client;

async function apply(tag: string) {
  for (const statement of statementsOf(tag)) await db.query(statement);
}

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(inject('pgAdminUrl'));
  u.pathname = `/${name}`;
  db = new pg.Client({ connectionString: u.toString() });
  await db.connect();
});

afterAll(async () => {
  await db.end();
  const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

describe('0003_stored_codes on a database with data', () => {
  it('turns the old cancel reason into its code and leaves the ledger as it was', async () => {
    for (const e of journal.entries.filter((x) => x.tag < '0003')) await apply(e.tag);
    await db.query(`INSERT INTO members (phone, password_hash, nickname, invite_code, created_at)
      VALUES ('13900000000', 'x', 'm', 'AAAAAA', now())`);
    await db.query(`INSERT INTO orders (order_no, member_id, source, status, cancel_reason, goods_amount, amount,
      expires_at, created_at) VALUES
      ('1', 1, 'mall', 'cancelled', '超时未支付', 100, 100, now(), now()),
      ('2', 1, 'mall', 'paid', NULL, 100, 100, now(), now())`);
    await db.query(`INSERT INTO ledger_entries (member_id, type, amount, frozen_amount, balance_after, frozen_after,
      remark, created_at) VALUES (1, 'payment', -100, 0, 0, 0, '订单 1', now())`);

    await apply('0003_stored_codes');

    const orders = await db.query('SELECT order_no, cancel_reason FROM orders ORDER BY order_no');
    expect(orders.rows).toEqual([
      { order_no: '1', cancel_reason: 'PAYMENT_TIMEOUT' },
      { order_no: '2', cancel_reason: null },
    ]);
    const ledger = await db.query('SELECT remark, memo_code, memo_params FROM ledger_entries');
    expect(ledger.rows).toEqual([{ remark: '订单 1', memo_code: null, memo_params: null }]);
  });
});
