import {
  maskPhone,
  vipLevelFor,
  type ChangePasswordInput,
  type Page,
  type TeamMember,
  type TradePasswordInput,
  type UpdateMemberInput,
} from '@antique/shared';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { fail, invalidField, notFound } from '../../lib/domain-error.js';
import type { Clock } from '../../lib/clock.js';
import { offsetOf, pageResult } from '../../lib/page.js';
import type { Passwords } from '../../lib/password-hash.js';
import { attemptSettled, takeAttemptSlot } from '../../lib/take-attempt-slot.js';
import type { SessionMeta, SessionStore } from '../../lib/session-store.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { MessagesService } from '../messages/messages.service.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import type { SmsService } from '../verification/sms.service.js';
import type { MemberViews } from './member-views.js';
import type { MemberUpdate, MembersRepository } from './members.repository.js';

/** A member's own profile, passwords and totals. */
export function createProfileService(d: {
  db: Db;
  passwords: Passwords;
  repo: MembersRepository;
  views: MemberViews;
  sessions: SessionStore<Tx>;
  clock: Clock;
  settings: SettingsService;
  sms: SmsService;
  uploads: UploadsService;
  messages: Pick<MessagesService, 'unreadCount'>;
}) {
  const { db, repo, views, clock } = d;

  async function find(id: number) {
    const row = await repo.find(id);
    if (!row) throw notFound();
    return row;
  }

  return {
    async info(memberId: number) {
      const [row, unreadMessages] = await Promise.all([find(memberId), d.messages.unreadCount(memberId)]);
      return { ...(await views.toMember(row)), unreadMessages };
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
      const passwordHash = await d.passwords.hash(input.password);
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
        tradePasswordHash: await d.passwords.hash(input.tradePassword),
        tradePasswordFailures: 0,
        tradePasswordLockedUntil: null,
      });
      return { hasTradePassword: true as const };
    },

    /**
     * Asked before paying and withdrawing. An attempt takes its slot in one statement
     * before the hash is checked, so however guesses arrive at most `maxFailures` are
     * judged per lock; once locked, even the right password is refused until the lock
     * ends. The count lives outside the caller's transaction: a refused payment still
     * counts its wrong password.
     */
    async verifyTradePassword(memberId: number, tradePassword: string) {
      const policy = await d.settings.get('tradePassword');
      const lockMs = policy.lockMinutes * 60_000;
      const now = clock.now();
      const locked = (until: number | undefined, extra: { remaining?: number } = {}) =>
        fail('TRADE_PASSWORD_LOCKED', {
          ...extra,
          retryAfter: Math.max(1, Math.ceil(((until ?? now + lockMs) - now) / 1000)),
        });
      const key = `trade-password:${memberId}`;
      const attempt = await takeAttemptSlot(
        key,
        () => repo.reserveTradePasswordAttempt(memberId, new Date(now), policy.maxFailures),
        async () => {
          const me = await find(memberId);
          return !me.tradePasswordHash || (me.tradePasswordLockedUntil?.getTime() ?? 0) > now;
        },
      );
      if (!attempt) {
        const me = await find(memberId);
        if (!me.tradePasswordHash) throw fail('TRADE_PASSWORD_NOT_SET');
        // Locked; or every slot still held after the wait (attempts that died unjudged count as wrong).
        const settled = await repo.settleTradePasswordWrong(memberId, new Date(now), policy.maxFailures, lockMs);
        throw locked(settled?.lockedUntil?.getTime());
      }
      try {
        if (await d.passwords.verify(tradePassword, attempt.hash)) {
          if (await repo.settleTradePasswordRight(memberId)) return;
          throw locked((await find(memberId)).tradePasswordLockedUntil?.getTime());
        }
        const settled = await repo.settleTradePasswordWrong(memberId, new Date(now), policy.maxFailures, lockMs);
        if (attempt.slot >= policy.maxFailures && settled?.lockedUntil) {
          // The last judged guess answers with the lock, `remaining: 0` telling it was judged.
          throw locked(settled.lockedUntil.getTime(), { remaining: 0 });
        }
        throw fail('TRADE_PASSWORD_WRONG', { remaining: Math.max(1, policy.maxFailures - attempt.slot) });
      } finally {
        attemptSettled(key);
      }
    },

    /** Counts a paid order towards the member's total (their VIP level), in the payment's transaction. */
    async addPaid(tx: Tx, memberId: number, amount: number) {
      await repo.addTotalPaid(memberId, amount, tx);
    },

    /** The member's invite code and how many members registered with it (one level). */
    async inviteSummary(memberId: number) {
      const [row, directCount] = await Promise.all([find(memberId), repo.countInvitedBy(memberId)]);
      return { inviteCode: row.inviteCode, directCount };
    },

    /** The members the member invited, newest first, as the inviter sees them: phones masked. */
    async invitees(memberId: number, q: { page: number; pageSize: number }): Promise<Page<TeamMember>> {
      const [{ rows, total }, thresholds] = await Promise.all([
        repo.invitees(memberId, { limit: q.pageSize, offset: offsetOf(q) }),
        d.settings.get('vipThresholds'),
      ]);
      const list = rows.map((r) => ({
        id: r.id,
        nickname: r.nickname,
        avatar: r.avatar,
        phone: maskPhone(r.phone),
        vipLevel: vipLevelFor(r.totalPaid, thresholds),
        joinedAt: r.createdAt.getTime(),
        realNameVerified: r.realNameStatus === 'verified',
      }));
      return pageResult(list, total, q);
    },

    /** Who invited the member, if anyone. */
    async inviterOf(memberId: number, tx: DbOrTx = db): Promise<number | null> {
      return (await repo.find(memberId, tx))?.inviterId ?? null;
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
