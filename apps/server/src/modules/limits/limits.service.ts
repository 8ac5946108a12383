import type { Clock } from '../../lib/clock.js';
import type { Db } from '../../db/client.js';
import { createLimitsRepository, type Attempts } from './limits.repository.js';

/** A window that ran out, or a pause that did, starts a new count. */
function current(a: Attempts, now: number, windowMs: number): Attempts {
  const paused = a.pausedUntil !== null;
  if ((paused && a.pausedUntil! <= now) || (!paused && now - a.since >= windowMs)) {
    return { count: 0, since: now, pausedUntil: null };
  }
  return a;
}

/**
 * Counts every instance shares: the tight per-address request limits (a fixed window a
 * key, counted and read in one atomic statement) and sign-in attempts (counted and checked
 * under the key's row lock), so parallel requests on any number of instances never pass a
 * limit together.
 */
export function createLimitsService(d: { db: Db; clock: Clock }) {
  const repo = createLimitsRepository(d.db);
  return {
    /** Counts one request of `key`; its count in the current window and the milliseconds left in it. */
    count: (key: string, windowMs: number) => repo.count(key, windowMs),

    /**
     * Counts an attempt of `key` unless `max` are counted in the window already. Refused, it
     * says until when: with `pauseMs` the key is held back that long from the refusal on,
     * else until the window ends.
     */
    takeAttempt(
      key: string,
      now: number,
      o: { max: number; windowMs: number; pauseMs?: number },
    ): Promise<{ ok: true; count: number } | { ok: false; until: number }> {
      return repo.changeAttempts<{ ok: true; count: number } | { ok: false; until: number }>(
        key,
        new Date(now),
        (stored) => {
          const a = current(stored, now, o.windowMs);
          if (a.pausedUntil !== null) return { keep: a, answer: { ok: false, until: a.pausedUntil } };
          if (a.count >= o.max) {
            if (o.pauseMs === undefined) return { keep: a, answer: { ok: false, until: a.since + o.windowMs } };
            const until = now + o.pauseMs;
            return { keep: { ...a, pausedUntil: until }, answer: { ok: false, until } };
          }
          return { keep: { ...a, count: a.count + 1 }, answer: { ok: true, count: a.count + 1 } };
        },
      );
    },

    /** Counts an attempt whatever the count (one that solved a captcha); the count. */
    addAttempt(key: string, now: number, windowMs: number): Promise<number> {
      return repo.changeAttempts(key, new Date(now), (stored) => {
        const a = current(stored, now, windowMs);
        return { keep: { ...a, count: a.count + 1 }, answer: a.count + 1 };
      });
    },

    /** An attempt counted by `takeAttempt` turned out right, or was never judged: its place is given back. */
    giveBackAttempt: (key: string) => repo.takeBackAttempt(key),

    /** Forgets request windows that ended over an hour ago and attempts over two days old (the job's run); how many. */
    async prune() {
      const now = d.clock.now();
      const requests = await repo.deleteEndedBefore(new Date(now - 3_600_000));
      const attempts = await repo.deleteAttemptsBefore(new Date(now - 2 * 86_400_000));
      return requests + attempts;
    },
  };
}
export type LimitsService = ReturnType<typeof createLimitsService>;
