import type { Db } from '../../db/client.js';
import { fail } from '../../lib/domain-error.js';
import type { Clock } from '../../lib/clock.js';
import { createIdempotencyRepository, createOwnerLease } from './idempotency.repository.js';

const KEEP_MS = 24 * 3600 * 1000;
const WAIT_MS = 10_000;
// Rows written before keys had owners: trusted as running for this long, then taken over.
const UNOWNED_TRUST_MS = 60_000;

/**
 * The same key from the same caller within 24 h returns the first call's result and does
 * nothing again; the same key with another request is refused. A call that failed leaves
 * no trace, so it may be retried with its key. A first call still running is awaited
 * only while the process running it lives (its lease, see the repository): a key whose
 * process died with it unanswered is taken over by exactly one retry and carried out then.
 */
export function createIdempotencyService({
  db,
  clock,
  waitMs = WAIT_MS,
}: {
  db: Db;
  clock: Clock;
  /** How long a repeat waits for a first call that is still running, before 409. */
  waitMs?: number;
}) {
  const repo = createIdempotencyRepository(db);
  const lease = createOwnerLease(db);

  async function dead(prior: { owner: number | null; createdAt: Date }): Promise<boolean> {
    if (prior.owner === null) return clock.now() - prior.createdAt.getTime() > UNOWNED_TRUST_MS;
    return !(await repo.ownerAlive(prior.owner));
  }

  return {
    async once<T>(call: { scope: string; key: string; requestHash: string }, run: () => Promise<T>): Promise<T> {
      const { scope, key, requestHash } = call;
      const owner = await lease.key();
      const started = Date.now();
      for (;;) {
        const now = clock.now();
        if (await repo.claim({ scope, key, requestHash, createdAt: new Date(now), owner })) break;
        const prior = await repo.find(scope, key);
        if (!prior) continue;
        if (now - prior.createdAt.getTime() > KEEP_MS) {
          await repo.remove(scope, key, { createdAt: prior.createdAt });
          continue;
        }
        if (prior.requestHash !== requestHash) throw fail('IDEMPOTENCY_KEY_REUSED');
        if (prior.statusCode !== null) return prior.response as T;
        if (await dead(prior)) {
          if (await repo.takeOver(scope, key, prior.owner, owner, new Date(now))) break;
          continue;
        }
        // The first call is still running: wait for its answer a little, then tell the caller.
        if (Date.now() - started > waitMs) throw fail('REQUEST_IN_PROGRESS', { retryAfter: 1 });
        await new Promise((r) => setTimeout(r, 100));
      }

      try {
        const result = await run();
        await repo.complete(scope, key, owner, result);
        return result;
      } catch (e) {
        await repo.remove(scope, key, { owner });
        throw e;
      }
    },

    /** Lets go of the lease (the server is closing). */
    close: () => lease.close(),
  };
}
export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
