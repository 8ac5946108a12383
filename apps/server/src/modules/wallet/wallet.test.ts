import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, operatorToken, registerMember, type TestApp } from '../../test/harness.js';

let t: TestApp;
let finance: string;
beforeAll(async () => {
  t = await createTestApp();
  finance = await operatorToken(t, 'finance');
});

describe('wallet and ledger', () => {
  it('an operator deposit credits the balance, writes a bill and an audit entry', async () => {
    const m = await registerMember(t);
    const r = await t.call('POST', `/v1/admin/members/${m.id}/deposit`, {
      token: finance,
      body: { amount: 123_456, remark: '工行转账 尾号8821' },
    });
    expect(r.data).toMatchObject({
      type: 'deposit',
      amount: 123_456,
      frozenAmount: 0,
      balanceAfter: 123_456,
      frozenAfter: 0,
      remark: '',
      memoCode: 'BANK_DEPOSIT',
      internalNote: '工行转账 尾号8821',
      memberId: m.id,
    });
    const info = await t.call('GET', '/v1/iyd/member/info', { token: m.token });
    expect(info.data).toMatchObject({ balance: 123_456, frozen: 0 });
    const ledger = await t.call('GET', '/v1/admin/ledger', { token: finance, query: { memberId: m.id } });
    expect(ledger.data.total).toBe(1);
    const admin = await operatorToken(t);
    const audit = await t.call('GET', '/v1/admin/audit', { token: admin, query: { action: 'member.deposit' } });
    expect(audit.data.list[0]).toMatchObject({ targetId: String(m.id), after: { amount: 123_456 } });
  });

  it('refuses amounts that are not a positive whole number of fen, and changes nothing', async () => {
    const m = await registerMember(t);
    for (const amount of [0, -100, 12.5, '100', 1_000_000_001]) {
      const r = await t.call('POST', `/v1/admin/members/${m.id}/deposit`, {
        token: finance,
        body: { amount, remark: 'x' },
      });
      expect(r.status).toBe(400);
      expect(r.data.field).toBe('amount');
    }
    const missing = await t.call('POST', `/v1/admin/members/999999/deposit`, {
      token: finance,
      body: { amount: 100, remark: 'x' },
    });
    expect(missing.status).toBe(404);
    expect((await t.call('GET', '/v1/iyd/member/info', { token: m.token })).data.balance).toBe(0);
  });

  it('honours Idempotency-Key: a repeat deposits once, another body with the key is refused', async () => {
    const m = await registerMember(t);
    const headers = { 'idempotency-key': `dep-${m.id}` };
    const a = await t.call('POST', `/v1/admin/members/${m.id}/deposit`, {
      token: finance,
      headers,
      body: { amount: 10_000, remark: '到账' },
    });
    const b = await t.call('POST', `/v1/admin/members/${m.id}/deposit`, {
      token: finance,
      headers,
      body: { amount: 10_000, remark: '到账' },
    });
    expect(b.data).toEqual(a.data);
    const c = await t.call('POST', `/v1/admin/members/${m.id}/deposit`, {
      token: finance,
      headers,
      body: { amount: 20_000, remark: '到账' },
    });
    expect([c.status, c.data.reason]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect((await t.call('GET', '/v1/iyd/member/info', { token: m.token })).data.balance).toBe(10_000);
  });

  it('concurrent deposits and debits keep every wallet equal to its entries', async () => {
    const people = await Promise.all([registerMember(t), registerMember(t), registerMember(t)]);
    const calls = [];
    for (let i = 0; i < 60; i++) {
      const m = people[i % 3]!;
      calls.push(
        t.call('POST', `/v1/admin/members/${m.id}/deposit`, {
          token: finance,
          // Every tenth call is a retry storm: the same key and body, twice per member at once.
          headers: i % 10 === 0 ? { 'idempotency-key': `race-${m.id}` } : {},
          body: i % 10 === 0 ? { amount: 1_000, remark: '重试' } : { amount: 100 + i, remark: `并发 ${i}` },
        }),
      );
    }
    const results = await Promise.all(calls);
    expect(results.every((r) => r.code === 200)).toBe(true);
    // Debits race too: each takes 50 fen and may never overdraw.
    const debits = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        t.db.transaction((tx) =>
          t.services.wallet.move(tx, { memberId: people[i % 3]!.id, type: 'adjustment', amount: -50 }),
        ),
      ),
    );
    expect(debits.every((d) => d.status === 'fulfilled')).toBe(true);
    const rec = await t.call('GET', '/v1/admin/reconcile', { token: finance });
    expect(rec.data.ok).toBe(true);
    expect(rec.data.mismatches).toEqual([]);
    const total = (
      await Promise.all(people.map((p) => t.call('GET', '/v1/iyd/member/info', { token: p.token })))
    ).reduce((s, r) => s + (r.data.balance as number), 0);
    const plain = Array.from({ length: 60 }, (_, i) => i).filter((i) => i % 10 !== 0);
    const deposited = plain.reduce((s, i) => s + 100 + i, 0) + 3 * 1_000;
    expect(total).toBe(deposited - 30 * 50);
  });

  it('never lets a balance go below zero', async () => {
    const m = await registerMember(t);
    await expect(
      t.db.transaction((tx) => t.services.wallet.move(tx, { memberId: m.id, type: 'payment', amount: -1 })),
    ).rejects.toMatchObject({ reason: 'INSUFFICIENT_BALANCE' });
    expect((await t.call('GET', '/v1/admin/ledger', { token: finance, query: { memberId: m.id } })).data.total).toBe(0);
  });

  it('moves several wallets in one statement, each with its entry, or none when one is short', async () => {
    const [a, b] = [await registerMember(t), await registerMember(t)];
    await t.services.wallet.deposit(null, a.id, { amount: 50_000 });
    await t.services.wallet.deposit(null, b.id, { amount: 8_000 });
    const freeze = (amounts: [number, number]) =>
      t.db.transaction(async (tx) => {
        const locked = await t.services.wallet.lockAvailable(tx, [a.id, b.id, 999_999]);
        expect(locked.get(999_999)).toBe(0);
        await t.services.wallet.moveMany(tx, {
          type: 'bid_deposit_freeze',
          refType: 'lot',
          refId: 1,
          moves: [
            { memberId: a.id, amount: -amounts[0], frozenAmount: amounts[0] },
            { memberId: b.id, amount: -amounts[1], frozenAmount: amounts[1] },
          ],
        });
        return locked;
      });
    await expect(freeze([20_000, 9_000])).rejects.toMatchObject({ reason: 'INSUFFICIENT_BALANCE' });
    expect(await t.services.wallet.summary(a.id)).toEqual({ balance: 50_000, frozen: 0 });
    const before = await freeze([20_000, 8_000]);
    expect([before.get(a.id), before.get(b.id)]).toEqual([50_000, 8_000]);
    expect(await t.services.wallet.summary(a.id)).toEqual({ balance: 30_000, frozen: 20_000 });
    expect(await t.services.wallet.summary(b.id)).toEqual({ balance: 0, frozen: 8_000 });
    const bills = await t.services.wallet.bills({ memberId: b.id, type: 'bid_deposit_freeze', page: 1, pageSize: 5 });
    expect(bills.list).toMatchObject([{ amount: -8_000, frozenAmount: 8_000, balanceAfter: 0, frozenAfter: 8_000 }]);
    await expect(
      t.db.transaction((tx) =>
        t.services.wallet.moveMany(tx, {
          type: 'bid_deposit_freeze',
          moves: [
            { memberId: a.id, amount: -1, frozenAmount: 1 },
            { memberId: a.id, amount: -1, frozenAmount: 1 },
          ],
        }),
      ),
    ).rejects.toThrow(/invalid movements/);
    expect((await t.services.wallet.reconcile()).ok).toBe(true);
  });

  it('ledger entries cannot be changed or deleted', async () => {
    await expect(t.db.execute('UPDATE ledger_entries SET amount = 1')).rejects.toThrow();
    await expect(t.db.execute('DELETE FROM ledger_entries')).rejects.toThrow();
  });

  it('reconciliation finds a wallet that does not match its entries', async () => {
    const m = await registerMember(t);
    await t.call('POST', `/v1/admin/members/${m.id}/deposit`, { token: finance, body: { amount: 500, remark: 'x' } });
    await t.db.execute(`UPDATE wallets SET balance = balance + 1 WHERE member_id = ${m.id}`);
    const rec = await t.call('GET', '/v1/admin/reconcile', { token: finance });
    expect(rec.data.ok).toBe(false);
    expect(rec.data.mismatches).toEqual([
      { memberId: m.id, balance: 501, frozen: 0, entriesBalance: 500, entriesFrozen: 0 },
    ]);
    await t.db.execute(`UPDATE wallets SET balance = balance - 1 WHERE member_id = ${m.id}`);
  });
});

