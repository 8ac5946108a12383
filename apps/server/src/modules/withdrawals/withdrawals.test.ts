import { billMemoText, type BillMemoCode } from '@antique/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  lastSmsCode,
  memberWithTradePassword,
  newPhone,
  operatorToken,
  PASSWORD,
  sendCode,
  type TestApp,
  createTestApp,
} from '../../test/harness.js';
import { idNumber } from '../../test/auction-fixtures.js';
import { chinaDayStart } from '../../lib/china-day.js';

let t: TestApp;
let finance: string;
beforeAll(async () => {
  t = await createTestApp();
  finance = await operatorToken(t, 'finance');
});

const NAME = '林婉清';
const TRADE = '135790';
type Member = { id: number; token: string; phone: string };

/** A verified member (real name 林婉清) with a trade password and `money` fen in the wallet. */
async function verified(money = 1_000_000, name = NAME): Promise<Member> {
  const phone = newPhone();
  const at = new Date(t.clock.now());
  const m = await t.services.members.create({
    phone,
    password: PASSWORD,
    nickname: `藏家${phone.slice(-4)}`,
    realName: { name, idNumber: idNumber(), submittedAt: at, reviewedAt: at },
  });
  if (!m) throw new Error('member not created');
  const login = await t.call('POST', '/v1/iyd/member/login', { body: { phone, password: PASSWORD } });
  const token = login.data.token as string;
  await sendCode(t, undefined, 'trade', token);
  const set = await t.call('POST', '/v1/iyd/member/password/trade', {
    token,
    body: { smsCode: await lastSmsCode(t, phone), tradePassword: TRADE },
  });
  expect(set.code).toBe(200);
  if (money > 0) await t.services.wallet.deposit(null, m.id, { amount: money });
  return { id: m.id, token, phone };
}

const bank = (over: Record<string, unknown> = {}) => ({
  amount: 50_000,
  method: 'bank',
  accountName: NAME,
  accountNo: '6222 0202 0011 2233 445',
  bankName: '中国工商银行',
  tradePassword: TRADE,
  ...over,
});

const withdraw = (m: Member, body: unknown, headers: Record<string, string> = {}) =>
  t.call('POST', '/v1/iyd/asset/withdraw', { token: m.token, body, headers });
const wallet = (m: Member) => t.services.wallet.summary(m.id);
const record = (m: Member) => t.call('GET', '/v1/iyd/asset/withdraw/record', { token: m.token });
const bills = async (m: Member) =>
  (await t.call('GET', '/v1/iyd/asset/bill', { token: m.token, query: { pageSize: 50 } })).data.list as {
    type: string;
    amount: number;
    frozenAmount: number;
    refType: string;
    refId: number;
    remark: string;
    memoCode?: BillMemoCode;
    memoParams?: Record<string, string>;
  }[];
/** A bank transfer made by hand is marked paid with its reference (required). */
const REFERENCE = 'ICBC2026112700012345';
const act = (
  id: number,
  step: 'approve' | 'reject' | 'paid',
  body: unknown = step === 'paid' ? { reference: REFERENCE } : {},
  token = finance,
) => t.call('POST', `/v1/admin/withdrawals/${id}/${step}`, { token, body });

