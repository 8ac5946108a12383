import { address, addressInput, envelope, idParam } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthHooks } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import type { AddressesService } from './addresses.service.js';

const tags = ['addresses'];
const security = [{ bearer: [] }];

export function addressesRoutes(
  app: FastifyInstance,
  { addresses, auth }: { addresses: AddressesService; auth: AuthHooks },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/address/list',
    { schema: { tags, security, response: { 200: envelope(z.array(address)) } }, onRequest: auth.member },
    async (req) => ok(await addresses.list(req.memberId!)),
  );

  r.get(
    '/address',
    { schema: { tags, security, response: { 200: envelope(address.nullable()) } }, onRequest: auth.member },
    async (req) => ok(await addresses.defaultOf(req.memberId!)),
  );

  r.get(
    '/address/info',
    {
      schema: {
        tags,
        security,
        description: 'Addition: one address, for the edit form.',
        querystring: idParam,
        response: { 200: envelope(address) },
      },
      onRequest: auth.member,
    },
    async (req) => ok(await addresses.find(req.memberId!, req.query.id)),
  );

  r.post(
    '/address',
    { schema: { tags, security, body: addressInput, response: { 200: envelope(address) } }, onRequest: auth.member },
    async (req) => ok(await addresses.save(req.memberId!, req.body)),
  );

  r.delete(
    '/address/:id',
    { schema: { tags, security, params: idParam, response: { 200: envelope(z.null()) } }, onRequest: auth.member },
    async (req) => ok(await addresses.remove(req.memberId!, req.params.id)),
  );
}
