import { searchApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { Route } from '../../http/route.js';
import type { AuctionsService } from '../auctions/auctions.service.js';
import type { SavedSearchesService } from './saved-searches.service.js';

/** Saved searches, and 成交结果 (the auctions' sold lots), issue 18. */
export function savedSearchesRoutes(
  app: FastifyInstance,
  { route, savedSearches, auctions }: { route: Route; savedSearches: SavedSearchesService; auctions: AuctionsService },
) {
  route(app, searchApi.results, ({ input }) => auctions.results(input));
  route(app, searchApi.saveSearch, ({ memberId, input }) => savedSearches.saveSearch(memberId, input));
  route(app, searchApi.savedSearches, ({ memberId, input }) => savedSearches.savedSearches(memberId, input));
  route(app, searchApi.removeSavedSearch, ({ memberId, input }) => savedSearches.removeSavedSearch(memberId, input.id));
}
