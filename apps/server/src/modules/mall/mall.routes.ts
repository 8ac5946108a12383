import {
  banner,
  bannerQuery,
  category,
  collectInput,
  envelope,
  idParam,
  pageOf,
  product,
  productCard,
  productListQuery,
} from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthHooks } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import type { MallService } from './mall.service.js';

const tags = ['mall'];

export function mallRoutes(app: FastifyInstance, { mall, auth }: { mall: MallService; auth: AuthHooks }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/banner',
    { schema: { tags, querystring: bannerQuery, response: { 200: envelope(z.array(banner)) } } },
    async (req) => ok(await mall.banners(req.query.position)),
  );

  r.get('/category/list', { schema: { tags, response: { 200: envelope(z.array(category)) } } }, async () =>
    ok(await mall.categories()),
  );

  r.get(
    '/product/list',
    {
      schema: { tags, querystring: productListQuery, response: { 200: envelope(pageOf(productCard)) } },
      onRequest: auth.optionalMember,
    },
    async (req) => ok(await mall.products(req.query, req.memberId)),
  );

  r.get(
    '/product/info',
    { schema: { tags, querystring: idParam, response: { 200: envelope(product) } }, onRequest: auth.optionalMember },
    async (req) => ok(await mall.product(req.query.id, req.memberId)),
  );

  r.post(
    '/product/collect',
    {
      schema: {
        tags,
        security: [{ bearer: [] }],
        body: collectInput,
        response: { 200: envelope(z.object({ id: z.number().int(), collected: z.boolean() })) },
      },
      onRequest: auth.member,
    },
    async (req) => ok(await mall.collect(req.memberId!, req.body.id, req.body.collected)),
  );
}
