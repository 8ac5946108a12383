import { billPage, billQuery, envelope } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthHooks } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import type { WalletService } from './wallet.service.js';

export function walletRoutes(app: FastifyInstance, { wallet, auth }: { wallet: WalletService; auth: AuthHooks }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/asset/bill',
    {
      schema: {
        tags: ['wallet'],
        security: [{ bearer: [] }],
        querystring: billQuery,
        response: { 200: envelope(billPage) },
      },
      onRequest: auth.member,
    },
    async (req) => {
      const [page, summary] = await Promise.all([
        wallet.bills({ ...req.query, memberId: req.memberId! }),
        wallet.summary(req.memberId!),
      ]);
      return ok({ ...page, ...summary });
    },
  );
}
