import crypto from 'node:crypto';
import type { Operator, OperatorLoginInput, OperatorRole } from '@antique/shared';
import type { Db } from '../../db/client.js';
import { fail, notFound } from '../../lib/domain-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Passwords } from '../../lib/password-hash.js';
import { createSessionStore } from '../../lib/session-store.js';
import type { AuditService, OperatorActor } from '../audit/audit.service.js';
import type { LimitsService } from '../limits/limits.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { CaptchaService } from '../verification/captcha.service.js';
import { createOperatorsRepository, type OperatorRow } from './operators.repository.js';

/** Failed sign-ins from one address within the window before the address is paused. */
export const ADDRESS_FAILURES = 10;

const toOperator = (r: OperatorRow): Operator => ({
  id: r.id,
  username: r.username,
  role: r.role,
  disabled: r.disabled,
  createdAt: r.createdAt.getTime(),
});

/** The house's staff: accounts, roles and their console sessions. */
export function createOperatorsService(d: {
  db: Db;
  passwords: Passwords;
  clock: Clock;
  audit: AuditService;
  settings: SettingsService;
  captcha: CaptchaService;
  limits: Pick<LimitsService, 'takeAttempt' | 'addAttempt' | 'giveBackAttempt'>;
}) {
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
      // Two instances starting at once both find none: the one whose row went in says so (and
      // prints its password); the other's insert meets the username and tells nothing.
      const row = await repo.insert({
        username: 'admin',
        passwordHash: await d.passwords.hash(pw),
        role: 'admin',
        createdAt: new Date(clock.now()),
      });
      if (!row) return { created: false };
      return { created: true, ...(password ? {} : { password: pw }) };
    },

    /**
     * An account is never locked, so nobody can keep the house out of its console by
     * failing on purpose. Instead, `maxFailures` failed sign-ins of a username within the
     * window (from any address) make its next ones need a solved image captcha
     * (CAPTCHA_REQUIRED until one comes with it); and an address that fails
     * ADDRESS_FAILURES times within the window is paused for `lockMinutes` (429). The right
     * password with a solved captcha always signs in. Each attempt is counted before its
     * password is checked, in one step (a conditional update for a username; for an address
     * and for names that are nobody's, which answer exactly as a known name does, a count
     * under its row lock in the limits' table): every instance counts the same.
     */
    async login(input: OperatorLoginInput, from: { ip?: string; requestId?: string } = {}) {
      const policy = await d.settings.get('operatorLogin');
      const now = clock.now();
      const windowMs = policy.windowMinutes * 60_000;
      const address = `operator-address:${from.ip ?? 'unknown'}`;
      const fromAddress = await d.limits.takeAttempt(address, now, {
        max: ADDRESS_FAILURES,
        windowMs,
        pauseMs: policy.lockMinutes * 60_000,
      });
      if (!fromAddress.ok) {
        throw fail('RATE_LIMITED', {
          // From now, not from the attempt's start: the count waited for the key's row lock, and
          // the attempt that paused the address may have started later than this one.
          retryAfter: Math.max(1, Math.ceil((fromAddress.until - clock.now()) / 1000)),
        });
      }
      // Only a password judged wrong stays counted against the address.
      let judgedWrong = false;
      try {
        const withCaptcha = input.captchaId !== undefined && input.captchaCode !== undefined;
        if (withCaptcha) await d.captcha.consume(input.captchaId!, input.captchaCode!);
        const name = input.username.toLowerCase();
        const known = await repo.byUsername(name);
        let count: number | undefined;
        if (known) {
          const counted = await repo.countLoginAttempt(known.id, new Date(now), {
            windowMs,
            ...(withCaptcha ? {} : { max: policy.maxFailures }),
          });
          count = counted?.failedLogins;
        } else if (withCaptcha) {
          count = await d.limits.addAttempt(`operator-name:${name}`, now, windowMs);
        } else {
          const taken = await d.limits.takeAttempt(`operator-name:${name}`, now, { max: policy.maxFailures, windowMs });
          count = taken.ok ? taken.count : undefined;
        }
        if (count === undefined) throw fail('CAPTCHA_REQUIRED', { captchaRequired: true });
        const good = await d.passwords.verify(input.password, known?.passwordHash ?? (await d.passwords.dummy()));
        if (!known || !good) {
          judgedWrong = true;
          throw fail('OPERATOR_LOGIN_FAILED', { captchaRequired: count >= policy.maxFailures });
        }
        const signedIn = (await repo.settleLoginRight(known.id, new Date(now)))!;
        if (signedIn.disabled) throw fail('OPERATOR_LOGIN_FAILED', { captchaRequired: false });
        const s = await sessions.create(known.id);
        return { token: s.token, role: known.role };
      } finally {
        if (!judgedWrong) await d.limits.giveBackAttempt(address);
      }
    },

    /** The operator behind a bearer token: 301 unknown, 302 expired, revoked or disabled since. */
    async authenticate(token: string | undefined): Promise<{ operator: Operator; sessionId: number }> {
      const s = await sessions.authenticate(token);
      const row = await repo.find(s.ownerId);
      if (!row || row.disabled) throw fail('SESSION_EXPIRED');
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
      const passwordHash = await d.passwords.hash(input.password);
      return db.transaction(async (tx) => {
        const row = await repo.insert(
          { username: input.username, passwordHash, role: input.role, createdAt: new Date(clock.now()) },
          tx,
        );
        if (!row) throw fail('USERNAME_TAKEN', { field: 'username' });
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
        throw fail('SELF_LOCKOUT');
      }
      const passwordHash = input.password ? await d.passwords.hash(input.password) : undefined;
      return db.transaction(async (tx) => {
        const before = await repo.findForUpdate(id, tx);
        if (!before) throw notFound();
        const after = (await repo.update(
          id,
          {
            ...(input.role ? { role: input.role } : {}),
            ...(input.disabled !== undefined ? { disabled: input.disabled } : {}),
            // A new password starts the username's count of failures afresh.
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
