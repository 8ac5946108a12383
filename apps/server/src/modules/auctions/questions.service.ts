import {
  MAX_OPEN_QUESTIONS_PER_LOT,
  MAX_QUESTIONS_PER_DAY,
  QUESTION_MAX_CHARS,
  QUESTION_MIN_CHARS,
  type AdminQuestion,
  type LotQuestion,
  type Page,
  type QuestionStatus,
} from '@antique/shared';
import type { Db } from '../../db/client.js';
import { chinaDayStart } from '../../lib/china-day.js';
import type { Clock } from '../../lib/clock.js';
import { fail, invalidField, notFound } from '../../lib/domain-error.js';
import { offsetOf, pageResult } from '../../lib/page.js';
import type { AuditService, OperatorActor } from '../audit/audit.service.js';
import type { MembersService } from '../members/members.service.js';
import type { NoticesService } from '../notices/notices.service.js';
import type { AuctionsRepository, LotRow } from './auctions.repository.js';
import { statusOf } from './lot-state.js';
import { createQuestionsRepository, type QuestionRow, type QuestionWithLot } from './questions.repository.js';

/**
 * A question as plain text: markup and control characters out (it is shown as text, never as
 * HTML, but an operator's queue should read what a member meant), runs of blank lines and
 * spaces folded, trimmed.
 */
export function plainQuestionText(raw: string): string {
  return (
    raw
      .replace(/<[^>]*>/g, '')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f\u200b-\u200f\u2028-\u202e\ufeff]/g, '')
      .replace(/[ \t\u3000]+/g, ' ')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/** Questions are taken from a lot's start (or before) until its end: not once it closed, ended or was withdrawn. */
function openToQuestions(lot: LotRow, now: number): boolean {
  const status = statusOf(lot, now);
  return lot.status === 'scheduled' && lot.closedAt === null && (status === 'upcoming' || status === 'live');
}

const statusOfQuestion = (q: QuestionRow): QuestionStatus =>
  q.hidden ? 'hidden' : q.answeredAt !== null ? 'answered' : 'open';

/**
 * Members' questions on a lot before it ends (issue 18): asked with limits counted under the
 * member's lock, answered or hidden by operators, answered ones public on the lot's page.
 */
