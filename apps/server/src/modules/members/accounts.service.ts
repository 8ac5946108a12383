import {
  maskIdNumber,
  maskPhone,
  type LoginInput,
  type RegisterInput,
  type ResetPasswordInput,
  type SendInput,
} from '@antique/shared';
import type { Db, Tx } from '../../db/client.js';
import { fail, invalidField, notFound } from '../../lib/domain-error.js';
import type { Clock } from '../../lib/clock.js';
import { offsetOf, pageResult } from '../../lib/page.js';
import type { Passwords } from '../../lib/password-hash.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { createSessionStore, type SessionMeta } from '../../lib/session-store.js';
import { attemptSettled, takeAttemptSlot } from '../../lib/take-attempt-slot.js';
import { randomInviteCode } from '../../lib/tokens.js';
import type { AuditService, OperatorActor } from '../audit/audit.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { CaptchaService } from '../verification/captcha.service.js';
import type { SmsService } from '../verification/sms.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import type { MemberViews } from './member-views.js';
import type { MemberInsert, MembersRepository } from './members.repository.js';

/** A member the server creates itself (the demo's members): no SMS code, no session. */
export interface NewMember {
  phone: string;
  /** In plain text; stored hashed. */
  password: string;
  nickname: string;
  /** Their own invite code; a random one when omitted. */
  inviteCode?: string;
  createdAt?: Date;
  /** The account that invited this one (the demo's and tests' invited members). */
  inviterId?: number;
  /** A real name already verified. */
  realName?: { name: string; idNumber: string; submittedAt: Date; reviewedAt: Date };
}

