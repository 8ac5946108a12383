import { createRequire } from 'node:module';
import { normalizeIP, type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { fail } from '../lib/domain-error.js';
import type { LimitsService } from '../modules/limits/limits.service.js';

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

type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;
interface LimitParams {
  groupId?: string;
  routeInfo?: { method?: string | string[]; url?: string };
}

/** Counts of one route's own limit (or one named limit), kept in PostgreSQL: every instance adds to the same. */
function sharedCounts(limits: LimitsService, name: string) {
  return {
    incr(key: string, done: Counted, timeWindow: number) {
      limits.count(`${name} ${key}`, timeWindow).then(
        (r) => done(null, { current: r.count, ttl: r.ttlMs }),
        (e: Error) => done(e),
      );
    },
    child: (params: unknown) => sharedCounts(limits, nameOf(params as LimitParams)),
  };
}
const nameOf = (params: LimitParams) =>
  params.groupId ?? `${[params.routeInfo?.method ?? ''].flat().join(',')} ${params.routeInfo?.url ?? ''}`;

/** The plugin's own in-memory store (what it uses unless given one): a fixed window a key in an LRU. */
interface LocalStore {
  incr(key: string, done: Counted, timeWindow: number, max: number): void;
}
const LocalStore = createRequire(import.meta.url)('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache: number,
) => LocalStore;

/**
 * The plugin's store. The broad ceilings (every request of a member, an operator, a guest
 * address) are counted by the plugin's own store in this process, the least recent of
 * 100,000 keys dropped first: with several instances each counts its own share, and a
 * request costs no query. The tight limits of single routes and the unknown tokens
 * (`child`) are counted in PostgreSQL, shared by every instance, so two instances do not
 * double them.
 */
function houseStore(limits: LimitsService) {
  return class HouseStore extends LocalStore {
    constructor() {
      super(false, false, 100_000);
    }
    // The plugin's store answers with its own entry, which the next request of the key
    // changes; the plugin reads it after an await, so requests counted in one turn (a
    // batch of session lookups ending together) all read the last count. A copy each.
    override incr(key: string, done: Counted, timeWindow: number, max: number) {
      super.incr(key, (e, r) => done(e, r && { current: r.current, ttl: r.ttl }), timeWindow, max);
    }

    // The plugin hands a child its merged limit (with `routeInfo`), not what its types say.
    child(params: unknown) {
      return sharedCounts(limits, nameOf(params as LimitParams));
    }
  };
}

/** Options of `@fastify/rate-limit` for every route: requests per minute per member, operator or address. */
export function requestLimits(config: Config, limits: LimitsService): RateLimitPluginOptions {
  return {
    global: true,
    timeWindow: '1 minute',
    store: houseStore(limits),
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
  // `groupId` names the shared count (the plugin passes it on to the store; its types omit it).
  const options = {
    keyGenerator: addressOf,
    max: config.rateLimitPerAddress,
    timeWindow: 60_000,
    groupId: 'unknown-token',
  };
  const check = app.createRateLimit(options);
  return async (req: FastifyRequest): Promise<void> => {
    const r = await check(req);
    if (!r.isAllowed && r.isExceeded) throw tooMany(r.ttl);
  };
}
