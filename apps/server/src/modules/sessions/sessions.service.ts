import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { memberSessions, operatorSessions } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { newToken, sha256 } from '../../lib/tokens.js';

export const SESSION_IDLE_MS = 30 * 24 * 3600 * 1000;
// last_used_at is written at most once a minute per session, not on every request.
const TOUCH_EVERY_MS = 60_000;

export interface SessionMeta {
  ip?: string;
  userAgent?: string;
}

export interface Authenticated {
  ownerId: number;
  sessionId: number;
}

/**
 * Bearer sessions for members and for operators: random tokens stored as SHA-256,
 * expiring after 30 idle days, revocable. Unknown token → 301; expired/revoked → 302.
 */
function createSessionStore(kind: 'member' | 'operator', db: Db, clock: Clock) {
  const t = kind === 'member' ? memberSessions : operatorSessions;
  const ownerCol = kind === 'member' ? memberSessions.memberId : operatorSessions.operatorId;

  return {
    async create(ownerId: number, meta: SessionMeta = {}, tx: DbOrTx = db) {
      const { token, hash } = newToken();
      const now = new Date(clock.now());
      const [row] =
        kind === 'member'
          ? await tx
              .insert(memberSessions)
              .values({
                memberId: ownerId,
                tokenHash: hash,
                createdAt: now,
                lastUsedAt: now,
                ip: meta.ip,
                userAgent: meta.userAgent,
              })
              .returning({ id: memberSessions.id })
          : await tx
              .insert(operatorSessions)
              .values({ operatorId: ownerId, tokenHash: hash, createdAt: now, lastUsedAt: now })
              .returning({ id: operatorSessions.id });
      return { token, sessionId: row!.id, expiresAt: now.getTime() + SESSION_IDLE_MS };
    },

    async authenticate(token: string | undefined): Promise<Authenticated> {
      if (!token) throw new AppError(301, 'UNAUTHENTICATED');
      const [row] = await db
        .select({ id: t.id, ownerId: ownerCol, lastUsedAt: t.lastUsedAt, revokedAt: t.revokedAt })
        .from(t)
        .where(eq(t.tokenHash, sha256(token)));
      if (!row) throw new AppError(301, 'UNAUTHENTICATED');
      const now = clock.now();
      if (row.revokedAt || now - row.lastUsedAt.getTime() > SESSION_IDLE_MS) {
        throw new AppError(302, 'SESSION_EXPIRED');
      }
      if (now - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
        await db
          .update(t)
          .set({ lastUsedAt: new Date(now) })
          .where(eq(t.id, row.id));
      }
      return { ownerId: row.ownerId, sessionId: row.id };
    },

    /** Revokes every live session of the owner, except `keepSessionId` if given. */
    async revokeAll(ownerId: number, reason: string, tx: DbOrTx = db, keepSessionId?: number) {
      const live = and(eq(ownerCol, ownerId), isNull(t.revokedAt));
      const where = keepSessionId ? and(live, ne(t.id, keepSessionId)) : live;
      const set =
        kind === 'member'
          ? { revokedAt: new Date(clock.now()), revokeReason: reason }
          : { revokedAt: new Date(clock.now()) };
      await tx.update(t).set(set).where(where);
    },

    async revoke(sessionId: number) {
      await db
        .update(t)
        .set({ revokedAt: new Date(clock.now()) })
        .where(eq(t.id, sessionId));
    },

    /** Drops rows nobody can use any more (revoked or idle past the limit). */
    async prune() {
      const cutoff = new Date(clock.now() - SESSION_IDLE_MS);
      await db.delete(t).where(or(lt(t.lastUsedAt, cutoff), lt(t.revokedAt, cutoff)));
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

export function createSessionsService({ db, clock }: { db: Db; clock: Clock }) {
  return { members: createSessionStore('member', db, clock), operators: createSessionStore('operator', db, clock) };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
