import {
  adminMemberQuery,
  adminMemberRow,
  bill,
  depositInput,
  envelope,
  freezeInput,
  idParam,
  pageOf,
  realNameReviewInput,
  realNameReviewQuery,
  realNameReviewRow,
} from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, type AuthHooks } from '../http/auth.js';
import { ok } from '../http/envelope.js';
import type { Idempotent } from '../http/idempotency.js';
import type { MembersService } from '../modules/members/members.service.js';

const tags = ['admin: members'];
const memberIdParam = z.object({ memberId: z.coerce.number().int().positive() });

export const adminMemberDetail = adminMemberRow.extend({
  idNumber: z.string().optional(),
  inviter: z.object({ id: z.number().int(), phone: z.string() }).nullable(),
  teamCount: z.number().int(),
});

export function adminMembersRoutes(
  app: FastifyInstance,
  d: { members: MembersService; auth: AuthHooks; idempotent: Idempotent },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const viewers = d.auth.operator('support', 'finance');

  r.get(
    '/members',
    {
      schema: { tags, querystring: adminMemberQuery, response: { 200: envelope(pageOf(adminMemberRow)) } },
      onRequest: viewers,
    },
    async (req) => ok(await d.members.list(req.query)),
  );

  r.get(
    '/members/:id',
    { schema: { tags, params: idParam, response: { 200: envelope(adminMemberDetail) } }, onRequest: viewers },
    async (req) => ok(await d.members.detail(req.params.id)),
  );

  r.post(
    '/members/:id/freeze',
    {
      schema: { tags, params: idParam, body: freezeInput, response: { 200: envelope(adminMemberRow) } },
      onRequest: d.auth.operator('support'),
    },
    async (req) => ok(await d.members.freeze(actorOf(req), req.params.id, req.body)),
  );

  r.post(
    '/members/:id/deposit',
    {
      schema: {
        tags,
        description: 'Records an offline bank transfer. Honours Idempotency-Key.',
        params: idParam,
        body: depositInput,
        response: { 200: envelope(bill) },
      },
      onRequest: d.auth.operator('finance'),
    },
    async (req) =>
      ok(
        await d.idempotent(req, `operator:${req.operator!.id}`, () =>
          d.members.deposit(actorOf(req), req.params.id, req.body),
        ),
      ),
  );

  r.get(
    '/realname',
    {
      schema: { tags, querystring: realNameReviewQuery, response: { 200: envelope(pageOf(realNameReviewRow)) } },
      onRequest: d.auth.operator('support'),
    },
    async (req) => ok(await d.members.realNameQueue(req.query)),
  );

  r.post(
    '/realname/:memberId/review',
    {
      schema: {
        tags,
        params: memberIdParam,
        body: realNameReviewInput,
        response: { 200: envelope(realNameReviewRow) },
      },
      onRequest: d.auth.operator('support'),
    },
    async (req) => ok(await d.members.reviewRealName(actorOf(req), req.params.memberId, req.body)),
  );
}
