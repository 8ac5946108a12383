import {
  captchaOutput,
  changePasswordInput,
  envelope,
  loginInput,
  member,
  realNameInput,
  registerInput,
  sendInput,
  sendOutput,
  sessionOutput,
  tradePasswordInput,
  updateMemberInput,
} from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { metaOf, type AuthHooks } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import type { CaptchaService } from '../verification/captcha.service.js';
import type { MembersService } from './members.service.js';

const tags = ['members'];
const strict = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

export function membersRoutes(
  app: FastifyInstance,
  { members, captcha, auth }: { members: MembersService; captcha: CaptchaService; auth: AuthHooks },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/captcha', { schema: { tags, response: { 200: envelope(captchaOutput) } }, config: strict(30) }, async () =>
    ok(await captcha.create()),
  );

  r.post(
    '/send',
    {
      schema: { tags, body: sendInput, response: { 200: envelope(sendOutput) } },
      config: strict(10),
      onRequest: auth.optionalMember,
    },
    async (req) => ok(await members.sendCode(req.body, req.memberId)),
  );

  r.post(
    '/member/register',
    { schema: { tags, body: registerInput, response: { 200: envelope(sessionOutput) } }, config: strict(10) },
    async (req) => ok(await members.register(req.body, metaOf(req))),
  );

  r.post(
    '/member/login',
    { schema: { tags, body: loginInput, response: { 200: envelope(sessionOutput) } }, config: strict(20) },
    async (req) => ok(await members.login(req.body, metaOf(req))),
  );

  r.get(
    '/member/info',
    { schema: { tags, security: [{ bearer: [] }], response: { 200: envelope(member) } }, onRequest: auth.member },
    async (req) => ok(await members.info(req.memberId!)),
  );

  r.post(
    '/member/info',
    {
      schema: { tags, security: [{ bearer: [] }], body: updateMemberInput, response: { 200: envelope(member) } },
      onRequest: auth.member,
    },
    async (req) => ok(await members.update(req.memberId!, req.body)),
  );

  r.post(
    '/member/password',
    {
      schema: {
        tags,
        security: [{ bearer: [] }],
        body: changePasswordInput,
        response: { 200: envelope(sessionOutput) },
      },
      onRequest: auth.member,
    },
    async (req) => ok(await members.changePassword(req.memberId!, req.body, metaOf(req))),
  );

  r.post(
    '/member/password/trade',
    {
      schema: {
        tags,
        security: [{ bearer: [] }],
        body: tradePasswordInput,
        response: { 200: envelope(z.object({ hasTradePassword: z.literal(true) })) },
      },
      onRequest: auth.member,
    },
    async (req) => ok(await members.setTradePassword(req.memberId!, req.body)),
  );

  r.post(
    '/member/auth',
    {
      schema: {
        tags,
        security: [{ bearer: [] }],
        body: realNameInput,
        response: { 200: envelope(z.object({ realNameStatus: z.literal('pending') })) },
      },
      onRequest: auth.member,
    },
    async (req) => ok(await members.submitRealName(req.memberId!, req.body)),
  );
}
