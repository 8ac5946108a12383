import type { FastifyRequest } from 'fastify';
import { sha256 } from '../lib/tokens.js';
import type { IdempotencyService } from '../modules/idempotency/idempotency.service.js';
import { fail } from '../lib/domain-error.js';

/** What makes two requests "the same" for a key: method, route, path parameters and body. */
export function requestHashOf(r: { method: string; route: string; params: unknown; body: unknown }): string {
  return sha256(`${r.method} ${r.route}\n${JSON.stringify(r.params)}\n${JSON.stringify(r.body ?? null)}`);
}

/** `Idempotency-Key` on a request: absent, the call simply runs; present, it runs once per key. */
export function createIdempotency(service: IdempotencyService) {
  return async function idempotent<T>(req: FastifyRequest, scope: string, run: () => Promise<T>): Promise<T> {
    const raw = req.headers['idempotency-key'];
    if (raw === undefined) return run();
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!key || key.length > 64) throw fail('VALIDATION', { field: 'Idempotency-Key', key: 'invalid.idempotencyKey' });
    const requestHash = requestHashOf({
      method: req.method,
      route: req.routeOptions.url ?? req.url,
      params: req.params,
      body: req.body,
    });
    return service.once({ scope, key, requestHash }, run);
  };
}
export type Idempotent = ReturnType<typeof createIdempotency>;
