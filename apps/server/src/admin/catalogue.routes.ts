import {
  adminBanner,
  adminProduct,
  adminProductQuery,
  bannerInput,
  bannerPositions,
  category,
  categoryInput,
  envelope,
  idParam,
  pageOf,
  productInput,
} from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, type AuthHooks } from '../http/auth.js';
import { ok } from '../http/envelope.js';
import type { MallService } from '../modules/mall/mall.service.js';

export function adminCatalogueRoutes(app: FastifyInstance, { mall, auth }: { mall: MallService; auth: AuthHooks }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const operator = auth.operator('operator');
  const tags = ['admin: catalogue'];

  r.get(
    '/categories',
    { schema: { tags, response: { 200: envelope(z.array(category)) } }, onRequest: operator },
    async () => ok(await mall.categories()),
  );
  r.post(
    '/categories',
    { schema: { tags, body: categoryInput, response: { 200: envelope(category) } }, onRequest: operator },
    async (req) => ok(await mall.saveCategory(actorOf(req), req.body)),
  );
  r.put(
    '/categories/:id',
    {
      schema: { tags, params: idParam, body: categoryInput, response: { 200: envelope(category) } },
      onRequest: operator,
    },
    async (req) => ok(await mall.saveCategory(actorOf(req), req.body, req.params.id)),
  );
  r.delete(
    '/categories/:id',
    { schema: { tags, params: idParam, response: { 200: envelope(z.null()) } }, onRequest: operator },
    async (req) => ok(await mall.deleteCategory(actorOf(req), req.params.id)),
  );

  r.get(
    '/products',
    {
      schema: { tags, querystring: adminProductQuery, response: { 200: envelope(pageOf(adminProduct)) } },
      onRequest: operator,
    },
    async (req) => ok(await mall.adminProducts(req.query)),
  );
  r.post(
    '/products',
    { schema: { tags, body: productInput, response: { 200: envelope(adminProduct) } }, onRequest: operator },
    async (req) => ok(await mall.createProduct(actorOf(req), req.body)),
  );
  r.get(
    '/products/:id',
    { schema: { tags, params: idParam, response: { 200: envelope(adminProduct) } }, onRequest: operator },
    async (req) => ok(await mall.adminProduct(req.params.id)),
  );
  r.put(
    '/products/:id',
    {
      schema: { tags, params: idParam, body: productInput, response: { 200: envelope(adminProduct) } },
      onRequest: operator,
    },
    async (req) => ok(await mall.updateProduct(actorOf(req), req.params.id, req.body)),
  );

  const contentTags = ['admin: content'];
  r.get(
    '/banners',
    {
      schema: {
        tags: contentTags,
        querystring: z.object({ position: z.enum(bannerPositions).optional() }),
        response: { 200: envelope(z.array(adminBanner)) },
      },
      onRequest: operator,
    },
    async (req) => ok(await mall.adminBanners(req.query.position)),
  );
  r.post(
    '/banners',
    { schema: { tags: contentTags, body: bannerInput, response: { 200: envelope(adminBanner) } }, onRequest: operator },
    async (req) => ok(await mall.saveBanner(actorOf(req), req.body)),
  );
  r.put(
    '/banners/:id',
    {
      schema: { tags: contentTags, params: idParam, body: bannerInput, response: { 200: envelope(adminBanner) } },
      onRequest: operator,
    },
    async (req) => ok(await mall.saveBanner(actorOf(req), req.body, req.params.id)),
  );
  r.delete(
    '/banners/:id',
    { schema: { tags: contentTags, params: idParam, response: { 200: envelope(z.null()) } }, onRequest: operator },
    async (req) => ok(await mall.deleteBanner(actorOf(req), req.params.id)),
  );
}
