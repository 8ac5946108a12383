import fs from 'node:fs';
import { uploadsApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/domain-error.js';
import type { Route } from '../../http/route.js';
import type { UploadsService } from './uploads.service.js';

export function uploadsRoutes(app: FastifyInstance, { route, uploads }: { route: Route; uploads: UploadsService }) {
  route(app, uploadsApi.oss, ({ memberId, input }) =>
    uploads.issue({ type: 'member', id: memberId }, input.purpose, input.type),
  );
  route(app, uploadsApi.upload, ({ input, body }) => uploads.receive(input, body), { rateLimit: 30 });
}

/** Uploaded files; private ones (ID cards) only through a signed, expiring link. */
export function filesRoute(app: FastifyInstance, { uploads }: { uploads: UploadsService }) {
  app.get<{ Params: { '*': string }; Querystring: { expires?: string; sig?: string } }>(
    '/files/*',
    { schema: { hide: true } },
    async (req, reply) => {
      const file = await uploads.open(req.params['*'], req.query);
      if (!file) throw notFound();
      // In a bucket: an old /files link leads to the CDN, or for an ID card to a presigned GET.
      if ('redirect' in file) {
        reply.header('Cache-Control', file.private ? 'private, no-store' : 'public, max-age=86400');
        return reply.redirect(file.redirect, 302);
      }
      reply
        .type(file.mime)
        .header('Content-Length', file.bytes)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', file.private ? 'private, max-age=600' : 'public, max-age=31536000, immutable');
      return reply.send(fs.createReadStream(file.path));
    },
  );
}