describe('a member withdraws', () => {
  it('500 yuan to a bank account in their own name: frozen with its fee, masked, in the record and the bills', async () => {
    const m = await verified(1_000_000);
    const r = await withdraw(m, bank());
    expect(r.code).toBe(200);
    // 0.5% of 500 yuan is 2.50 yuan, above the 2 yuan minimum fee.
    expect(r.data).toMatchObject({
      amount: 50_000,
      fee: 250,
      actualAmount: 49_750,
      method: 'bank',
      accountNo: '**** 3445',
      bankName: '中国工商银行',
      status: 'pending',
    });
    expect(JSON.stringify(r.data)).not.toContain('6222');
    expect(r.data.processedAt).toBeUndefined();
    expect(await wallet(m)).toEqual({ balance: 950_000, frozen: 50_000 });
    const list = await record(m);
    expect(list.data).toMatchObject({ total: 1, list: [{ id: r.data.id, status: 'pending', accountNo: '**** 3445' }] });
    const [freeze] = await bills(m);
    expect(freeze).toMatchObject({
      type: 'withdraw_freeze',
      amount: -50_000,
      frozenAmount: 50_000,
      refType: 'withdrawal',
      refId: r.data.id,
      remark: '',
      memoCode: 'WITHDRAW_REQUEST',
      memoParams: { actual: '497.50', fee: '2.50' },
    });
    expect(billMemoText(freeze!)).toBe('提现申请（实际到账 ¥497.50，手续费 ¥2.50）');
    expect(billMemoText(freeze!, 'en')).toBe('Withdrawal requested (¥497.50 to receive, fee ¥2.50)');
  });

  it('takes the minimum fee on a small amount, and an Alipay account', async () => {
    const m = await verified();
    const r = await withdraw(m, {
      amount: 10_000,
      method: 'alipay',
      accountName: NAME,
      accountNo: 'wanqing.lin@example.com',
      tradePassword: TRADE,
    });
    expect(r.data).toMatchObject({
      amount: 10_000,
      fee: 200,
      actualAmount: 9_800,
      method: 'alipay',
      accountNo: 'w***@example.com',
    });
    expect(r.data.bankName).toBeUndefined();
  });

  it('gives the form its limits, fee, today’s count, balance and the verified name', async () => {
    const m = await verified(300_000);
    await withdraw(m, bank());
    const c = await t.call('GET', '/v1/iyd/asset/withdraw/config', { token: m.token });
    expect(c.data).toEqual({
      minAmount: 10_000,
      maxAmount: 5_000_000,
      perDay: 3,
      feeBps: 50,
      minFee: 200,
      todayCount: 1,
      balance: 250_000,
      accountName: NAME,
      hasTradePassword: true,
    });
  });
});

