import { operatorsApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { Route } from '../../http/route.js';
import type { OperatorsService } from '../../modules/operators/operators.service.js';
import type { CaptchaService } from '../../modules/verification/captcha.service.js';

/** Operators' sessions and, for admins, operator accounts. */
export function adminOperatorsRoutes(
  app: FastifyInstance,
  { route, operators, captcha }: { route: Route; operators: OperatorsService; captcha: CaptchaService },
) {
  route(app, operatorsApi.captcha, () => captcha.create(), { rateLimit: 30 });
  route(app, operatorsApi.login, ({ input, req }) => operators.login(input, { ip: req.ip, requestId: req.id }), {
    rateLimit: 10,
  });
  route(app, operatorsApi.me, async ({ operator }) => operator);
  route(app, operatorsApi.logout, ({ sessionId }) => operators.logout(sessionId));
  route(app, operatorsApi.list, () => operators.list());
  route(app, operatorsApi.create, ({ actor, input }) => operators.create(actor, input));
  route(app, operatorsApi.update, ({ actor, input: { id, ...input } }) => operators.update(actor, id, input));
}
