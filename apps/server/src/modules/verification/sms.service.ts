import type { SmsScene } from '@antique/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { offsetOf, pageResult } from '../../lib/page.js';
import { randomDigits, sha256 } from '../../lib/tokens.js';
import type { SettingsService } from '../settings/settings.service.js';
import { createVerificationRepository } from './verification.repository.js';

export interface SmsMessage {
  phone: string;
  scene: string;
  content: string;
  at: Date;
}

/** Where texts go. The outbox keeps them for operators; a real provider implements the same. */
export interface SmsSender {
  send(tx: DbOrTx, message: SmsMessage): Promise<void>;
  /** Several texts at once (a provider's batch call); without it they go one by one. */
  sendMany?(tx: DbOrTx, messages: SmsMessage[]): Promise<void>;
}

/** The one-machine sender: texts stay in the outbox, which operators read in the console. */
export function createOutboxSender(db: Db): SmsSender {
  const repo = createVerificationRepository(db);
  return {
    async send(tx, m) {
      await repo.insertOutbox([{ phone: m.phone, scene: m.scene, content: m.content, createdAt: m.at }], tx);
    },
    async sendMany(tx, messages) {
      await repo.insertOutbox(
        messages.map((m) => ({ phone: m.phone, scene: m.scene, content: m.content, createdAt: m.at })),
        tx,
      );
    },
  };
}

const sceneText: Record<SmsScene, string> = {
  register: '注册',
  password: '修改登录密码',
  trade: '设置交易密码',
};

/** Midnight in China (UTC+8), where the daily limit resets. */
function startOfChinaDay(ms: number): Date {
  const shifted = ms + 8 * 3600_000;
  return new Date(shifted - (shifted % 86_400_000) - 8 * 3600_000);
}

export function createSmsService({
  db,
  clock,
  settings,
  sender,
}: {
  db: Db;
  clock: Clock;
  settings: SettingsService;
  sender?: SmsSender;
}) {
  const repo = createVerificationRepository(db);
  const out = sender ?? createOutboxSender(db);
  return {
    async send(phone: string, scene: SmsScene) {
      const limits = await settings.get('sms');
      return db.transaction(async (tx) => {
        // One sender per phone at a time, so two taps cannot both pass the cooldown.
        await repo.lockPhone(phone, tx);
        const now = clock.now();
        const last = await repo.lastCodeAt(phone, tx);
        const since = last ? now - last.getTime() : Infinity;
        if (since < limits.cooldownSeconds * 1000) {
          const retryAfter = Math.ceil((limits.cooldownSeconds * 1000 - since) / 1000);
          throw new AppError(429, 'SMS_COOLDOWN', { retryAfter });
        }
        const today = await repo.countCodesSince(phone, startOfChinaDay(now), tx);
        if (today >= limits.dailyLimit) {
          const retryAfter = Math.ceil((startOfChinaDay(now).getTime() + 86_400_000 - now) / 1000);
          throw new AppError(429, 'SMS_DAILY_LIMIT', { retryAfter });
        }
        const code = randomDigits(6);
        const at = new Date(now);
        await repo.insertCode(
          {
            phone,
            scene,
            codeHash: sha256(`${phone}:${code}`),
            createdAt: at,
            expiresAt: new Date(now + limits.codeTtlSeconds * 1000),
          },
          tx,
        );
        const minutes = Math.round(limits.codeTtlSeconds / 60);
        await out.send(tx, {
          phone,
          scene,
          at,
          content: `【拾古拍卖】验证码 ${code}，用于${sceneText[scene]}，${minutes}分钟内有效。如非本人操作，请忽略本短信。`,
        });
        return { expiresIn: limits.codeTtlSeconds, resendIn: limits.cooldownSeconds };
      });
    },

    /**
     * Checks the newest live code of the scene and uses it up. A wrong guess counts,
     * and is kept even when the caller's own work fails afterwards.
     */
    async verify(phone: string, scene: SmsScene, code: string) {
      const limits = await settings.get('sms');
      const ok = await db.transaction(async (tx) => {
        const now = new Date(clock.now());
        const row = await repo.newestLiveCodeForUpdate(phone, scene, tx);
        if (!row || row.expiresAt <= now || row.tries >= limits.maxTries) return false;
        if (row.codeHash !== sha256(`${phone}:${code}`)) {
          await repo.updateCode(row.id, { tries: row.tries + 1 }, tx);
          return false;
        }
        await repo.updateCode(row.id, { consumedAt: now }, tx);
        return true;
      });
      if (!ok) throw new AppError(400, 'SMS_CODE_INVALID', { field: 'smsCode' });
    },

    /**
     * Notification texts (outbid, won, payment due) through the same sender as the codes:
     * no code, no cooldown, `scene` `notice`; several at once in one call where the sender can.
     */
    async notifyMany(texts: { phone: string; content: string }[], tx: DbOrTx = db) {
      if (texts.length === 0) return;
      const at = new Date(clock.now());
      const messages = texts.map((x) => ({ phone: x.phone, scene: 'notice', content: `【拾古拍卖】${x.content}`, at }));
      if (out.sendMany) await out.sendMany(tx, messages);
      else for (const m of messages) await out.send(tx, m);
    },

    /** The texts the outbox holds, newest first, for operators. */
    async outbox(q: { phone?: string; page: number; pageSize: number }) {
      const prefix = q.phone?.replace(/\D/g, '');
      const { rows, total } = await repo.outboxPage({
        ...(prefix ? { phonePrefix: prefix } : {}),
        limit: q.pageSize,
        offset: offsetOf(q),
      });
      return pageResult(
        rows.map((m) => ({ ...m, createdAt: m.createdAt.getTime() })),
        total,
        q,
      );
    },
  };
}
export type SmsService = ReturnType<typeof createSmsService>;