describe('a deposit’s internal note and the note for the member', () => {
  const INTERNAL = '工行流水 20261127-0001 张三';
  const deposit = (memberId: number, body: Record<string, unknown>) =>
    t.call('POST', `/v1/admin/members/${memberId}/deposit`, { token: finance, body: { amount: 10_000, ...body } });
  const memberBills = async (token: string) => (await t.call('GET', '/v1/iyd/asset/bill', { token })).data;
  const ledger = async (memberId: number) =>
    (await t.call('GET', '/v1/admin/ledger', { token: finance, query: { memberId } })).data.list;

  it('the member reads finance’s note to them, never the internal one; the console ledger has both', async () => {
    const m = await registerMember(t);
    const r = await deposit(m.id, { remark: INTERNAL, memberNote: ' 您 11 月 27 日的银行转账已到账 ' });
    expect(r.data).toMatchObject({ remark: '您 11 月 27 日的银行转账已到账', internalNote: INTERNAL });

    const bills = await memberBills(m.token);
    expect(bills.list).toHaveLength(1);
    expect(bills.list[0]).toMatchObject({ type: 'deposit', amount: 10_000, remark: '您 11 月 27 日的银行转账已到账' });
    expect(bills.list[0].memoCode).toBeUndefined();
    expect(JSON.stringify(bills)).not.toContain('工行流水');
    expect(JSON.stringify(bills)).not.toContain('internalNote');

    expect(await ledger(m.id)).toMatchObject([
      { memberId: m.id, remark: '您 11 月 27 日的银行转账已到账', internalNote: INTERNAL },
    ]);
  });

  it('without a note (or a blank one) the member reads the standard memo', async () => {
    const m = await registerMember(t);
    await deposit(m.id, { remark: INTERNAL });
    await deposit(m.id, { remark: `${INTERNAL} 补`, memberNote: '   ' });
    const bills = await memberBills(m.token);
    expect(bills.list).toMatchObject([
      { remark: '', memoCode: 'BANK_DEPOSIT' },
      { remark: '', memoCode: 'BANK_DEPOSIT' },
    ]);
    expect(JSON.stringify(bills)).not.toContain('工行流水');
    expect(await ledger(m.id)).toMatchObject([
      { remark: '', memoCode: 'BANK_DEPOSIT', internalNote: `${INTERNAL} 补` },
      { remark: '', memoCode: 'BANK_DEPOSIT', internalNote: INTERNAL },
    ]);
  });

  it('an entry written before the notes were apart keeps its row, and the member no longer reads its remark', async () => {
    const m = await registerMember(t);
    // As deposits were written until now: the operator's text in `remark`, no memo, no note.
    await t.db.transaction((tx) =>
      t.services.wallet.move(tx, { memberId: m.id, type: 'deposit', amount: 2_000, remark: INTERNAL, operatorId: 1 }),
    );
    const bills = await memberBills(m.token);
    expect(bills.list).toMatchObject([{ remark: '', memoCode: 'BANK_DEPOSIT', amount: 2_000 }]);
    expect(JSON.stringify(bills)).not.toContain('工行流水');
    expect(await ledger(m.id)).toMatchObject([{ internalNote: INTERNAL }]);
    const stored = await t.db.execute(
      `SELECT remark, member_note, memo_code FROM ledger_entries WHERE member_id = ${m.id}`,
    );
    expect(stored.rows).toEqual([{ remark: INTERNAL, member_note: null, memo_code: null }]);
  });

  it('refuses a note for the member over 100 characters and moves nothing', async () => {
    const m = await registerMember(t);
    const r = await deposit(m.id, { remark: INTERNAL, memberNote: '到'.repeat(101) });
    expect([r.status, r.data.field]).toEqual([400, 'memberNote']);
    expect(r.msg).toBe('给会员的说明最多100字');
    expect((await memberBills(m.token)).list).toEqual([]);
  });

  it('audits both notes for operators', async () => {
    const m = await registerMember(t);
    await deposit(m.id, { remark: INTERNAL, memberNote: '转账已到账' });
    const admin = await operatorToken(t);
    const audit = await t.call('GET', '/v1/admin/audit', { token: admin, query: { action: 'member.deposit' } });
    const entry = (audit.data.list as { targetId: string }[]).find((a) => a.targetId === String(m.id));
    expect(entry).toMatchObject({ after: { amount: 10_000, remark: INTERNAL, memberNote: '转账已到账' } });
  });
});
