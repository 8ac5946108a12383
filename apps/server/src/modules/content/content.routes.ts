import { contentApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { Route } from '../../http/route.js';
import type { ContentService } from './content.service.js';

export function contentRoutes(app: FastifyInstance, { route, content }: { route: Route; content: ContentService }) {
  route(app, contentApi.ruleList, () => content.ruleList());
  route(app, contentApi.rule, ({ input }) => content.rule(input.id));
  route(app, contentApi.appVersion, ({ input }) => content.appVersion(input.version));
}
