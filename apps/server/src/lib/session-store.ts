import { batchLookup } from './batch-lookup.js';
import { fail } from './domain-error.js';
import type { Clock } from './clock.js';
import { newToken, sha256 } from './tokens.js';

export const SESSION_IDLE_MS = 30 * 24 * 3600 * 1000;
// last_used_at is written at most once every five minutes per session, not on every request:
// it only decides the 30-day idle expiry.
const TOUCH_EVERY_MS = 5 * 60_000;

export interface SessionMeta {
  ip?: string;
  userAgent?: string;
}

export interface Authenticated {
  ownerId: number;
  sessionId: number;
}

export interface SessionRow {
  id: number;
  ownerId: number;
  lastUsedAt: Date;
  revokedAt: Date | null;
}

/**
 * The queries a session store needs, over one owner's session table (members' or
 * operators'); `T` is the owner's transaction handle.
 */
export interface SessionRows<T> {
  insert(row: { ownerId: number; tokenHash: string; at: Date; meta: SessionMeta }, tx?: T): Promise<number>;
  /** The sessions of several tokens at once (those that exist). */
  byTokenHashes(tokenHashes: readonly string[]): Promise<(SessionRow & { tokenHash: string })[]>;
  touch(id: number, at: Date): Promise<void>;
  revokeLive(ownerId: number, at: Date, reason: string, keepSessionId?: number, tx?: T): Promise<void>;
  revoke(id: number, at: Date): Promise<void>;
  deleteIdleBefore(cutoff: Date): Promise<void>;
}

/**
 * Bearer sessions: random tokens stored as SHA-256, expiring after 30 idle days,
 * revocable. Unknown token → 301; expired or revoked → 302.
 */
export function createSessionStore<T>(rows: SessionRows<T>, clock: Clock) {
  // Sessions this process touched lately: parallel requests of one session, all reading the
  // old last_used_at, write it once instead of queueing on the row's lock.
  const touched = new Map<number, number>();
  // Every authenticated request looks its token up: the requests of one turn, in one query.
  const byTokenHash = batchLookup(
    async (hashes: readonly string[]) => new Map((await rows.byTokenHashes(hashes)).map((r) => [r.tokenHash, r])),
  );

  async function touch(id: number, now: number) {
    if (now - (touched.get(id) ?? -Infinity) <= TOUCH_EVERY_MS) return;
    if (touched.size >= 10_000) touched.clear();
    touched.set(id, now);
    try {
      await rows.touch(id, new Date(now));
    } catch (e) {
      touched.delete(id);
      throw e;
    }
  }

  return {
    async create(ownerId: number, meta: SessionMeta = {}, tx?: T) {
      const { token, hash } = newToken();
      const now = new Date(clock.now());
      const sessionId = await rows.insert({ ownerId, tokenHash: hash, at: now, meta }, tx);
      return { token, sessionId, expiresAt: now.getTime() + SESSION_IDLE_MS };
    },

    async authenticate(token: string | undefined): Promise<Authenticated> {
      if (!token) throw fail('UNAUTHENTICATED');
      const row = await byTokenHash(sha256(token));
      if (!row) throw fail('UNAUTHENTICATED');
      const now = clock.now();
      if (row.revokedAt || now - row.lastUsedAt.getTime() > SESSION_IDLE_MS) {
        throw fail('SESSION_EXPIRED');
      }
      if (now - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) await touch(row.id, now);
      return { ownerId: row.ownerId, sessionId: row.id };
    },

    /** Revokes every live session of the owner, except `keepSessionId` if given. */
    async revokeAll(ownerId: number, reason: string, tx?: T, keepSessionId?: number) {
      await rows.revokeLive(ownerId, new Date(clock.now()), reason, keepSessionId, tx);
    },

    async revoke(sessionId: number) {
      await rows.revoke(sessionId, new Date(clock.now()));
    },

    /** Drops rows nobody can use any more (revoked or idle past the limit). */
    async prune() {
      await rows.deleteIdleBefore(new Date(clock.now() - SESSION_IDLE_MS));
    },
  };
}
export type SessionStore<T> = ReturnType<typeof createSessionStore<T>>;
