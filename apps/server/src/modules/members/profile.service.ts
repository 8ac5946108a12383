import type { ChangePasswordInput, TradePasswordInput, UpdateMemberInput } from '@antique/shared';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { AppError, invalidField, notFound } from '../../http/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { hashPassword, verifyPassword } from '../../lib/password-hash.js';
import type { SessionMeta, SessionStore } from '../../lib/session-store.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import type { SmsService } from '../verification/sms.service.js';
import type { MemberViews } from './member-views.js';
import type { MemberUpdate, MembersRepository } from './members.repository.js';

/** A member's own profile, passwords and totals. */
export function createProfileService(d: {
  db: Db;
  repo: MembersRepository;
  views: MemberViews;
  sessions: SessionStore<Tx>;
  clock: Clock;
  settings: SettingsService;
  sms: SmsService;
  uploads: UploadsService;
}) {
  const { db, repo, views, clock } = d;

  async function find(id: number) {
    const row = await repo.find(id);
    if (!row) throw notFound();
    return row;
  }

  return {
    async info(memberId: number) {
      return views.toMember(await find(memberId));
    },

    async update(memberId: number, input: UpdateMemberInput) {
      const set: MemberUpdate = {};
      if (input.nickname !== undefined) set.nickname = input.nickname;
      if (input.avatar !== undefined) {
        const key = await d.uploads.ownedKey({ type: 'member', id: memberId }, 'avatar', input.avatar);
        if (!key) throw invalidField('avatar');
        set.avatar = d.uploads.viewUrl(key);
      }
      await repo.update(memberId, set);
      return views.toMember(await find(memberId));
    },

    /** A new login password ends every session of the member and starts a new one. */
    async changePassword(memberId: number, input: ChangePasswordInput, meta: SessionMeta) {
      const me = await find(memberId);
      await d.sms.verify(me.phone, 'password', input.smsCode);
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        await repo.update(memberId, { passwordHash }, tx);
        await d.sessions.revokeAll(memberId, 'password_changed', tx);
        const s = await d.sessions.create(memberId, meta, tx);
        return { token: s.token, expiresAt: s.expiresAt };
      });
    },

    async setTradePassword(memberId: number, input: TradePasswordInput) {
      const me = await find(memberId);
      await d.sms.verify(me.phone, 'trade', input.smsCode);
      await repo.update(memberId, {
        tradePasswordHash: await hashPassword(input.tradePassword),
        tradePasswordFailures: 0,
        tradePasswordLockedUntil: null,
      });
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
        if (me.tradePasswordFailures > 0) await repo.update(memberId, { tradePasswordFailures: 0 });
        return;
      }
      const failures = (await repo.incrementTradePasswordFailures(memberId)) ?? policy.maxFailures;
      if (failures >= policy.maxFailures) {
        await repo.update(memberId, {
          tradePasswordFailures: 0,
          tradePasswordLockedUntil: new Date(now + policy.lockMinutes * 60_000),
        });
        throw new AppError(422, 'TRADE_PASSWORD_LOCKED', { retryAfter: policy.lockMinutes * 60 });
      }
      throw new AppError(422, 'TRADE_PASSWORD_WRONG', { remaining: policy.maxFailures - failures });
    },

    /** Counts a paid order towards the member's total (their VIP level), in the payment's transaction. */
    async addPaid(tx: Tx, memberId: number, amount: number) {
      await repo.addTotalPaid(memberId, amount, tx);
    },

    /** Who invited the member, if anyone. */
    async inviterOf(memberId: number, tx: DbOrTx = db): Promise<number | null> {
      return (await repo.find(memberId, tx))?.inviterId ?? null;
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
