import { addressesApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { Route } from '../../http/route.js';
import type { AddressesService } from './addresses.service.js';

export function addressesRoutes(
  app: FastifyInstance,
  { route, addresses }: { route: Route; addresses: AddressesService },
) {
  route(app, addressesApi.list, ({ memberId }) => addresses.list(memberId));
  route(app, addressesApi.getDefault, ({ memberId }) => addresses.defaultOf(memberId));
  route(app, addressesApi.info, ({ memberId, input }) => addresses.find(memberId, input.id));
  route(app, addressesApi.save, ({ memberId, input }) => addresses.save(memberId, input));
  route(app, addressesApi.remove, ({ memberId, input }) => addresses.remove(memberId, input.id));
}
