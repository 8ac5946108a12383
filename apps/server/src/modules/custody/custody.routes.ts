import { envelope, holding, pageOf, pickListQuery } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthHooks } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import type { CustodyService } from './custody.service.js';

export function custodyRoutes(app: FastifyInstance, { custody, auth }: { custody: CustodyService; auth: AuthHooks }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/pick/list',
    {
      schema: {
        tags: ['custody'],
        security: [{ bearer: [] }],
        querystring: pickListQuery,
        response: { 200: envelope(pageOf(holding)) },
      },
      onRequest: auth.member,
    },
    async (req) => ok(await custody.list(req.memberId!, req.query)),
  );
}
