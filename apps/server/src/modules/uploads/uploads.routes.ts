import fs from 'node:fs';
import { MAX_UPLOAD_BYTES, envelope, ossInput, ossOutput } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthHooks } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import type { UploadsService } from './uploads.service.js';

const tags = ['uploads'];
const uploadQuery = z.object({
  key: z.string().max(80),
  expires: z.coerce.number().int(),
  sig: z.string().max(100),
});

export function uploadsRoutes(app: FastifyInstance, { uploads, auth }: { uploads: UploadsService; auth: AuthHooks }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/oss',
    {
      schema: { tags, security: [{ bearer: [] }], querystring: ossInput, response: { 200: envelope(ossOutput) } },
      onRequest: auth.member,
    },
    async (req) => ok(await uploads.issue({ type: 'member', id: req.memberId! }, req.query.purpose)),
  );

  // The signed upload target: raw image bytes in the body, whatever content type is claimed.
  r.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES + 1 }, (_req, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().put(
      '/oss/upload',
      {
        schema: {
          tags,
          description: 'Addition: the signed upload URL that GET /oss hands out (embedded storage).',
          querystring: uploadQuery,
          response: { 200: envelope(z.object({ key: z.string(), url: z.string() })) },
        },
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (req) => ok(await uploads.receive(req.query, Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0))),
    );
  });
}

/** Uploaded files; private ones (ID cards) only through a signed, expiring link. */
export function filesRoute(app: FastifyInstance, { uploads }: { uploads: UploadsService }) {
  app.get<{ Params: { '*': string }; Querystring: { expires?: string; sig?: string } }>(
    '/files/*',
    { schema: { hide: true } },
    async (req, reply) => {
      const file = await uploads.open(req.params['*'], req.query);
      if (!file) return reply.status(404).type('text/plain').send('Not found');
      reply
        .type(file.mime)
        .header('Content-Length', file.bytes)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', file.private ? 'private, max-age=600' : 'public, max-age=31536000, immutable');
      return reply.send(fs.createReadStream(file.path));
    },
  );
}