describe('a withdrawal is refused, changing nothing', () => {
  it('to an account in another name: 422 ACCOUNT_NAME_MISMATCH', async () => {
    const m = await verified();
    const r = await withdraw(m, bank({ accountName: '张三' }));
    expect([r.status, r.data.reason]).toEqual([422, 'ACCOUNT_NAME_MISMATCH']);
    expect(await wallet(m)).toEqual({ balance: 1_000_000, frozen: 0 });
    expect((await record(m)).data.total).toBe(0);
  });

  it('without a verified real name: 403 REAL_NAME_REQUIRED', async () => {
    const m = await memberWithTradePassword(t);
    await t.services.wallet.deposit(null, m.id, { amount: 100_000 });
    const r = await withdraw(m, bank());
    expect([r.status, r.data.reason]).toEqual([403, 'REAL_NAME_REQUIRED']);
    const c = await t.call('GET', '/v1/iyd/asset/withdraw/config', { token: m.token });
    expect(c.data).toMatchObject({ accountName: null, hasTradePassword: true });
  });

  it('without a trade password: 422 TRADE_PASSWORD_NOT_SET', async () => {
    const phone = newPhone();
    const at = new Date(t.clock.now());
    await t.services.members.create({
      phone,
      password: PASSWORD,
      nickname: 'x',
      realName: { name: NAME, idNumber: idNumber(), submittedAt: at, reviewedAt: at },
    });
    const login = await t.call('POST', '/v1/iyd/member/login', { body: { phone, password: PASSWORD } });
    const m = { id: 0, token: login.data.token as string, phone };
    const r = await withdraw(m, bank());
    expect([r.status, r.data.reason]).toEqual([422, 'TRADE_PASSWORD_NOT_SET']);
  });

  it('with a wrong trade password: 422 TRADE_PASSWORD_WRONG, then locked after five', async () => {
    const m = await verified();
    const wrong = await withdraw(m, bank({ tradePassword: '000000' }));
    expect([wrong.status, wrong.data.reason, wrong.data.remaining]).toEqual([422, 'TRADE_PASSWORD_WRONG', 4]);
    for (let i = 0; i < 4; i++) await withdraw(m, bank({ tradePassword: '000000' }));
    const locked = await withdraw(m, bank());
    expect([locked.status, locked.data.reason]).toEqual([422, 'TRADE_PASSWORD_LOCKED']);
    expect(await wallet(m)).toEqual({ balance: 1_000_000, frozen: 0 });
  });

  it('below the minimum or above the maximum: 422 WITHDRAW_LIMIT', async () => {
    const m = await verified(10_000_000);
    const low = await withdraw(m, bank({ amount: 9_999 }));
    expect([low.status, low.data.reason, low.data.limit, low.data.minAmount]).toEqual([
      422,
      'WITHDRAW_LIMIT',
      'minAmount',
      10_000,
    ]);
    const high = await withdraw(m, bank({ amount: 5_000_001 }));
    expect([high.status, high.data.reason, high.data.limit]).toEqual([422, 'WITHDRAW_LIMIT', 'maxAmount']);
    expect((await withdraw(m, bank({ amount: 5_000_000 }))).code).toBe(200);
  });

  it('past the balance: 422 INSUFFICIENT_BALANCE', async () => {
    const m = await verified(20_000);
    const r = await withdraw(m, bank({ amount: 20_001 }));
    expect([r.status, r.data.reason]).toEqual([422, 'INSUFFICIENT_BALANCE']);
    expect(await wallet(m)).toEqual({ balance: 20_000, frozen: 0 });
  });

  it('a fourth request in a China day: 422 WITHDRAW_LIMIT perDay; the next day counts again', async () => {
    const m = await verified(1_000_000);
    for (let i = 0; i < 3; i++) expect((await withdraw(m, bank({ amount: 10_000 }))).code).toBe(200);
    const fourth = await withdraw(m, bank({ amount: 10_000 }));
    expect([fourth.status, fourth.data.reason, fourth.data.limit, fourth.data.perDay]).toEqual([
      422,
      'WITHDRAW_LIMIT',
      'perDay',
      3,
    ]);
    // A rejected request still counts for its day.
    const [first] = (await record(m)).data.list as { id: number }[];
    await act(first!.id, 'reject', { reason: '测试' });
    expect((await withdraw(m, bank({ amount: 10_000 }))).data.reason).toBe('WITHDRAW_LIMIT');
    const now = t.clock.now();
    t.clock.advance(chinaDayStart(now).getTime() + 86_400_000 - now + 1);
    expect((await withdraw(m, bank({ amount: 10_000 }))).code).toBe(200);
  });

  it('with bad fields: 400 naming the field', async () => {
    const m = await verified();
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 100.5 }, 'amount'],
      [{ amount: '500' }, 'amount'],
      [{ method: 'wechat' }, 'method'],
      [{ accountNo: '12ab' }, 'accountNo'],
      [{ bankName: undefined }, 'bankName'],
      [{ accountName: '' }, 'accountName'],
      [{ tradePassword: '12345' }, 'tradePassword'],
      [{ method: 'alipay', accountNo: 'not-an-account', bankName: undefined }, 'accountNo'],
    ];
    for (const [over, field] of cases) {
      const r = await withdraw(m, bank(over));
      expect([r.status, r.data.field]).toEqual([400, field]);
    }
    expect(await wallet(m)).toEqual({ balance: 1_000_000, frozen: 0 });
  });

  it('without a token: 401', async () => {
    const r = await t.call('POST', '/v1/iyd/asset/withdraw', { body: bank() });
    expect(r.status).toBe(401);
  });
});

