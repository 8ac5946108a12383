import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import type { Clock } from '../lib/clock.js';
import { sha256 } from '../lib/tokens.js';
import { AppError } from './app-error.js';

const KEEP_MS = 24 * 3600 * 1000;

/**
 * `Idempotency-Key`: the same key from the same caller within 24 h returns the first
 * call's result and does nothing again; the same key with another request is refused.
 * A call that failed leaves no trace, so it may be retried with its key.
 */
export function createIdempotency({ db, clock }: { db: Db; clock: Clock }) {
  return async function idempotent<T>(req: FastifyRequest, scope: string, run: () => Promise<T>): Promise<T> {
    const raw = req.headers['idempotency-key'];
    if (raw === undefined) return run();
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!key || key.length > 64)
      throw new AppError(400, 'VALIDATION', { field: 'Idempotency-Key', key: 'invalid.idempotencyKey' });
    const requestHash = sha256(
      `${req.method} ${req.routeOptions.url ?? req.url}\n${JSON.stringify(req.params)}\n${JSON.stringify(req.body ?? null)}`,
    );
    const where = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));

    for (let waited = 0; ; waited += 100) {
      const now = clock.now();
      const [inserted] = await db
        .insert(idempotencyKeys)
        .values({ scope, key, requestHash, createdAt: new Date(now) })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (inserted) break;
      const [prior] = await db.select().from(idempotencyKeys).where(where);
      if (!prior) continue;
      if (now - prior.createdAt.getTime() > KEEP_MS) {
        await db.delete(idempotencyKeys).where(and(where, eq(idempotencyKeys.createdAt, prior.createdAt)));
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
      await db
        .update(idempotencyKeys)
        .set({ statusCode: 200, response: result as object })
        .where(where);
      return result;
    } catch (e) {
      await db.delete(idempotencyKeys).where(where);
      throw e;
    }
  };
}
export type Idempotent = ReturnType<typeof createIdempotency>;
