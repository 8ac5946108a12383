import type { Message, MemberNotice } from '@antique/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerMember, type TestApp } from '../../test/harness.js';
import { adminToken, bid, houseLot, verifiedBidder } from '../../test/auction-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const list = (token: string, query: Record<string, number> = {}) =>
  t.call<{ list: Message[]; total: number; hasMore: boolean; page: number; unread: number }>(
    'GET',
    '/v1/iyd/message/list',
    { token, query },
  );
const read = (token: string, body: unknown) => t.call('POST', '/v1/iyd/message/read', { token, body });
const unreadOnInfo = async (token: string) =>
  (await t.call('GET', '/v1/iyd/member/info', { token })).data.unreadMessages as number;

/** Sends `n` notices to a member, one a millisecond apart (oldest first), titled 藏品1..n. */
async function sendSome(memberId: number, n: number, over: Partial<MemberNotice> = {}) {
  for (let i = 1; i <= n; i++) {
    t.clock.advance(1);
    await t.services.notices.send(
      memberId,
      t.services.notices.notice({ kind: 'ending_soon', lotId: 1000 + i, title: `藏品${i}`, ...over }),
    );
  }
}

describe('message centre', () => {
  it('keeps a notice once, with its kind, title, ids and time, unread', async () => {
    const m = await registerMember(t);
    const at = t.clock.now();
    await t.services.notices.send(m.id, {
      kind: 'shipped',
      pickId: 31,
      title: '青花缠枝莲纹梅瓶',
      count: 3,
      at,
    });
    const won = t.services.notices.notice({ kind: 'won', lotId: 12, orderId: 45, title: '粉彩花鸟纹盘' });
    await t.services.notices.send(m.id, won);
    const r = await list(m.token);
    expect(r.code).toBe(200);
    expect(r.data.total).toBe(2);
    expect(r.data.unread).toBe(2);
    // Newest first; exactly the notice's ids, nothing invented.
    expect(r.data.list[0]).toEqual({
      id: expect.any(Number),
      kind: 'won',
      title: '粉彩花鸟纹盘',
      lotId: 12,
      orderId: 45,
      read: false,
      createdAt: won.at,
    });
    expect(r.data.list[1]).toEqual({
      id: expect.any(Number),
      kind: 'shipped',
      title: '青花缠枝莲纹梅瓶',
      pickId: 31,
      count: 3,
      read: false,
      createdAt: at,
    });
    expect(await unreadOnInfo(m.token)).toBe(2);
  });

  it('keeps every outbid notice of a batch of bids once, for each member who lost the lead', async () => {
    const op = await adminToken(t);
    const lot = await houseLot(t, op, { startPrice: 100_000 });
    const [a, b, c] = await Promise.all([verifiedBidder(t), verifiedBidder(t), verifiedBidder(t)]);
    expect((await bid(t, a.token, lot.id, 200_000)).code).toBe(200);
    expect((await bid(t, b.token, lot.id, 300_000)).code).toBe(200);
    expect((await bid(t, c.token, lot.id, 400_000)).code).toBe(200);
    const [la, lb, lc] = await Promise.all([list(a.token), list(b.token), list(c.token)]);
    expect(la.data.list).toEqual([expect.objectContaining({ kind: 'outbid', lotId: lot.id, title: lot.title })]);
    expect(lb.data.list).toEqual([expect.objectContaining({ kind: 'outbid', lotId: lot.id, title: lot.title })]);
    expect(lc.data.list).toEqual([]);
  });

  it('is there by the time the live notice arrives', async () => {
    const m = await registerMember(t);
    const seen: number[] = [];
    const stop = await t.services.notices.subscribe({
      memberId: m.id,
      lotIds: new Set(),
      onLot: () => undefined,
      onNotice: () => void t.services.messages.unreadCount(m.id).then((n) => seen.push(n)),
      onResync: () => undefined,
    });
    await sendSome(m.id, 1);
    for (let i = 0; i < 250 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    stop();
    expect(seen).toEqual([1]);
  });

  it('pages newest first', async () => {
    const m = await registerMember(t);
    await sendSome(m.id, 5);
    const first = await list(m.token, { page: 1, pageSize: 2 });
    const last = await list(m.token, { page: 3, pageSize: 2 });
    expect(first.data.list.map((x) => x.title)).toEqual(['藏品5', '藏品4']);
    expect(first.data).toMatchObject({ total: 5, hasMore: true, page: 1, unread: 5 });
    expect(last.data.list.map((x) => x.title)).toEqual(['藏品1']);
    expect(last.data.hasMore).toBe(false);
    expect(first.data.list[0]!.createdAt).toBeGreaterThan(first.data.list[1]!.createdAt);
  });

  it('marks read the caller’s own messages by id, ignoring another member’s', async () => {
    const [m, other] = await Promise.all([registerMember(t), registerMember(t)]);
    await sendSome(m.id, 3);
    await sendSome(other.id, 2);
    const mine = (await list(m.token)).data.list;
    const theirs = (await list(other.token)).data.list;
    const r = await read(m.token, { ids: [mine[0]!.id, theirs[0]!.id, theirs[1]!.id, 99_999_999] });
    expect(r.code).toBe(200);
    expect(r.data).toEqual({ unread: 2 });
    const after = (await list(m.token)).data;
    expect(after.list.map((x) => x.read)).toEqual([true, false, false]);
    expect(after.unread).toBe(2);
    // The other member's messages are untouched.
    expect((await list(other.token)).data.list.map((x) => x.read)).toEqual([false, false]);
    expect(await unreadOnInfo(other.token)).toBe(2);
    // Reading one again changes nothing.
    expect((await read(m.token, { ids: [mine[0]!.id] })).data).toEqual({ unread: 2 });
    expect(await unreadOnInfo(m.token)).toBe(2);
  });

  it('marks all read; a notice after that is unread again', async () => {
    const [m, other] = await Promise.all([registerMember(t), registerMember(t)]);
    await sendSome(m.id, 4);
    await sendSome(other.id, 1);
    expect((await read(m.token, { all: true })).data).toEqual({ unread: 0 });
    expect((await list(m.token)).data.list.every((x) => x.read)).toBe(true);
    expect(await unreadOnInfo(m.token)).toBe(0);
    expect(await unreadOnInfo(other.token)).toBe(1);
    await sendSome(m.id, 1, { kind: 'payment_due', orderId: 8 });
    expect(await unreadOnInfo(m.token)).toBe(1);
    expect((await list(m.token)).data.list[0]).toMatchObject({ kind: 'payment_due', orderId: 8, read: false });
  });

  it('parallel read-all calls each answer a count consistent with what is left', async () => {
    const m = await registerMember(t);
    await t.services.notices.sendMany(
      Array.from({ length: 60 }, (_, i) => ({
        memberId: m.id,
        notice: t.services.notices.notice({ kind: 'outbid', lotId: 2000 + i, title: `拍品${i}` }),
      })),
    );
    expect(await unreadOnInfo(m.token)).toBe(60);
    const ids = (await list(m.token, { pageSize: 10 })).data.list.map((x) => x.id);
    const answers = await Promise.all([
      read(m.token, { all: true }),
      read(m.token, { all: true }),
      read(m.token, { ids }),
      read(m.token, { all: true }),
    ]);
    for (const a of answers) expect(a.code).toBe(200);
    // Every read-all answers 0: none reports a figure from before another call's update.
    expect([answers[0]!.data.unread, answers[1]!.data.unread, answers[3]!.data.unread]).toEqual([0, 0, 0]);
    expect(await unreadOnInfo(m.token)).toBe(0);
    expect((await list(m.token, { pageSize: 50 })).data).toMatchObject({ total: 60, unread: 0 });
  });

  it('refuses a read call that names neither or both, or bad ids, and changes nothing', async () => {
    const m = await registerMember(t);
    await sendSome(m.id, 2);
    const id = (await list(m.token)).data.list[0]!.id;
    for (const body of [
      {},
      { ids: [id], all: true },
      { all: false },
      { ids: [] },
      { ids: ['x'] },
      { ids: [0] },
      { ids: Array.from({ length: 101 }, (_, i) => i + 1) },
    ]) {
      const r = await read(m.token, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.msg).not.toBe('');
    }
    expect(await unreadOnInfo(m.token)).toBe(2);
  });

  it('needs a signed-in member', async () => {
    expect((await t.call('GET', '/v1/iyd/message/list')).status).toBe(401);
    expect((await t.call('POST', '/v1/iyd/message/read', { body: { all: true } })).status).toBe(401);
  });

  it('keeps member/info’s other fields as they were', async () => {
    const m = await registerMember(t);
    const info = (await t.call('GET', '/v1/iyd/member/info', { token: m.token })).data;
    expect(info).toMatchObject({ id: m.id, phone: expect.any(String), balance: 0, unreadMessages: 0 });
    // The profile update answers the member without the count.
    const updated = await t.call('POST', '/v1/iyd/member/info', { token: m.token, body: { nickname: '藏家' } });
    expect(updated.data.nickname).toBe('藏家');
  });
});