export function createQuestionsService(d: {
  db: Db;
  /** The public reads' handle (db/replica.ts): a lot's answered questions, for a guest. */
  readDb?: Db | undefined;
  clock: Clock;
  repo: AuctionsRepository;
  audit: AuditService;
  members: Pick<MembersService, 'phonesOf'>;
  notices: Pick<NoticesService, 'send' | 'notice'>;
  operatorNames?: (ids: number[]) => Promise<Map<number, string>>;
}) {
  const { clock } = d;
  const questions = createQuestionsRepository(d.db, d.readDb);

  const toLotQuestion = (q: QuestionRow, asker: string): LotQuestion => ({
    id: q.id,
    text: q.text,
    asker,
    askedAt: q.createdAt.getTime(),
    answer: q.hidden ? null : q.answer,
    answeredAt: q.hidden ? null : (q.answeredAt?.getTime() ?? null),
    pending: q.answeredAt === null && !q.hidden,
  });

  async function toAdmin(rows: QuestionWithLot[]): Promise<AdminQuestion[]> {
    const now = clock.now();
    const operatorIds = [...new Set(rows.flatMap((r) => (r.answeredBy !== null ? [r.answeredBy] : [])))];
    const [askers, operators] = await Promise.all([
      d.members.phonesOf([...new Set(rows.map((r) => r.memberId))]),
      d.operatorNames && operatorIds.length > 0 ? d.operatorNames(operatorIds) : new Map<number, string>(),
    ]);
    return rows.map((r) => ({
      id: r.id,
      lotId: r.lotId,
      lotTitle: r.lotTitle,
      lotCover: r.lotCover,
      lotEndsAt: r.lotEndsAt.getTime(),
      lotOpen: r.lotStatus === 'scheduled' && r.lotClosedAt === null && r.lotEndsAt.getTime() > now,
      memberId: r.memberId,
      asker: askers.get(r.memberId) ?? '',
      text: r.text,
      askedAt: r.createdAt.getTime(),
      status: statusOfQuestion(r),
      answer: r.answer,
      answeredAt: r.answeredAt?.getTime() ?? null,
      answeredBy: r.answeredBy !== null ? (operators.get(r.answeredBy) ?? `#${r.answeredBy}`) : null,
    }));
  }

  async function adminOne(id: number): Promise<AdminQuestion> {
    const row = await questions.findWithLot(id);
    if (!row) throw notFound();
    return (await toAdmin([row]))[0]!;
  }

  return {
    /**
     * A member's question, pending until answered. Plain text of 5 to 300 characters; the lot
     * not past its end (409); at most 3 open on the lot and 20 a China day (429), counted under
     * the member's advisory lock in the insert's transaction so parallel requests cannot pass them.
     */
    async ask(memberId: number, input: { id: number; text: string }): Promise<LotQuestion> {
      const text = plainQuestionText(input.text);
      const length = [...text].length;
      if (length < QUESTION_MIN_CHARS || length > QUESTION_MAX_CHARS) throw invalidField('text');
      const lot = await d.repo.findLot(input.id);
      if (!lot) throw notFound();
      const row = await d.db.transaction(async (tx) => {
        await questions.lockMember(memberId, tx);
        const now = clock.now();
        if (!openToQuestions(lot, now)) throw fail('QUESTIONS_CLOSED');
        if ((await questions.openCount(memberId, lot.id, tx)) >= MAX_OPEN_QUESTIONS_PER_LOT)
          throw fail('QUESTION_LIMIT', { limit: MAX_OPEN_QUESTIONS_PER_LOT, scope: 'lot' });
        if ((await questions.countSince(memberId, chinaDayStart(now), tx)) >= MAX_QUESTIONS_PER_DAY)
          throw fail('QUESTION_LIMIT', { limit: MAX_QUESTIONS_PER_DAY, scope: 'day' });
        return questions.insert({ lotId: lot.id, memberId, text, createdAt: new Date(now) }, tx);
      });
      const askers = await d.members.phonesOf([memberId]);
      return toLotQuestion(row, askers.get(memberId) ?? '');
    },

    /** A lot's page: answered public questions, and the caller's own pending ones marked so. */
    async lotQuestions(lotId: number, memberId: number | undefined): Promise<LotQuestion[]> {
      const rows = await questions.ofLot(lotId, memberId);
      const askers = await d.members.phonesOf([...new Set(rows.map((r) => r.memberId))]);
      return rows.map((r) => toLotQuestion(r, askers.get(r.memberId) ?? ''));
    },

    async adminQuestions(q: {
      status: QuestionStatus;
      lotId?: number;
      page: number;
      pageSize: number;
    }): Promise<Page<AdminQuestion>> {
      const { rows, total } = await questions.list({
        status: q.status,
        ...(q.lotId ? { lotId: q.lotId } : {}),
        limit: q.pageSize,
        offset: offsetOf(q),
      });
      return pageResult(await toAdmin(rows), total, q);
    },

    /** Answers an open question: public from now on; the asker is told after the commit. Audited. */
    async answerQuestion(actor: OperatorActor, id: number, answer: string): Promise<AdminQuestion> {
      const row = await d.db.transaction(async (tx) => {
        const before = await questions.findWithLot(id, tx);
        if (!before) throw notFound();
        const answered = await questions.answer(
          id,
          { answer, answeredBy: actor.operatorId, answeredAt: new Date(clock.now()) },
          tx,
        );
        if (!answered) throw fail('QUESTION_NOT_OPEN');
        await d.audit.record(tx, actor, {
          action: 'question.answer',
          targetType: 'question',
          targetId: id,
          before: { lotId: before.lotId, text: before.text },
          after: { answer },
        });
        return before;
      });
      await d.notices.send(
        row.memberId,
        d.notices.notice({ kind: 'question_answered', lotId: row.lotId, title: row.lotTitle }),
      );
      return adminOne(id);
    },

    /** Hides a question (open or answered) for a reason kept in the audit log: never public again. */
    async hideQuestion(actor: OperatorActor, id: number, reason: string): Promise<AdminQuestion> {
      await d.db.transaction(async (tx) => {
        const before = await questions.findWithLot(id, tx);
        if (!before) throw notFound();
        if (!(await questions.hide(id, tx))) throw fail('QUESTION_NOT_OPEN');
        await d.audit.record(tx, actor, {
          action: 'question.hide',
          targetType: 'question',
          targetId: id,
          before: { lotId: before.lotId, text: before.text, answer: before.answer },
          after: { hidden: true, reason },
        });
      });
      return adminOne(id);
    },

    /** The house page's figures: lots closed since `since`, counted from the lots. */
    async houseFigures(since: number) {
      const f = await questions.closedFigures(new Date(since));
      const closed = f.sold + f.unsold;
      return {
        since,
        sold: f.sold,
        unsold: f.unsold,
        sellThroughBps: closed === 0 ? 0 : Math.round((f.sold * 10_000) / closed),
        totalHammer: f.hammer,
      };
    },

    /** A lot's product (the condition report's fallback); undefined for an unknown lot. */
    async lotProductOf(lotId: number): Promise<{ productId: number | null } | undefined> {
      const lot = await d.repo.findLot(lotId);
      return lot ? { productId: lot.productId } : undefined;
    },
  };
}
export type QuestionsService = ReturnType<typeof createQuestionsService>;
