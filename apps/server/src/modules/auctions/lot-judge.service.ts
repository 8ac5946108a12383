import type { LotDetail } from '@antique/shared';
import type { ConditionView } from '../catalogue/condition-reports.service.js';
import { notFound } from '../../lib/domain-error.js';
import { createQuestionsService } from './questions.service.js';

type QuestionsDeps = Parameters<typeof createQuestionsService>[0];

export interface LotJudgeDeps extends QuestionsDeps {
  /** A lot's condition report: its own, else its product's (the catalogue's). */
  conditions?: { lotCondition(lotId: number, productId: number | null): Promise<ConditionView> };
  /** The lot's page as the parts before this one make it. */
  info: (memberId: number | undefined, id: number) => Promise<LotDetail>;
}

/**
 * What a collector judges a lot by (issue 18): its page adds the house's condition report
 * (and certificate) and the questions; the questions themselves and the house's figures.
 */
export function createLotJudgeService(d: LotJudgeDeps) {
  const questions = createQuestionsService(d);
  return {
    ...questions,

    /** One lot with its condition report (null when none) and its public questions (and the caller's pending ones). */
    async info(memberId: number | undefined, id: number): Promise<LotDetail> {
      const [lot, row] = await Promise.all([d.info(memberId, id), d.repo.publicLot(id)]);
      if (!row) throw notFound();
      const [condition, asked] = await Promise.all([
        d.conditions ? d.conditions.lotCondition(id, row.productId) : { condition: null },
        questions.lotQuestions(id, memberId),
      ]);
      return { ...lot, ...condition, questions: asked };
    },
  };
}
