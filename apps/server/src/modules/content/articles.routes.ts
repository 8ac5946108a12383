import { contentApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { Route } from '../../http/route.js';
import type { ArticlesService } from './articles.service.js';

/** Members' notices, news and contact page (guests too). */
export function articlesRoutes(app: FastifyInstance, { route, articles }: { route: Route; articles: ArticlesService }) {
  route(app, contentApi.noticeList, ({ input }) => articles.list('notice', input));
  route(app, contentApi.noticeInfo, ({ input }) => articles.info('notice', input.id));
  route(app, contentApi.newsList, ({ input }) => articles.list('news', input));
  route(app, contentApi.newsInfo, ({ input }) => articles.info('news', input.id));
  route(app, contentApi.contact, () => articles.contact());
}
