import type { Operator, OperatorRole } from '@antique/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperatorsService } from '../modules/operators/operators.service.js';
import type { SessionsService } from '../modules/sessions/sessions.service.js';
import { AppError } from './app-error.js';
import type { OperatorActor } from '../modules/audit/audit.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    memberId?: number;
    memberSessionId?: number;
    operator?: Operator;
  }
}

export function bearer(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1];
}

export function createAuthHooks(sessions: SessionsService, operators: OperatorsService) {
  /** Members only: 301 without a known token, 302 when it expired or was revoked. */
  async function member(req: FastifyRequest, _reply: FastifyReply) {
    const s = await sessions.members.authenticate(bearer(req));
    req.memberId = s.ownerId;
    req.memberSessionId = s.sessionId;
  }

  /** Public calls that add member-specific fields when a valid token comes along. */
  async function optionalMember(req: FastifyRequest, _reply: FastifyReply) {
    const token = bearer(req);
    if (!token) return;
    try {
      const s = await sessions.members.authenticate(token);
      req.memberId = s.ownerId;
      req.memberSessionId = s.sessionId;
    } catch {
      /* a stale token on a public call is simply ignored */
    }
  }

  /** Operators, optionally only of some roles (admin may do everything). */
  function operator(...roles: OperatorRole[]) {
    return async (req: FastifyRequest, _reply: FastifyReply) => {
      const s = await sessions.operators.authenticate(bearer(req));
      const op = await operators.active(s.ownerId);
      if (roles.length > 0 && op.role !== 'admin' && !roles.includes(op.role)) throw new AppError(403, 'FORBIDDEN');
      req.operator = op;
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

export const metaOf = (req: FastifyRequest) => ({
  ip: req.ip,
  userAgent: req.headers['user-agent']?.slice(0, 200),
});
