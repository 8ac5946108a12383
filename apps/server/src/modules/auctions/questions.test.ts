import type { MemberNotice } from '@antique/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, operatorToken, registerMember, type TestApp } from '../../test/harness.js';
import { bid, houseLot, verifiedBidder } from '../../test/auction-fixtures.js';
import { plainQuestionText } from './questions.service.js';

let t: TestApp;
let op: string;

beforeAll(async () => {
  t = await createTestApp();
  op = await operatorToken(t, 'operator');
});

const ask = (token: string, id: number, text: string) =>
  t.call('POST', '/v1/iyd/auction/question', { token, body: { id, text } });
const info = (id: number, token?: string) =>
  t.call('GET', '/v1/iyd/auction/info', { query: { id }, ...(token ? { token } : {}) });
const queue = (query: Record<string, string | number>) => t.call('GET', '/v1/admin/questions', { token: op, query });
const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

describe('questions on a lot', () => {
  it('takes a question before the end, pending and seen only by its asker, as plain text', async () => {
    const lot = await houseLot(t, op, { startsIn: 3_600_000, endsIn: 7_200_000 });
    const m = await registerMember(t);
    const r = await ask(m.token, lot.id, '  <b>请问</b>底款是否\u200b清晰？  ');
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ text: '请问底款是否清晰？', pending: true, answer: null, asker: masked(m.phone) });

    expect((await info(lot.id, m.token)).data.questions).toEqual([
      expect.objectContaining({ id: r.data.id, pending: true }),
    ]);
    expect((await info(lot.id)).data.questions).toEqual([]);
    const other = await registerMember(t);
    expect((await info(lot.id, other.token)).data.questions).toEqual([]);

    // Too short once the markup is gone, too long, no token, unknown lot.
    expect((await ask(m.token, lot.id, '<p>好</p>')).status).toBe(400);
    expect((await ask(m.token, lot.id, '问'.repeat(301))).status).toBe(400);
    expect(
      (await t.call('POST', '/v1/iyd/auction/question', { body: { id: lot.id, text: '请问尺寸多少' } })).status,
    ).toBe(401);
    expect((await ask(m.token, 999_999, '请问尺寸多少')).status).toBe(404);
  });

  it('refuses a question once the lot has ended (409), changing nothing', async () => {
    const lot = await houseLot(t, op, { endsIn: 60_000 });
    const m = await registerMember(t);
    t.clock.advance(61_000);
    const r = await ask(m.token, lot.id, '请问还能补拍吗？');
    expect([r.status, r.data.reason]).toEqual([409, 'QUESTIONS_CLOSED']);
    expect((await info(lot.id, m.token)).data.questions).toEqual([]);
  });

  it('holds 3 unanswered a lot under parallel requests, and 20 a day', async () => {
    const lot = await houseLot(t, op, { endsIn: 3_600_000 });
    const m = await registerMember(t);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => ask(m.token, lot.id, `第${i + 1}个问题：尺寸？`)),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 429).map((a) => [a.data.reason, a.data.limit, a.data.scope])).toEqual(
      Array(5).fill(['QUESTION_LIMIT', 3, 'lot']),
    );
    expect((await queue({ status: 'open', lotId: lot.id })).data.total).toBe(3);

    // An answer frees a place on that lot.
    const first = answers.find((a) => a.code === 200)!;
    await t.call('POST', `/v1/admin/questions/${first.data.id}/answer`, { token: op, body: { answer: '高 30 厘米' } });
    expect((await ask(m.token, lot.id, '再问：重量多少？')).code).toBe(200);

    // 20 a day, whatever the lots: 4 asked; 16 more over several lots in parallel, then no more.
    const lots = await Promise.all(Array.from({ length: 7 }, () => houseLot(t, op, { endsIn: 3_600_000 })));
    const more = await Promise.all(
      lots.flatMap((l) => Array.from({ length: 3 }, (_, i) => ask(m.token, l.id, `问题${i}：款识如何？`))),
    );
    expect(more.filter((a) => a.code === 200)).toHaveLength(16);
    expect(more.filter((a) => a.status === 429).every((a) => a.data.scope === 'day' && a.data.limit === 20)).toBe(true);
  });

  it('an answer makes it public with the asker masked, and tells the asker', async () => {
    const lot = await houseLot(t, op, { endsIn: 3_600_000 });
    const m = await verifiedBidder(t);
    await bid(t, m.token, lot.id, 100_000);
    const q = await ask(m.token, lot.id, '请问口沿是否有冲线？');
    const open = await queue({ status: 'open', lotId: lot.id });
    expect(open.data.list).toEqual([
      expect.objectContaining({
        id: q.data.id,
        lotId: lot.id,
        lotTitle: lot.title,
        status: 'open',
        lotOpen: true,
        memberId: m.id,
      }),
    ]);

    const told: MemberNotice[] = [];
    const stop = await t.services.notices.subscribe({
      memberId: m.id,
      lotIds: new Set(),
      onLot: () => undefined,
      onNotice: (n) => told.push(n),
      onResync: () => undefined,
    });
    const answered = await t.call('POST', `/v1/admin/questions/${q.data.id}/answer`, {
      token: op,
      body: { answer: '口沿完好，无冲线。' },
    });
    for (let i = 0; i < 250 && told.length === 0; i++) await new Promise((res) => setTimeout(res, 20));
    stop();
    expect(answered.data).toMatchObject({ status: 'answered', answer: '口沿完好，无冲线。' });
    expect(answered.data.answeredBy).toMatch(/^operator_/);
    expect(told).toEqual([expect.objectContaining({ kind: 'question_answered', lotId: lot.id, title: lot.title })]);

    const guest = (await info(lot.id)).data.questions;
    expect(guest).toEqual([
      expect.objectContaining({
        id: q.data.id,
        text: '请问口沿是否有冲线？',
        answer: '口沿完好，无冲线。',
        asker: masked(m.phone),
        pending: false,
      }),
    ]);
    expect(guest[0].answeredAt).toBe(answered.data.answeredAt);
    // The bids' public history masks the bidder the same way.
    expect((await info(lot.id)).data.bids[0].bidder).toBe(guest[0].asker);

    const twice = await t.call('POST', `/v1/admin/questions/${q.data.id}/answer`, {
      token: op,
      body: { answer: '再答' },
    });
    expect([twice.status, twice.data.reason]).toEqual([409, 'QUESTION_NOT_OPEN']);
    expect((await queue({ status: 'answered', lotId: lot.id })).data.list.map((x: { id: number }) => x.id)).toEqual([
      q.data.id,
    ]);
  });

  it('a hidden question is never public, answered or not, and the reason is audited', async () => {
    const lot = await houseLot(t, op, { endsIn: 3_600_000 });
    const m = await registerMember(t);
    const a = await ask(m.token, lot.id, '加我微信私下交易？');
    const b = await ask(m.token, lot.id, '请问有证书吗？');
    await t.call('POST', `/v1/admin/questions/${b.data.id}/answer`, { token: op, body: { answer: '有，见证书。' } });
    for (const id of [a.data.id, b.data.id]) {
      const hidden = await t.call('POST', `/v1/admin/questions/${id}/hide`, {
        token: op,
        body: { reason: '站外交易' },
      });
      expect(hidden.data.status).toBe('hidden');
    }
    expect((await info(lot.id)).data.questions).toEqual([]);
    expect((await info(lot.id, m.token)).data.questions).toEqual([]);
    const again = await t.call('POST', `/v1/admin/questions/${a.data.id}/hide`, {
      token: op,
      body: { reason: '重复' },
    });
    expect(again.status).toBe(409);
    const answerHidden = await t.call('POST', `/v1/admin/questions/${a.data.id}/answer`, {
      token: op,
      body: { answer: '不' },
    });
    expect(answerHidden.status).toBe(409);
    expect((await queue({ status: 'hidden', lotId: lot.id })).data.total).toBe(2);
    const audit = await t.call('GET', '/v1/admin/audit', { token: await operatorToken(t), query: { pageSize: 50 } });
    expect(
      audit.data.list.find(
        (e: { action: string; targetId: string }) => e.action === 'question.hide' && e.targetId === String(a.data.id),
      ).after,
    ).toMatchObject({ reason: '站外交易' });
  });

  it('is for operators: finance gets 403 on the queue, answering and hiding', async () => {
    const finance = await operatorToken(t, 'finance');
    expect((await t.call('GET', '/v1/admin/questions', { token: finance })).status).toBe(403);
    expect(
      (await t.call('POST', '/v1/admin/questions/1/answer', { token: finance, body: { answer: 'x' } })).status,
    ).toBe(403);
    expect(
      (await t.call('POST', '/v1/admin/questions/1/hide', { token: finance, body: { reason: 'xx' } })).status,
    ).toBe(403);
  });

  it('reads questions as plain text', () => {
    expect(plainQuestionText('<script>alert(1)</script>请问\n\n\n\n尺寸')).toBe('alert(1)请问\n\n尺寸');
    expect(plainQuestionText('  \u200b款识   清晰吗 ')).toBe('款识 清晰吗');
  });
});
