import { confirmOrderInput, createOrderInput, envelope, idParam, order, orderListQuery, pageOf } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthHooks } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import type { Idempotent } from '../../http/idempotency.js';
import type { OrdersService } from './orders.service.js';

const tags = ['orders'];
const security = [{ bearer: [] }];

export function ordersRoutes(
  app: FastifyInstance,
  { orders, auth, idempotent }: { orders: OrdersService; auth: AuthHooks; idempotent: Idempotent },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/order/create',
    {
      schema: {
        tags,
        security,
        description: 'Reserves stock. Honours Idempotency-Key.',
        body: createOrderInput,
        response: { 200: envelope(order) },
      },
      onRequest: auth.member,
    },
    async (req) => ok(await idempotent(req, `member:${req.memberId}`, () => orders.create(req.memberId!, req.body))),
  );

  r.get(
    '/order/list',
    {
      schema: { tags, security, querystring: orderListQuery, response: { 200: envelope(pageOf(order)) } },
      onRequest: auth.member,
    },
    async (req) => ok(await orders.list(req.memberId!, req.query)),
  );

  r.get(
    '/order/info',
    { schema: { tags, security, querystring: idParam, response: { 200: envelope(order) } }, onRequest: auth.member },
    async (req) => ok(await orders.info(req.memberId!, req.query.id)),
  );

  r.post(
    '/order/confirm',
    {
      schema: {
        tags,
        security,
        description:
          'Pays from the balance with the trade password. Paying a paid order returns it. Honours Idempotency-Key.',
        body: confirmOrderInput,
        response: { 200: envelope(order) },
      },
      onRequest: auth.member,
    },
    async (req) =>
      ok(
        await idempotent(req, `member:${req.memberId}`, () =>
          orders.confirm(req.memberId!, req.body.id, req.body.tradePassword),
        ),
      ),
  );
}
