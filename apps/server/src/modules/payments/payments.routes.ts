import { paymentsApi, rechargeChannels, type RechargeChannel } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { RechargeFlow } from '../../flows/recharge.flow.js';
import type { Route } from '../../http/route.js';

/**
 * The member's top-up calls, and the providers' notices. The notices are outside `/v1/iyd`
 * (no envelope, no session): each answers as its provider requires, and reads the body as
 * the raw text that was signed.
 */
export function paymentsRoutes(app: FastifyInstance, { route, flow }: { route: Route; flow: RechargeFlow }) {
  route(app, paymentsApi.recharge, ({ memberId, requestKey, input, req }) =>
    flow.open(memberId, input, requestKey, req.ip),
  );
  route(app, paymentsApi.rechargeInfo, ({ memberId, input }) => flow.info(memberId, input.id));

  void app.register(async (scope) => {
    // Signatures cover the bytes as sent: no parser may reorder or decode them first.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
      done(null, body);
    });
    for (const channel of rechargeChannels) {
      scope.post(`/v1/pay/${channel}/notify`, { schema: { hide: true } }, async (req, reply) => {
        const answer = await flow.notice(channel as RechargeChannel, {
          headers: req.headers,
          body: typeof req.body === 'string' ? req.body : '',
        });
        return reply.code(answer.status).type(answer.contentType).send(answer.body);
      });
    }
  });
}
