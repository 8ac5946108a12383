import { envelope, operator, operatorLoginInput, operatorLoginOutput } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthHooks } from '../http/auth.js';
import { ok } from '../http/envelope.js';
import type { OperatorsService } from '../modules/operators/operators.service.js';
import type { SessionsService } from '../modules/sessions/sessions.service.js';

const tags = ['admin: session'];

export function adminSessionRoutes(
  app: FastifyInstance,
  d: { operators: OperatorsService; sessions: SessionsService; auth: AuthHooks },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/login',
    {
      schema: { tags, body: operatorLoginInput, response: { 200: envelope(operatorLoginOutput) } },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (req) => ok(await d.operators.login(req.body.username, req.body.password)),
  );

  r.get('/me', { schema: { tags, response: { 200: envelope(operator) } }, onRequest: d.auth.operator() }, async (req) =>
    ok(req.operator!),
  );

  r.post(
    '/logout',
    { schema: { tags, response: { 200: envelope(z.null()) } }, onRequest: d.auth.operator() },
    async (req) => {
      const s = await d.sessions.operators.authenticate(req.headers.authorization?.replace(/^Bearer\s+/i, ''));
      await d.sessions.operators.revoke(s.sessionId);
      return ok(null);
    },
  );
}
