import { judgeApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { Route } from '../../http/route.js';
import type { HouseService } from './house.service.js';

/** 关于本行, open to guests (issue 18). */
export function houseRoutes(app: FastifyInstance, { route, house }: { route: Route; house: HouseService }) {
  route(app, judgeApi.house, () => house.house());
}
