import { judgeApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { Route } from '../../http/route.js';
import type { AuctionsService } from '../../modules/auctions/auctions.service.js';
import type { ConditionReportsService } from '../../modules/catalogue/condition-reports.service.js';

/** Condition reports of products and lots, and members' questions to answer (issue 18). */
export function adminJudgeRoutes(
  app: FastifyInstance,
  { route, auctions, conditions }: { route: Route; auctions: AuctionsService; conditions: ConditionReportsService },
) {
  route(app, judgeApi.adminProductCondition, ({ input }) => conditions.adminCondition('product', input.id));
  route(app, judgeApi.adminSaveProductCondition, ({ actor, input }) =>
    conditions.saveCondition(actor, 'product', input),
  );
  route(app, judgeApi.adminLotCondition, ({ input }) => conditions.adminCondition('lot', input.id));
  route(app, judgeApi.adminSaveLotCondition, ({ actor, input }) => conditions.saveCondition(actor, 'lot', input));

  route(app, judgeApi.adminQuestions, ({ input }) => auctions.adminQuestions(input));
  route(app, judgeApi.adminAnswerQuestion, ({ actor, input }) =>
    auctions.answerQuestion(actor, input.id, input.answer),
  );
  route(app, judgeApi.adminHideQuestion, ({ actor, input }) => auctions.hideQuestion(actor, input.id, input.reason));
}
