import { messagesApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { Route } from '../../http/route.js';
import type { MessagesService } from './messages.service.js';

export function messagesRoutes(app: FastifyInstance, { route, messages }: { route: Route; messages: MessagesService }) {
  route(app, messagesApi.list, ({ memberId, input }) => messages.list(memberId, input));
  route(app, messagesApi.read, ({ memberId, input }) => messages.read(memberId, input));
}
