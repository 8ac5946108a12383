import type { FastifyRequest } from 'fastify';
import { sha256 } from '../lib/tokens.js';
import type { IdempotencyService } from '../modules/idempotency/idempotency.service.js';
import { AppError } from './app-error.js';

/** `Idempotency-Key` on a request: absent, the call simply runs; present, it runs once per key. */
export function createIdempotency(service: IdempotencyService) {
  return async function idempotent<T>(req: FastifyRequest, scope: string, run: () => Promise<T>): Promise<T> {
    const raw = req.headers['idempotency-key'];
    if (raw === undefined) return run();
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!key || key.length > 64)
      throw new AppError(400, 'VALIDATION', { field: 'Idempotency-Key', key: 'invalid.idempotencyKey' });
    const requestHash = sha256(
      `${req.method} ${req.routeOptions.url ?? req.url}\n${JSON.stringify(req.params)}\n${JSON.stringify(req.body ?? null)}`,
    );
    return service.once({ scope, key, requestHash }, run);
  };
}
export type Idempotent = ReturnType<typeof createIdempotency>;