describe('under parallel requests', () => {
  it('10 withdrawals of one member whose balance covers 3: exactly 3 accepted, never negative, wallets reconcile', async () => {
    await t.services.settings.change(null, {
      withdraw: { minAmount: 10_000, maxAmount: 5_000_000, perDay: 20, feeBps: 50, minFee: 200 },
    });
    try {
      const m = await verified(35_000);
      const all = await Promise.all(Array.from({ length: 10 }, () => withdraw(m, bank({ amount: 10_000 }))));
      expect(all.filter((r) => r.code === 200)).toHaveLength(3);
      expect(all.filter((r) => r.data?.reason === 'INSUFFICIENT_BALANCE')).toHaveLength(7);
      expect(await wallet(m)).toEqual({ balance: 5_000, frozen: 30_000 });
      expect((await record(m)).data.total).toBe(3);
      expect((await t.services.wallet.reconcile()).ok).toBe(true);
    } finally {
      await t.services.settings.change(null, {
        withdraw: { minAmount: 10_000, maxAmount: 5_000_000, perDay: 3, feeBps: 50, minFee: 200 },
      });
    }
  });

  it('10 withdrawals of a member with money for all: exactly the daily count accepted', async () => {
    const m = await verified(1_000_000);
    const all = await Promise.all(Array.from({ length: 10 }, () => withdraw(m, bank({ amount: 10_000 }))));
    expect(all.filter((r) => r.code === 200)).toHaveLength(3);
    expect(all.filter((r) => r.data?.reason === 'WITHDRAW_LIMIT')).toHaveLength(7);
    expect(await wallet(m)).toEqual({ balance: 970_000, frozen: 30_000 });
    expect((await t.services.wallet.reconcile()).ok).toBe(true);
  });
});

