import { verificationApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { Route } from '../../http/route.js';
import type { MembersService } from '../members/members.service.js';
import type { CaptchaService } from './captcha.service.js';

export function verificationRoutes(
  app: FastifyInstance,
  { route, captcha, members }: { route: Route; captcha: CaptchaService; members: MembersService },
) {
  route(app, verificationApi.captcha, () => captcha.create(), { rateLimit: 30 });
  // Whether the phone may get a code depends on its account: the members service decides.
  route(app, verificationApi.send, ({ input, maybeMemberId }) => members.sendCode(input, maybeMemberId), {
    rateLimit: 10,
  });
}
