import crypto from 'node:crypto';
import type { Operator, OperatorRole } from '@antique/shared';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../http/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/password-hash.js';
import { createSessionStore } from '../../lib/session-store.js';
import { attemptSettled, takeAttemptSlot } from '../../lib/take-attempt-slot.js';
import type { AuditService, OperatorActor } from '../audit/audit.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { createOperatorsRepository, type OperatorRow } from './operators.repository.js';

const toOperator = (r: OperatorRow): Operator => ({
  id: r.id,
  username: r.username,
  role: r.role,
  disabled: r.disabled,
  createdAt: r.createdAt.getTime(),
});

/** The house's staff: accounts, roles and their console sessions. */
export function createOperatorsService(d: { db: Db; clock: Clock; audit: AuditService; settings: SettingsService }) {
  const { db, clock } = d;
  const repo = createOperatorsRepository(db);
  const sessions = createSessionStore(repo.sessions, clock);

  async function find(id: number) {
    const row = await repo.find(id);
    if (!row) throw notFound();
    return row;
  }

  return {
    find: async (id: number) => toOperator(await find(id)),

    /** On an empty database: operator `admin`, with ADMIN_PASSWORD or a random password returned to print once. */
    async ensureFirstAdmin(password?: string): Promise<{ created: boolean; password?: string }> {
      if ((await repo.count()) > 0) return { created: false };
      const pw = password ?? crypto.randomBytes(12).toString('base64url');
      await repo.insert({
        username: 'admin',
        passwordHash: await hashPassword(pw),
        role: 'admin',
        createdAt: new Date(clock.now()),
      });
      return { created: true, ...(password ? {} : { password: pw }) };
    },

    /**
     * Failures are counted per account, whatever address they come from: each attempt
     * takes its place in one statement before the password is checked, and the attempt
     * that spends the last place locks the account for `lockMinutes` (audited). A lock
     * always ends, so nobody can lock the house out for good; an admin setting a new
     * password lifts it at once. Unknown names get the same 422 as a wrong password.
     */
    async login(username: string, password: string, from: { ip?: string; requestId?: string } = {}) {
      const policy = await d.settings.get('operatorLogin');
      const now = clock.now();
      const lockMs = policy.lockMinutes * 60_000;
      const name = username.toLowerCase();
      const refused = (until: Date | null | undefined) =>
        new AppError(429, 'OPERATOR_LOCKED', {
          retryAfter: Math.max(1, Math.ceil(((until?.getTime() ?? now + 1000) - now) / 1000)),
        });
      const known = await repo.byUsername(name);
      if (!known) {
        await verifyPassword(password, await dummyHash());
        throw new AppError(422, 'OPERATOR_LOGIN_FAILED');
      }
      const lockedUntil = async () => {
        const until = (await repo.find(known.id))?.lockedUntil;
        return until && until.getTime() > now ? until : undefined;
      };
      const key = `operator-login:${known.id}`;
      const row = await takeAttemptSlot(
        key,
        () =>
          repo.reserveLoginAttempt(known.id, new Date(now), {
            max: policy.maxFailures,
            windowMs: policy.windowMinutes * 60_000,
          }),
        async () => (await lockedUntil()) !== undefined,
      );
      if (!row) {
        const until = await lockedUntil();
        // Locked; or every attempt of the window still being judged: "try again in a second".
        throw until ? refused(until) : new AppError(429, 'RATE_LIMITED', { retryAfter: 1 });
      }
      let signedIn: OperatorRow | undefined;
      try {
        if (!(await verifyPassword(password, row.passwordHash))) {
          await db.transaction(async (tx) => {
            const until = new Date(now + lockMs);
            const locked = await repo.lockIfSpent(row.id, until, policy.maxFailures, tx);
            if (!locked) return;
            await d.audit.record(
              tx,
              { system: true, ...from },
              {
                action: 'operator.lock',
                targetType: 'operator',
                targetId: row.id,
                after: {
                  lockedUntil: until.getTime(),
                  failures: locked.failedLogins,
                  since: locked.failedLoginsSince?.getTime() ?? null,
                },
              },
            );
          });
          throw new AppError(422, 'OPERATOR_LOGIN_FAILED');
        }
        signedIn = await repo.settleLoginRight(row.id, new Date(now));
      } finally {
        attemptSettled(key);
      }
      if (!signedIn) throw refused(await lockedUntil());
      if (signedIn.disabled) throw new AppError(422, 'OPERATOR_LOGIN_FAILED');
      const s = await sessions.create(row.id);
      return { token: s.token, role: row.role };
    },

    /** The operator behind a bearer token: 301 unknown, 302 expired, revoked or disabled since. */
    async authenticate(token: string | undefined): Promise<{ operator: Operator; sessionId: number }> {
      const s = await sessions.authenticate(token);
      const row = await repo.find(s.ownerId);
      if (!row || row.disabled) throw new AppError(302, 'SESSION_EXPIRED');
      return { operator: toOperator(row), sessionId: s.sessionId };
    },

    async logout(sessionId: number): Promise<null> {
      await sessions.revoke(sessionId);
      return null;
    },

    async list() {
      return (await repo.all()).map(toOperator);
    },

    async namesOf(ids: number[]): Promise<Map<number, string>> {
      return new Map((await repo.names(ids)).map((r) => [r.id, r.username]));
    },

    async create(actor: OperatorActor, input: { username: string; password: string; role: OperatorRole }) {
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        const row = await repo.insert(
          { username: input.username, passwordHash, role: input.role, createdAt: new Date(clock.now()) },
          tx,
        );
        if (!row) throw new AppError(409, 'USERNAME_TAKEN', { field: 'username' });
        await d.audit.record(tx, actor, {
          action: 'operator.create',
          targetType: 'operator',
          targetId: row.id,
          after: { username: row.username, role: row.role },
        });
        return toOperator(row);
      });
    },

    async update(
      actor: OperatorActor,
      id: number,
      input: { role?: OperatorRole; disabled?: boolean; password?: string },
    ) {
      if (id === actor.operatorId && (input.disabled || (input.role && input.role !== 'admin'))) {
        // An admin cannot lock themselves out of the console.
        throw new AppError(422, 'FORBIDDEN');
      }
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      return db.transaction(async (tx) => {
        const before = await repo.findForUpdate(id, tx);
        if (!before) throw notFound();
        const after = (await repo.update(
          id,
          {
            ...(input.role ? { role: input.role } : {}),
            ...(input.disabled !== undefined ? { disabled: input.disabled } : {}),
            // A new password lifts a sign-in lock.
            ...(passwordHash ? { passwordHash, failedLogins: 0, failedLoginsSince: null, lockedUntil: null } : {}),
          },
          tx,
        ))!;
        if (input.disabled || passwordHash) await sessions.revokeAll(id, 'changed', tx);
        await d.audit.record(tx, actor, {
          action: 'operator.update',
          targetType: 'operator',
          targetId: id,
          before: { role: before.role, disabled: before.disabled },
          after: { role: after.role, disabled: after.disabled, passwordChanged: Boolean(passwordHash) },
        });
        return toOperator(after);
      });
    },
  };
}
export type OperatorsService = ReturnType<typeof createOperatorsService>;
