import { and, count, desc, eq, gte, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  maskIdNumber,
  maskName,
  maskPhone,
  vipLevelFor,
  type AdminMemberRow,
  type ChangePasswordInput,
  type LoginInput,
  type Member,
  type RealNameInput,
  type RealNameStatus,
  type RegisterInput,
  type SendInput,
  type TradePasswordInput,
  type UpdateMemberInput,
} from '@antique/shared';
import type { Db } from '../../db/client.js';
import { loginFailures, members } from '../../db/schema/index.js';
import { AppError, invalidField, notFound } from '../../http/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { offsetOf, pageResult } from '../../lib/page.js';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/password-hash.js';
import { randomInviteCode } from '../../lib/tokens.js';
import type { AuditService, OperatorActor } from '../audit/audit.service.js';
import type { SessionMeta, SessionsService } from '../sessions/sessions.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import type { CaptchaService } from '../verification/captcha.service.js';
import type { SmsService } from '../verification/sms.service.js';
import type { WalletService } from '../wallet/wallet.service.js';

type MemberRow = typeof members.$inferSelect;

interface Deps {
  db: Db;
  clock: Clock;
  settings: SettingsService;
  sessions: SessionsService;
  captcha: CaptchaService;
  sms: SmsService;
  wallet: WalletService;
  uploads: UploadsService;
  audit: AuditService;
}

const isUniqueViolation = (e: unknown, constraint: string) =>
  typeof e === 'object' &&
  e !== null &&
  (e as { code?: string }).code === '23505' &&
  (e as { constraint?: string }).constraint === constraint;

