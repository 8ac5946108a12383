import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { createIdempotencyRepository } from './idempotency.repository.js';

const KEEP_MS = 24 * 3600 * 1000;

/**
 * The same key from the same caller within 24 h returns the first call's result and does
 * nothing again; the same key with another request is refused. A call that failed leaves
 * no trace, so it may be retried with its key.
 */
export function createIdempotencyService({ db, clock }: { db: Db; clock: Clock }) {
  const repo = createIdempotencyRepository(db);
  return {
    async once<T>(call: { scope: string; key: string; requestHash: string }, run: () => Promise<T>): Promise<T> {
      const { scope, key, requestHash } = call;
      for (let waited = 0; ; waited += 100) {
        const now = clock.now();
        if (await repo.claim({ scope, key, requestHash, createdAt: new Date(now) })) break;
        const prior = await repo.find(scope, key);
        if (!prior) continue;
        if (now - prior.createdAt.getTime() > KEEP_MS) {
          await repo.remove(scope, key, prior.createdAt);
          continue;
        }
        if (prior.requestHash !== requestHash) throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED');
        if (prior.statusCode !== null) return prior.response as T;
        // The first call is still running: wait for its answer a little, then tell the caller.
        if (waited > 10_000) throw new AppError(409, 'RATE_LIMITED', { retryAfter: 1 });
        await new Promise((r) => setTimeout(r, 100));
      }

      try {
        const result = await run();
        await repo.complete(scope, key, result);
        return result;
      } catch (e) {
        await repo.remove(scope, key);
        throw e;
      }
    },
  };
}
export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
