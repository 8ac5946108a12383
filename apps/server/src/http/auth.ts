import type { Operator, OperatorRole } from '@antique/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionMeta } from '../lib/session-store.js';
import type { OperatorActor } from '../modules/audit/audit.service.js';
import type { MembersService } from '../modules/members/members.service.js';
import type { OperatorsService } from '../modules/operators/operators.service.js';
import { fail } from '../lib/domain-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    memberId?: number;
    memberSessionId?: number;
    operator?: Operator;
    operatorSessionId?: number;
  }
}

export function bearer(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1];
}

export function createAuthHooks(
  { members, operators }: { members: MembersService; operators: OperatorsService },
  opts: {
    /** Counts a request whose token failed, and refuses it with 429 past the limit (`http/rate-limits.ts`). */
    failedAuth?: (req: FastifyRequest) => Promise<void>;
  } = {},
) {
  async function failed(req: FastifyRequest, e: unknown): Promise<never> {
    await opts.failedAuth?.(req);
    throw e;
  }

  /** Members only: 301 without a known token, 302 when it expired or was revoked. */
  async function member(req: FastifyRequest, _reply: FastifyReply) {
    const s = await members.authenticate(bearer(req)).catch((e: unknown) => failed(req, e));
    req.memberId = s.memberId;
    req.memberSessionId = s.sessionId;
  }

  /** Public calls that add member-specific fields when a valid token comes along. */
  async function optionalMember(req: FastifyRequest, _reply: FastifyReply) {
    const token = bearer(req);
    if (!token) return;
    try {
      const s = await members.authenticate(token);
      req.memberId = s.memberId;
      req.memberSessionId = s.sessionId;
    } catch {
      /* a stale token on a public call is simply ignored */
    }
  }

  /** Operators, optionally only of some roles (admin may do everything). */
  function operator(...roles: readonly string[]) {
    return async (req: FastifyRequest, _reply: FastifyReply) => {
      const s = await operators.authenticate(bearer(req)).catch((e: unknown) => failed(req, e));
      if (roles.length > 0 && s.operator.role !== 'admin' && !roles.includes(s.operator.role as OperatorRole)) {
        throw fail('FORBIDDEN');
      }
      req.operator = s.operator;
      req.operatorSessionId = s.sessionId;
    };
  }

  return { member, optionalMember, operator };
}
export type AuthHooks = ReturnType<typeof createAuthHooks>;

export const actorOf = (req: FastifyRequest): OperatorActor => ({
  operatorId: req.operator!.id,
  ip: req.ip,
  requestId: req.id,
});

export const metaOf = (req: FastifyRequest): SessionMeta => ({
  ip: req.ip,
  userAgent: req.headers['user-agent']?.slice(0, 200),
});