export function createMembersService(d: Deps) {
  const { db, clock } = d;

  async function find(id: number) {
    const [row] = await db.select().from(members).where(eq(members.id, id));
    if (!row) throw notFound();
    return row;
  }

  async function toMember(row: MemberRow): Promise<Member> {
    const [w, thresholds] = await Promise.all([d.wallet.summary(row.id), d.settings.get('vipThresholds')]);
    return {
      id: row.id,
      phone: maskPhone(row.phone),
      nickname: row.nickname,
      avatar: row.avatar,
      vipLevel: vipLevelFor(row.totalPaid, thresholds),
      inviteCode: row.inviteCode,
      realNameStatus: row.realNameStatus,
      ...(row.realNameStatus === 'rejected' && row.realNameReason ? { realNameReason: row.realNameReason } : {}),
      ...(row.realName && row.realNameStatus !== 'none' ? { realName: maskName(row.realName) } : {}),
      hasTradePassword: row.tradePasswordHash !== null,
      balance: w.balance,
      frozen: w.frozen,
      createdAt: row.createdAt.getTime(),
    };
  }

  async function toAdminRow(row: MemberRow): Promise<AdminMemberRow> {
    const m = await toMember(row);
    return {
      id: row.id,
      phone: m.phone,
      nickname: row.nickname,
      avatar: row.avatar,
      vipLevel: m.vipLevel,
      inviteCode: row.inviteCode,
      inviterId: row.inviterId,
      realNameStatus: row.realNameStatus,
      ...(m.realName ? { realName: m.realName } : {}),
      frozen: row.frozen,
      frozenReason: row.frozenReason,
      balance: m.balance,
      frozenAmount: m.frozen,
      createdAt: row.createdAt.getTime(),
      lastLoginAt: row.lastLoginAt?.getTime() ?? null,
    };
  }

  async function byPhone(phone: string) {
    const [row] = await db.select().from(members).where(eq(members.phone, phone));
    return row;
  }

  async function createWithUniqueInviteCode(values: Omit<typeof members.$inferInsert, 'inviteCode'>) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(members)
            .values({ ...values, inviteCode: randomInviteCode(attempt < 5 ? 6 : 8) })
            .returning();
          await d.wallet.open(row!.id, tx);
          return row!;
        });
      } catch (e) {
        if (isUniqueViolation(e, 'members_phone_uq')) throw new AppError(409, 'PHONE_TAKEN', { field: 'phone' });
        if (!isUniqueViolation(e, 'members_invite_code_uq') || attempt > 8) throw e;
      }
    }
  }

  return {
    find,
    toMember,
    byPhone,

    async sendCode(input: SendInput, memberId?: number) {
      await d.captcha.consume(input.captchaId, input.captchaCode);
      let phone = input.phone;
      if (input.scene === 'register') {
        if (!phone) throw invalidField('phone');
        if (await byPhone(phone)) throw new AppError(409, 'PHONE_TAKEN', { field: 'phone' });
      } else if (memberId !== undefined) {
        const me = await find(memberId);
        if (phone && phone !== me.phone) throw invalidField('phone');
        phone = me.phone;
      } else {
        if (!phone) throw invalidField('phone');
        if (!(await byPhone(phone))) throw new AppError(404, 'PHONE_NOT_REGISTERED', { field: 'phone' });
      }
      return d.sms.send(phone, input.scene);
    },

    async register(input: RegisterInput, meta: SessionMeta) {
      if (await byPhone(input.phone)) throw new AppError(409, 'PHONE_TAKEN', { field: 'phone' });
      let inviterId: number | null = null;
      if (input.inviteCode) {
        const [inviter] = await db
          .select({ id: members.id })
          .from(members)
          .where(eq(members.inviteCode, input.inviteCode));
        if (!inviter) throw new AppError(400, 'INVITE_CODE_INVALID', { field: 'inviteCode' });
        inviterId = inviter.id;
      }
      await d.sms.verify(input.phone, 'register', input.smsCode);
      const now = new Date(clock.now());
      const row = await createWithUniqueInviteCode({
        phone: input.phone,
        passwordHash: await hashPassword(input.password),
        nickname: `藏友${input.phone.slice(-4)}`,
        inviterId,
        createdAt: now,
        lastLoginAt: now,
      });
      const s = await d.sessions.members.create(row.id, meta);
      return { token: s.token, expiresAt: s.expiresAt };
    },

    async login(input: LoginInput, meta: SessionMeta) {
      const policy = await d.settings.get('login');
      const now = clock.now();
      const windowStart = new Date(now - policy.windowMinutes * 60_000);
      const recent = await db
        .select({ at: loginFailures.at })
        .from(loginFailures)
        .where(and(eq(loginFailures.phone, input.phone), gte(loginFailures.at, windowStart)))
        .orderBy(loginFailures.at);
      if (recent.length >= policy.maxFailures) {
        const oldest = recent[recent.length - policy.maxFailures]!.at.getTime();
        const retryAfter = Math.max(1, Math.ceil((oldest + policy.windowMinutes * 60_000 - now) / 1000));
        throw new AppError(429, 'RATE_LIMITED', { retryAfter });
      }
      const row = await byPhone(input.phone);
      const good = await verifyPassword(input.password, row?.passwordHash ?? (await dummyHash()));
      if (!row || !good) {
        await db.insert(loginFailures).values({ phone: input.phone, at: new Date(now) });
        throw new AppError(422, 'LOGIN_FAILED', { remaining: Math.max(0, policy.maxFailures - recent.length - 1) });
      }
      if (row.frozen) throw new AppError(403, 'ACCOUNT_FROZEN');
      await db.delete(loginFailures).where(eq(loginFailures.phone, input.phone));
      await db
        .update(members)
        .set({ lastLoginAt: new Date(now) })
        .where(eq(members.id, row.id));
      const s = await d.sessions.members.create(row.id, meta);
      return { token: s.token, expiresAt: s.expiresAt };
    },

    async info(memberId: number) {
      return toMember(await find(memberId));
    },

    async update(memberId: number, input: UpdateMemberInput) {
      const set: Partial<typeof members.$inferInsert> = {};
      if (input.nickname !== undefined) set.nickname = input.nickname;
      if (input.avatar !== undefined) {
        const key = await d.uploads.ownedKey({ type: 'member', id: memberId }, 'avatar', input.avatar);
        if (!key) throw invalidField('avatar');
        set.avatar = d.uploads.viewUrl(key);
      }
      await db.update(members).set(set).where(eq(members.id, memberId));
      return toMember(await find(memberId));
    },

    /** A new login password ends every session of the member and starts a new one. */
    async changePassword(memberId: number, input: ChangePasswordInput, meta: SessionMeta) {
      const me = await find(memberId);
      await d.sms.verify(me.phone, 'password', input.smsCode);
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        await tx.update(members).set({ passwordHash }).where(eq(members.id, memberId));
        await d.sessions.members.revokeAll(memberId, 'password_changed', tx);
        const s = await d.sessions.members.create(memberId, meta, tx);
        return { token: s.token, expiresAt: s.expiresAt };
      });
    },

    async setTradePassword(memberId: number, input: TradePasswordInput) {
      const me = await find(memberId);
      await d.sms.verify(me.phone, 'trade', input.smsCode);
      await db
        .update(members)
        .set({
          tradePasswordHash: await hashPassword(input.tradePassword),
          tradePasswordFailures: 0,
          tradePasswordLockedUntil: null,
        })
        .where(eq(members.id, memberId));
      return { hasTradePassword: true as const };
    },

    /**
     * Asked before paying and withdrawing. Failures are counted outside the caller's
     * transaction, so a refused payment still counts its wrong password.
     */
    async verifyTradePassword(memberId: number, tradePassword: string) {
      const policy = await d.settings.get('tradePassword');
      const me = await find(memberId);
      if (!me.tradePasswordHash) throw new AppError(422, 'TRADE_PASSWORD_NOT_SET');
      const now = clock.now();
      const lockedUntil = me.tradePasswordLockedUntil?.getTime() ?? 0;
      if (lockedUntil > now) {
        throw new AppError(422, 'TRADE_PASSWORD_LOCKED', { retryAfter: Math.ceil((lockedUntil - now) / 1000) });
      }
      if (await verifyPassword(tradePassword, me.tradePasswordHash)) {
        if (me.tradePasswordFailures > 0) {
          await db.update(members).set({ tradePasswordFailures: 0 }).where(eq(members.id, memberId));
        }
        return;
      }
      const [after] = await db
        .update(members)
        .set({ tradePasswordFailures: sql`${members.tradePasswordFailures} + 1` })
        .where(eq(members.id, memberId))
        .returning({ failures: members.tradePasswordFailures });
      const failures = after?.failures ?? policy.maxFailures;
      if (failures >= policy.maxFailures) {
        await db
          .update(members)
          .set({ tradePasswordFailures: 0, tradePasswordLockedUntil: new Date(now + policy.lockMinutes * 60_000) })
          .where(eq(members.id, memberId));
        throw new AppError(422, 'TRADE_PASSWORD_LOCKED', { retryAfter: policy.lockMinutes * 60 });
      }
      throw new AppError(422, 'TRADE_PASSWORD_WRONG', { remaining: policy.maxFailures - failures });
    },

    async submitRealName(memberId: number, input: RealNameInput) {
      const owner = { type: 'member' as const, id: memberId };
      const [front, back] = await Promise.all([
        d.uploads.ownedKey(owner, 'idcard', input.frontImage),
        d.uploads.ownedKey(owner, 'idcard', input.backImage),
      ]);
      if (!front) throw invalidField('frontImage');
      if (!back) throw invalidField('backImage');
      const [row] = await db
        .update(members)
        .set({
          realNameStatus: 'pending',
          realName: input.realName,
          idNumber: input.idNumber,
          idFrontKey: front,
          idBackKey: back,
          realNameReason: null,
          realNameSubmittedAt: new Date(clock.now()),
          realNameReviewedAt: null,
        })
        .where(
          and(eq(members.id, memberId), or(eq(members.realNameStatus, 'none'), eq(members.realNameStatus, 'rejected'))),
        )
        .returning({ id: members.id });
      if (!row) {
        const me = await find(memberId);
        throw new AppError(409, me.realNameStatus === 'verified' ? 'REAL_NAME_VERIFIED' : 'REAL_NAME_PENDING');
      }
      return { realNameStatus: 'pending' as const };
    },

    // The operators' side.

    async list(q: { keyword?: string; page: number; pageSize: number }) {
      let where: SQL | undefined;
      const k = q.keyword?.trim();
      if (k) {
        const like = `%${k.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        where = or(
          ilike(members.phone, like),
          ilike(members.nickname, like),
          eq(members.inviteCode, k.toUpperCase()),
          /^\d{1,9}$/.test(k) ? eq(members.id, Number(k)) : undefined,
        );
      }
      const [rows, [total]] = await Promise.all([
        db.select().from(members).where(where).orderBy(desc(members.id)).limit(q.pageSize).offset(offsetOf(q)),
        db.select({ n: count() }).from(members).where(where),
      ]);
      return pageResult(await Promise.all(rows.map(toAdminRow)), total?.n ?? 0, q);
    },

    async detail(id: number) {
      const row = await find(id);
      const [inviter] = row.inviterId
        ? await db.select({ id: members.id, phone: members.phone }).from(members).where(eq(members.id, row.inviterId))
        : [];
      const [team] = await db.select({ n: count() }).from(members).where(eq(members.inviterId, id));
      return {
        ...(await toAdminRow(row)),
        ...(row.idNumber ? { idNumber: maskIdNumber(row.idNumber) } : {}),
        inviter: inviter ? { id: inviter.id, phone: maskPhone(inviter.phone) } : null,
        teamCount: team?.n ?? 0,
      };
    },

    /** Freezing ends every session of the member at once. */
    async freeze(actor: OperatorActor, id: number, input: { frozen: boolean; reason: string }) {
      if (input.frozen && !input.reason) throw invalidField('reason');
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(members).where(eq(members.id, id)).for('update');
        if (!before) throw notFound();
        await tx
          .update(members)
          .set({ frozen: input.frozen, frozenReason: input.frozen ? input.reason : null })
          .where(eq(members.id, id));
        if (input.frozen) await d.sessions.members.revokeAll(id, 'frozen', tx);
        await d.audit.record(tx, actor, {
          action: input.frozen ? 'member.freeze' : 'member.unfreeze',
          targetType: 'member',
          targetId: id,
          before: { frozen: before.frozen, frozenReason: before.frozenReason },
          after: { frozen: input.frozen, frozenReason: input.frozen ? input.reason : null },
        });
      });
      return toAdminRow(await find(id));
    },

    /** An offline bank transfer an operator saw arrive, credited through the ledger. */
    async deposit(actor: OperatorActor, id: number, input: { amount: number; remark: string }) {
      await find(id);
      return db.transaction(async (tx) => {
        const bill = await d.wallet.move(tx, {
          memberId: id,
          type: 'deposit',
          amount: input.amount,
          remark: input.remark,
          operatorId: actor.operatorId,
        });
        await d.audit.record(tx, actor, {
          action: 'member.deposit',
          targetType: 'member',
          targetId: id,
          before: { balance: bill.balanceAfter - input.amount },
          after: { balance: bill.balanceAfter, amount: input.amount, remark: input.remark, billId: bill.id },
        });
        return bill;
      });
    },

    async realNameQueue(q: { status?: RealNameStatus; page: number; pageSize: number }) {
      const status = q.status ?? 'pending';
      const where = eq(members.realNameStatus, status);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(members)
          .where(where)
          .orderBy(status === 'pending' ? members.realNameSubmittedAt : desc(members.realNameReviewedAt))
          .limit(q.pageSize)
          .offset(offsetOf(q)),
        db.select({ n: count() }).from(members).where(where),
      ]);
      return pageResult(rows.map(toReviewRow), total?.n ?? 0, q);
    },

    async reviewRealName(actor: OperatorActor, memberId: number, input: { approve: boolean; reason?: string }) {
      const row = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(members).where(eq(members.id, memberId)).for('update');
        if (!before) throw notFound();
        if (before.realNameStatus !== 'pending') throw new AppError(409, 'REAL_NAME_NOT_PENDING');
        const status = input.approve ? 'verified' : 'rejected';
        const [after] = await tx
          .update(members)
          .set({
            realNameStatus: status,
            realNameReason: input.approve ? null : (input.reason ?? ''),
            realNameReviewedAt: new Date(clock.now()),
          })
          .where(eq(members.id, memberId))
          .returning();
        await d.audit.record(tx, actor, {
          action: input.approve ? 'realname.approve' : 'realname.reject',
          targetType: 'member',
          targetId: memberId,
          before: { realNameStatus: before.realNameStatus },
          after: { realNameStatus: status, reason: input.reason ?? null },
        });
        return after!;
      });
      return toReviewRow(row);
    },
  };

  function toReviewRow(r: MemberRow) {
    return {
      memberId: r.id,
      phone: maskPhone(r.phone),
      realName: r.realName ? maskName(r.realName) : '',
      idNumber: r.idNumber ? maskIdNumber(r.idNumber) : '',
      frontImage: r.idFrontKey ? d.uploads.viewUrl(r.idFrontKey) : '',
      backImage: r.idBackKey ? d.uploads.viewUrl(r.idBackKey) : '',
      status: r.realNameStatus,
      reason: r.realNameReason,
      submittedAt: r.realNameSubmittedAt?.getTime() ?? null,
      reviewedAt: r.realNameReviewedAt?.getTime() ?? null,
    };
  }
}
export type MembersService = ReturnType<typeof createMembersService>;
