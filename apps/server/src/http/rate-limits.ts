import { normalizeIP, type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { fail } from '../lib/domain-error.js';

const tooMany = (ttlMs: number) => fail('RATE_LIMITED', { retryAfter: Math.max(1, Math.ceil(ttlMs / 1000)) });
const addressOf = (req: FastifyRequest) => `a:${normalizeIP(req.ip)}`;

/**
 * Who a request counts against. Captcha, SMS, sign-in, sign-up and password reset have
 * tight limits of their own (`rateLimit` in the route's options): per address, each its
 * own count. Otherwise a member's call counts against the member of its token and an
 * operator's against the operator, wherever they call from (thousands of phones share
 * one carrier address); only a guest's call counts against the address. The auth hooks
 * run before this (onRequest, in the route's order), so the caller is known here.
 */
function keyOf(req: FastifyRequest): string {
  if (req.routeOptions.config.rateLimit) return addressOf(req);
  if (req.memberId !== undefined) return `m:${req.memberId}`;
  if (req.operator) return `o:${req.operator.id}`;
  return addressOf(req);
}

/** Options of `@fastify/rate-limit` for every route: requests per minute per member, operator or address. */
export function requestLimits(config: Config): RateLimitPluginOptions {
  return {
    global: true,
    timeWindow: '1 minute',
    // One count per member, operator and address held in memory; the least recent go first.
    cache: 100_000,
    keyGenerator: keyOf,
    max: (_req, key) =>
      key.startsWith('m:')
        ? config.RATE_LIMIT_PER_MEMBER
        : key.startsWith('o:')
          ? config.RATE_LIMIT_PER_OPERATOR
          : config.rateLimitPerAddress,
    // The apps' files and the pictures are not calls of the API.
    allowList: (req) => !req.url.startsWith('/v1/'),
    errorResponseBuilder: (_req, ctx) => tooMany(ctx.ttl),
  };
}

/**
 * A token that is unknown, expired or revoked never reaches the limits above (its request
 * ends in the auth hook): such requests are counted per address, against the guests'
 * ceiling, so that nobody tries tokens at will.
 */
export function failedAuthLimit(app: FastifyInstance, config: Config) {
  const check = app.createRateLimit({ keyGenerator: addressOf, max: config.rateLimitPerAddress, timeWindow: 60_000 });
  return async (req: FastifyRequest): Promise<void> => {
    const r = await check(req);
    if (!r.isAllowed && r.isExceeded) throw tooMany(r.ttl);
  };
}