describe('Idempotency-Key', () => {
  it('a retry gives the same withdrawal and freezes once, even after the stored answer is lost', async () => {
    const m = await verified(1_000_000);
    const headers = { 'idempotency-key': `wd-${m.id}` };
    const [a, b] = await Promise.all([withdraw(m, bank(), headers), withdraw(m, bank(), headers)]);
    const first = a.code === 200 ? a : b;
    expect(first.code).toBe(200);
    const again = await withdraw(m, bank(), headers);
    expect(again.data.id).toBe(first.data.id);
    await (t.db as unknown as { $client: { query(q: string): Promise<unknown> } }).$client.query(
      `DELETE FROM idempotency_keys WHERE key = 'wd-${m.id}'`,
    );
    const retried = await withdraw(m, bank(), headers);
    expect(retried.data).toMatchObject({ id: first.data.id, amount: 50_000, status: 'pending' });
    expect(await wallet(m)).toEqual({ balance: 950_000, frozen: 50_000 });
    expect((await record(m)).data.total).toBe(1);
    const other = await withdraw(m, bank({ amount: 60_000 }), headers);
    expect([other.status, other.data.reason]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
  });
});

describe('finance processes a withdrawal', () => {
  it('approves, then marks it paid: the frozen amount leaves; audited; the record shows paid', async () => {
    const m = await verified(1_000_000);
    const w = (await withdraw(m, bank())).data;
    const queue = await t.call('GET', '/v1/admin/withdrawals', {
      token: finance,
      query: { status: 'pending', pageSize: 50 },
    });
    const row = (queue.data.list as { id: number }[]).find((x) => x.id === w.id);
    expect(row).toMatchObject({
      memberId: m.id,
      memberPhone: `${m.phone.slice(0, 3)}****${m.phone.slice(7)}`,
      accountName: '林*清',
      accountNo: '**** 3445',
      status: 'pending',
    });
    // Finance pays to the account in full; only finance and the admin read this queue.
    expect((row as { payee: { name: string; accountNo: string } }).payee.name).toBe(NAME);
    expect((row as { payee: { accountNo: string } }).payee.accountNo.replace(/\s/g, '')).toBe('6222020200112233445');
    // Paid before approval: refused.
    const early = await act(w.id, 'paid');
    expect([early.status, early.data.reason, early.data.status]).toEqual([409, 'WITHDRAWAL_STATE_CHANGED', 'pending']);
    const approved = await act(w.id, 'approve');
    expect(approved.data).toMatchObject({ id: w.id, status: 'approved' });
    expect(await wallet(m)).toEqual({ balance: 950_000, frozen: 50_000 });
    expect((await act(w.id, 'approve')).data.reason).toBe('WITHDRAWAL_STATE_CHANGED');
    const before = t.clock.now();
    // API.md's call has no body: it still marks the withdrawal paid (the console sends the reference).
    const paid = await act(w.id, 'paid', {});
    expect(paid.data).toMatchObject({ status: 'paid' });
    expect(paid.data.processedAt).toBeGreaterThanOrEqual(before);
    expect(paid.data.processedAt).toBeLessThanOrEqual(t.clock.now());
    expect(await wallet(m)).toEqual({ balance: 950_000, frozen: 0 });
    const [out] = await bills(m);
    expect(out).toMatchObject({
      type: 'withdraw_paid',
      amount: 0,
      frozenAmount: -50_000,
      refId: w.id,
      memoCode: 'WITHDRAW_PAID',
    });
    expect(billMemoText(out!)).toBe('提现已打款');
    expect((await record(m)).data.list[0]).toMatchObject({ id: w.id, status: 'paid' });
    // Paid is final.
    expect((await act(w.id, 'reject', { reason: '晚了' })).status).toBe(409);
    const audit = await t.call('GET', '/v1/admin/audit', { token: await operatorToken(t), query: { pageSize: 50 } });
    const actions = (audit.data.list as { action: string; targetId: string }[])
      .filter((a) => a.targetId === String(w.id) && a.action.startsWith('withdrawal.'))
      .map((a) => a.action);
    expect(actions.sort()).toEqual(['withdrawal.approve', 'withdrawal.paid']);
    expect((await t.services.wallet.reconcile()).ok).toBe(true);
  });

  it('a transfer by hand is marked paid with the bank’s reference, kept with the note and shown', async () => {
    const m = await verified(1_000_000);
    const w = (await withdraw(m, bank())).data;
    await act(w.id, 'approve');
    for (const body of [
      { reference: '   ' },
      { reference: 'x'.repeat(65) },
      { reference: 'R1', note: 'n'.repeat(501) },
    ]) {
      const refused = await act(w.id, 'paid', body);
      expect([refused.status, refused.data.field]).toEqual([400, 'note' in body ? 'note' : 'reference']);
    }
    // Nothing changed: still approved, the money still frozen.
    expect(await wallet(m)).toEqual({ balance: 950_000, frozen: 50_000 });
    const paid = await act(w.id, 'paid', { reference: ' CCB-889900 ', note: '网银转账，回单已存档' });
    expect(paid.data).toMatchObject({
      status: 'paid',
      paidNote: { reference: 'CCB-889900', note: '网银转账，回单已存档' },
    });
    expect(paid.data.payout).toBeUndefined();
    const list = await t.call('GET', '/v1/admin/withdrawals', {
      token: finance,
      query: { status: 'paid', pageSize: 50 },
    });
    expect((list.data.list as { id: number }[]).find((x) => x.id === w.id)).toMatchObject({
      paidNote: { reference: 'CCB-889900', note: '网银转账，回单已存档' },
    });
    const audit = await t.call('GET', '/v1/admin/audit', {
      token: await operatorToken(t),
      query: { action: 'withdrawal.paid', pageSize: 50 },
    });
    expect(
      (audit.data.list as { targetId: string; after: unknown }[]).find((a) => a.targetId === String(w.id))?.after,
    ).toMatchObject({
      reference: 'CCB-889900',
      note: '网银转账，回单已存档',
    });
  });

  it('rejects with a reason: the money comes back; the record shows the reason', async () => {
    const m = await verified(1_000_000);
    const w = (await withdraw(m, bank())).data;
    const noReason = await act(w.id, 'reject', { reason: '  ' });
    expect([noReason.status, noReason.data.field]).toEqual([400, 'reason']);
    const r = await act(w.id, 'reject', { reason: '户名与开户行信息不符' });
    expect(r.data).toMatchObject({ status: 'rejected', rejectReason: '户名与开户行信息不符' });
    expect(await wallet(m)).toEqual({ balance: 1_000_000, frozen: 0 });
    const [back] = await bills(m);
    expect(back).toMatchObject({
      type: 'withdraw_reject',
      amount: 50_000,
      frozenAmount: -50_000,
      memoCode: 'WITHDRAW_REJECTED',
      memoParams: { reason: '户名与开户行信息不符' },
    });
    expect(billMemoText(back!)).toBe('提现被拒绝，退回：户名与开户行信息不符');
    expect(billMemoText(back!, 'zh-Hant')).toBe('提現被拒絕，退回：户名与开户行信息不符');
    expect((await record(m)).data.list[0]).toMatchObject({ status: 'rejected', rejectReason: '户名与开户行信息不符' });
    expect((await act(w.id, 'reject', { reason: '再次' })).status).toBe(409);
    expect((await act(w.id, 'approve')).status).toBe(409);
  });

  it('rejects an approved one too (the transfer failed): the money comes back', async () => {
    const m = await verified(1_000_000);
    const w = (await withdraw(m, bank())).data;
    await act(w.id, 'approve');
    expect((await act(w.id, 'reject', { reason: '银行退回' })).data.status).toBe('rejected');
    expect(await wallet(m)).toEqual({ balance: 1_000_000, frozen: 0 });
  });

  it('two operators at once: one pays, the other is refused; the money leaves once', async () => {
    const m = await verified(1_000_000);
    const w = (await withdraw(m, bank())).data;
    await act(w.id, 'approve');
    const [a, b] = await Promise.all([act(w.id, 'paid'), act(w.id, 'reject', { reason: '并发' })]);
    expect([a.code, b.code].sort()).toEqual([200, 409]);
    const s = await wallet(m);
    expect(s.frozen).toBe(0);
    expect([950_000, 1_000_000]).toContain(s.balance);
    expect((await t.services.wallet.reconcile()).ok).toBe(true);
  });

  it('lists by status, and refuses other roles and unknown ids', async () => {
    const m = await verified(1_000_000);
    const w = (await withdraw(m, bank())).data;
    await act(w.id, 'approve');
    const approved = await t.call('GET', '/v1/admin/withdrawals', {
      token: finance,
      query: { status: 'approved', pageSize: 50 },
    });
    expect((approved.data.list as { id: number; status: string }[]).every((x) => x.status === 'approved')).toBe(true);
    expect((approved.data.list as { id: number }[]).map((x) => x.id)).toContain(w.id);
    const bad = await t.call('GET', '/v1/admin/withdrawals', { token: finance, query: { status: 'lost' } });
    expect([bad.status, bad.data.field]).toEqual([400, 'status']);
    const support = await operatorToken(t, 'support');
    expect((await t.call('GET', '/v1/admin/withdrawals', { token: support })).status).toBe(403);
    expect((await act(w.id, 'paid', {}, support)).status).toBe(403);
    expect((await act(w.id, 'paid', {}, await operatorToken(t, 'operator'))).status).toBe(403);
    expect((await act(999_999, 'approve')).status).toBe(404);
    expect((await t.call('GET', '/v1/admin/withdrawals', { token: await operatorToken(t) })).code).toBe(200);
  });
});

describe('the withdrawal settings', () => {
  it('are validated: min above max, or a fee that eats the minimum, is refused', async () => {
    const admin = await operatorToken(t);
    const put = (withdraw: unknown) => t.call('PUT', '/v1/admin/settings', { token: admin, body: { withdraw } });
    const base = { minAmount: 10_000, maxAmount: 5_000_000, perDay: 3, feeBps: 50, minFee: 200 };
    expect((await put({ ...base, minAmount: 6_000_000 })).status).toBe(400);
    expect((await put({ ...base, minFee: 10_000 })).status).toBe(400);
    expect((await put({ ...base, perDay: 0 })).status).toBe(400);
    const ok = await put({ ...base, perDay: 5 });
    expect(ok.data.withdraw).toEqual({ ...base, perDay: 5 });
    await put(base);
  });
});

describe('the withdrawals CSV', () => {
  const exportCsv = async (query: Record<string, string | number>, token = finance) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/admin/export/withdrawals',
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: { authorization: `Bearer ${token}` },
    });
    return res;
  };
  const chinaTime = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);

  it('gives finance every field with the account in full, by status and time; support may not', async () => {
    t.clock.advance(86_400_000);
    const from = t.clock.now();
    const m = await verified(1_000_000);
    const byBank = (await withdraw(m, bank({ amount: 123_456 }))).data;
    t.clock.advance(1000);
    const byAlipay = (
      await withdraw(m, {
        ...bank({ amount: 20_000 }),
        method: 'alipay',
        accountNo: 'wan=qing@example.com',
        bankName: undefined,
      })
    ).data;
    const rejected = await act(byAlipay.id, 'reject', { reason: '户名与实名不符, 请核对' });
    expect(rejected.code).toBe(200);
    t.clock.advance(1000);
    const paid = (await withdraw(m, bank({ amount: 10_000 }))).data;
    await act(paid.id, 'approve');
    const paidAt = t.clock.now();
    await act(paid.id, 'paid');
    const to = t.clock.now() + 1;

    const res = await exportCsv({ from, to });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="withdrawals-\d{4}-\d{2}-\d{2}\.csv"/);
    const phone = `${m.phone.slice(0, 3)}****${m.phone.slice(7)}`;
    expect(res.body.split('\r\n')).toEqual([
      '\uFEFF编号,申请时间,会员ID,手机号,金额(元),手续费(元),实际到账(元),方式,开户行,户名,账号,状态,处理时间,拒绝原因,转账流水号,付款备注',
      `${byBank.id},${chinaTime(byBank.createdAt)},${m.id},${phone},1234.56,6.18,1228.38,银行卡,中国工商银行,${NAME},6222020200112233445,待审核,,,,`,
      `${byAlipay.id},${chinaTime(byAlipay.createdAt)},${m.id},${phone},200.00,2.00,198.00,支付宝,,${NAME},wan=qing@example.com,已驳回,${chinaTime(rejected.data.processedAt)},"户名与实名不符, 请核对",,`,
      `${paid.id},${chinaTime(paid.createdAt)},${m.id},${phone},100.00,2.00,98.00,银行卡,中国工商银行,${NAME},6222020200112233445,已打款,${chinaTime(paidAt)},,${REFERENCE},`,
      '',
    ]);

    const onlyPaid = (await exportCsv({ from, to, status: 'paid' })).body.split('\r\n');
    expect(onlyPaid).toHaveLength(3);
    expect(onlyPaid[1]).toMatch(new RegExp(`^${paid.id},`));
    expect((await exportCsv({ from: to })).body.split('\r\n')).toHaveLength(2);

    const bad = await exportCsv({ status: 'lost' });
    expect([bad.statusCode, bad.json().data.field]).toEqual([400, 'status']);
    for (const role of ['support', 'operator'] as const) {
      const r = await exportCsv({}, await operatorToken(t, role));
      expect([r.statusCode, r.json().code]).toEqual([403, 403]);
    }
  });
});