/** Accounts: sign-up, sign-in, sessions, and operators' view and freezing of accounts. */
export function createAccountsService(d: {
  db: Db;
  passwords: Passwords;
  repo: MembersRepository;
  views: MemberViews;
  clock: Clock;
  settings: SettingsService;
  captcha: CaptchaService;
  sms: SmsService;
  wallet: WalletService;
  audit: AuditService;
}) {
  const { db, repo, views, clock } = d;
  const sessions = createSessionStore(repo.sessions, clock);

  async function find(id: number) {
    const row = await repo.find(id);
    if (!row) throw notFound();
    return row;
  }

  /** Inserts the member and opens their wallet; undefined when the phone is taken. */
  async function insert(values: Omit<MemberInsert, 'inviteCode'>, inviteCode: string | undefined, outer?: Tx) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await (outer ?? db).transaction(async (tx) => {
          const row = await repo.insertUnlessPhoneTaken(
            { ...values, inviteCode: inviteCode ?? randomInviteCode(attempt < 5 ? 6 : 8) },
            tx,
          );
          if (row) await d.wallet.open(row.id, tx);
          return row;
        });
      } catch (e) {
        if (inviteCode !== undefined || !isUniqueViolation(e, 'members_invite_code_uq') || attempt > 8) throw e;
      }
    }
  }

  return {
    sessions,

    /** The member behind a bearer token: 301 unknown, 302 expired or revoked. */
    async authenticate(token: string | undefined) {
      const s = await sessions.authenticate(token);
      return { memberId: s.ownerId, sessionId: s.sessionId };
    },

    /** Ends this session on the server: its token answers 302 from now on. */
    async logout(sessionId: number): Promise<Record<string, never>> {
      await sessions.revoke(sessionId);
      return {};
    },

    /**
     * The same answer whether or not the phone is a member's, so that nobody can list
     * members by asking: a member asking to register is texted that they have an account
     * (no code), a reset asked for a phone that is no member texts nothing; the limits
     * count either way.
     */
    async sendCode(input: SendInput, memberId?: number) {
      await d.captcha.consume(input.captchaId, input.captchaCode);
      const phone = input.phone;
      if (input.scene !== 'register' && memberId !== undefined) {
        const me = await find(memberId);
        if (phone && phone !== me.phone) throw invalidField('phone');
        return d.sms.send(me.phone, input.scene);
      }
      if (!phone) throw invalidField('phone');
      const member = await repo.byPhone(phone);
      if (input.scene === 'register') return d.sms.send(phone, 'register', member ? 'account_exists' : 'code');
      return d.sms.send(phone, input.scene, member ? 'code' : 'none');
    },

    /**
     * The SMS code is judged first: a wrong one is SMS_CODE_INVALID for everyone (a member's
     * phone was never texted a registration code), and only the right code of a phone
     * registered meanwhile is PHONE_TAKEN.
     */
    async register(input: RegisterInput, meta: SessionMeta) {
      let inviterId: number | null = null;
      if (input.inviteCode) {
        const inviter = await repo.byInviteCode(input.inviteCode);
        if (!inviter) throw fail('INVITE_CODE_INVALID', { field: 'inviteCode' });
        inviterId = inviter.id;
      }
      await d.sms.verify(input.phone, 'register', input.smsCode);
      if (await repo.byPhone(input.phone)) throw fail('PHONE_TAKEN', { field: 'phone' });
      const now = new Date(clock.now());
      const row = await insert(
        {
          phone: input.phone,
          passwordHash: await d.passwords.hash(input.password),
          nickname: `藏友${input.phone.slice(-4)}`,
          inviterId,
          createdAt: now,
          lastLoginAt: now,
        },
        undefined,
      );
      if (!row) throw fail('PHONE_TAKEN', { field: 'phone' });
      const s = await sessions.create(row.id, meta);
      return { token: s.token, expiresAt: s.expiresAt };
    },

    /** A member the server creates (the demo's); undefined when the phone is taken. */
    async create(m: NewMember, outer?: Tx): Promise<{ id: number } | undefined> {
      const row = await insert(
        {
          phone: m.phone,
          passwordHash: await d.passwords.hash(m.password),
          nickname: m.nickname,
          inviterId: m.inviterId ?? null,
          createdAt: m.createdAt ?? new Date(clock.now()),
          ...(m.realName
            ? {
                realNameStatus: 'verified' as const,
                realName: m.realName.name,
                idNumber: m.realName.idNumber,
                realNameSubmittedAt: m.realName.submittedAt,
                realNameReviewedAt: m.realName.reviewedAt,
              }
            : {}),
        },
        m.inviteCode,
        outer,
      );
      return row ? { id: row.id } : undefined;
    },

    /**
     * Each attempt is counted before its password is checked (one atomic statement), so
     * however attempts arrive at most `maxFailures` are judged per phone and window; the
     * last of them locks the phone for a window, and until then even the right password
     * gets 429.
     */
    async login(input: LoginInput, meta: SessionMeta) {
      const policy = await d.settings.get('login');
      const now = clock.now();
      const windowMs = policy.windowMinutes * 60_000;
      const refused = (until: Date | null | undefined) =>
        fail('RATE_LIMITED', {
          retryAfter: Math.max(1, Math.ceil(((until?.getTime() ?? now + 1000) - now) / 1000)),
        });
      const lockedUntil = async () => {
        const state = await repo.loginAttempts(input.phone);
        return state?.lockedUntil && state.lockedUntil.getTime() > now ? state.lockedUntil : undefined;
      };
      const key = `member-login:${input.phone}`;
      const slot = await takeAttemptSlot(
        key,
        () => repo.reserveLoginAttempt(input.phone, new Date(now), { max: policy.maxFailures, windowMs }),
        async () => (await lockedUntil()) !== undefined,
      );
      // Locked; or every attempt of the window still being judged: "try again in a second".
      if (slot === undefined) throw refused(await lockedUntil());
      const row = await repo.byPhone(input.phone);
      try {
        const good = await d.passwords.verify(input.password, row?.passwordHash ?? (await d.passwords.dummy()));
        if (!row || !good) {
          await repo.lockLoginIfSpent(input.phone, new Date(now + windowMs), policy.maxFailures);
          throw fail('LOGIN_FAILED', { remaining: Math.max(0, policy.maxFailures - slot) });
        }
        if (!(await repo.settleLoginRight(input.phone, new Date(now)))) throw refused(await lockedUntil());
      } finally {
        attemptSettled(key);
      }
      if (row.frozen) throw fail('ACCOUNT_FROZEN');
      await repo.update(row.id, { lastLoginAt: new Date(now) });
      const s = await sessions.create(row.id, meta);
      return { token: s.token, expiresAt: s.expiresAt };
    },

    /**
     * Forgot password: the SMS code proves the phone. An unknown phone fails exactly as a
     * wrong code does (it has no code to match), so the call tells nobody who is a member.
     * Like a change, it ends every session; it also clears the phone's sign-in failures.
     */
    async resetPassword(input: ResetPasswordInput, meta: SessionMeta) {
      await d.sms.verify(input.phone, 'password', input.smsCode);
      const row = await repo.byPhone(input.phone);
      if (!row) throw fail('SMS_CODE_INVALID', { field: 'smsCode' });
      if (row.frozen) throw fail('ACCOUNT_FROZEN');
      const passwordHash = await d.passwords.hash(input.password);
      const s = await db.transaction(async (tx) => {
        await repo.update(row.id, { passwordHash }, tx);
        await sessions.revokeAll(row.id, 'password_reset', tx);
        return sessions.create(row.id, meta, tx);
      });
      await repo.clearLoginAttempts(input.phone);
      return { token: s.token, expiresAt: s.expiresAt };
    },
    /** Masked phones by member id, for lists of other owners' rows (orders, bills). */
    async phonesOf(ids: number[]): Promise<Map<number, string>> {
      const rows = await repo.phones([...new Set(ids)]);
      return new Map(rows.map((r) => [r.id, maskPhone(r.phone)]));
    },

    /** Members whose phone contains the digits (at most 500), for operators' keyword searches. */
    idsByPhone: (fragment: string) => repo.idsByPhoneFragment(fragment, 500),

    // The operators' side.

    async list(q: { keyword?: string; page: number; pageSize: number }) {
      const { rows, total } = await repo.page({
        ...(q.keyword ? { keyword: q.keyword } : {}),
        limit: q.pageSize,
        offset: offsetOf(q),
      });
      return pageResult(await Promise.all(rows.map(views.toAdminRow)), total, q);
    },

    async detail(id: number) {
      const row = await find(id);
      const inviter = row.inviterId ? await repo.find(row.inviterId) : undefined;
      return {
        ...(await views.toAdminRow(row)),
        ...(row.idNumber ? { idNumber: maskIdNumber(row.idNumber) } : {}),
        inviter: inviter ? { id: inviter.id, phone: maskPhone(inviter.phone) } : null,
        teamCount: await repo.countInvitedBy(id),
      };
    },

    /** Freezing ends every session of the member at once. */
    async freeze(actor: OperatorActor, id: number, input: { frozen: boolean; reason: string }) {
      if (input.frozen && !input.reason) throw invalidField('reason');
      await db.transaction(async (tx) => {
        const before = await repo.findForUpdate(id, tx);
        if (!before) throw notFound();
        await repo.update(id, { frozen: input.frozen, frozenReason: input.frozen ? input.reason : null }, tx);
        if (input.frozen) await sessions.revokeAll(id, 'frozen', tx);
        await d.audit.record(tx, actor, {
          action: input.frozen ? 'member.freeze' : 'member.unfreeze',
          targetType: 'member',
          targetId: id,
          before: { frozen: before.frozen, frozenReason: before.frozenReason },
          after: { frozen: input.frozen, frozenReason: input.frozen ? input.reason : null },
        });
      });
      return views.toAdminRow(await find(id));
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
