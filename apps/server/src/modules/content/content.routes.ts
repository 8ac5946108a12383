import { appVersionInput, appVersionOutput, envelope, ruleOutput } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import type { ContentService } from './content.service.js';

const tags = ['content'];

export function contentRoutes(app: FastifyInstance, { content }: { content: ContentService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/rule',
    {
      schema: {
        tags,
        querystring: z.object({
          id: z
            .string()
            .trim()
            .regex(/^[a-z][a-z0-9_-]{0,31}$/, { error: 'invalid.id' }),
        }),
        response: { 200: envelope(ruleOutput) },
      },
    },
    async (req) => ok(await content.rule(req.query.id)),
  );

  r.get(
    '/index',
    { schema: { tags, querystring: appVersionInput, response: { 200: envelope(appVersionOutput) } } },
    async (req) => ok(await content.appVersion(req.query.version)),
  );
}
