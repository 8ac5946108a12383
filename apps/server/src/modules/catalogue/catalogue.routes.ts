import { catalogueApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { Route } from '../../http/route.js';
import type { CatalogueService } from './catalogue.service.js';

export function catalogueRoutes(
  app: FastifyInstance,
  { route, catalogue }: { route: Route; catalogue: CatalogueService },
) {
  route(app, catalogueApi.banners, ({ input }) => catalogue.banners(input.position));
  route(app, catalogueApi.categories, () => catalogue.categories());
  route(app, catalogueApi.products, ({ input, maybeMemberId }) => catalogue.products(input, maybeMemberId));
  route(app, catalogueApi.product, ({ input, maybeMemberId }) => catalogue.product(input.id, maybeMemberId));
  route(app, catalogueApi.collect, ({ memberId, input }) => catalogue.collect(memberId, input.id, input.collected));
}
