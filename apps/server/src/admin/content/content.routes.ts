import { contentApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { Route } from '../../http/route.js';
import type { ArticlesService } from '../../modules/content/articles.service.js';
import type { ContentService } from '../../modules/content/content.service.js';

/** Notices, news, the contact page, rules and the app-version policy, as operators write them. */
export function adminContentRoutes(
  app: FastifyInstance,
  { route, articles, content }: { route: Route; articles: ArticlesService; content: ContentService },
) {
  route(app, contentApi.adminNotices, ({ input }) => articles.adminList('notice', input));
  route(app, contentApi.adminCreateNotice, ({ actor, input }) => articles.create(actor, 'notice', input));
  route(app, contentApi.adminUpdateNotice, ({ actor, input: { id, ...input } }) =>
    articles.update(actor, 'notice', id, input),
  );
  route(app, contentApi.adminDeleteNotice, ({ actor, input }) => articles.remove(actor, 'notice', input.id));

  route(app, contentApi.adminNews, ({ input }) => articles.adminList('news', input));
  route(app, contentApi.adminCreateNews, ({ actor, input }) => articles.create(actor, 'news', input));
  route(app, contentApi.adminUpdateNews, ({ actor, input: { id, ...input } }) =>
    articles.update(actor, 'news', id, input),
  );
  route(app, contentApi.adminDeleteNews, ({ actor, input }) => articles.remove(actor, 'news', input.id));

  route(app, contentApi.adminContact, () => articles.adminContact());
  route(app, contentApi.adminUpdateContact, ({ actor, input }) => articles.saveContact(actor, input));

  route(app, contentApi.adminRules, () => content.adminRules());
  route(app, contentApi.adminRulePlaceholders, () => content.rulePlaceholders());
  route(app, contentApi.adminRule, ({ input }) => content.adminRule(input.id));
  route(app, contentApi.adminUpdateRule, ({ actor, input }) => content.saveRule(actor, input));
  route(app, contentApi.adminAppVersion, () => content.adminAppVersion());
  route(app, contentApi.adminUpdateAppVersion, ({ actor, input }) => content.saveAppVersion(actor, input));
}
