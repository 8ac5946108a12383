import { and, count, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { SmsScene } from '@antique/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { smsCodes, smsOutbox } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { randomDigits, sha256 } from '../../lib/tokens.js';
import type { SettingsService } from '../settings/settings.service.js';

/** Where texts go. The outbox keeps them for operators; a real provider implements the same. */
export interface SmsSender {
  send(tx: DbOrTx, message: { phone: string; scene: string; content: string; at: Date }): Promise<void>;
}

export const outboxSender: SmsSender = {
  async send(tx, m) {
    await tx.insert(smsOutbox).values({ phone: m.phone, scene: m.scene, content: m.content, createdAt: m.at });
  },
};

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
  sender: SmsSender;
}) {
  return {
    async send(phone: string, scene: SmsScene) {
      const limits = await settings.get('sms');
      return db.transaction(async (tx) => {
        // One sender per phone at a time, so two taps cannot both pass the cooldown.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${'sms:' + phone}))`);
        const now = clock.now();
        const [last] = await tx
          .select({ createdAt: smsCodes.createdAt })
          .from(smsCodes)
          .where(eq(smsCodes.phone, phone))
          .orderBy(desc(smsCodes.createdAt))
          .limit(1);
        const since = last ? now - last.createdAt.getTime() : Infinity;
        if (since < limits.cooldownSeconds * 1000) {
          const retryAfter = Math.ceil((limits.cooldownSeconds * 1000 - since) / 1000);
          throw new AppError(429, 'SMS_COOLDOWN', { retryAfter });
        }
        const [today] = await tx
          .select({ n: count() })
          .from(smsCodes)
          .where(and(eq(smsCodes.phone, phone), gte(smsCodes.createdAt, startOfChinaDay(now))));
        if ((today?.n ?? 0) >= limits.dailyLimit) {
          const retryAfter = Math.ceil((startOfChinaDay(now).getTime() + 86_400_000 - now) / 1000);
          throw new AppError(429, 'SMS_DAILY_LIMIT', { retryAfter });
        }
        const code = randomDigits(6);
        const at = new Date(now);
        await tx.insert(smsCodes).values({
          phone,
          scene,
          codeHash: sha256(`${phone}:${code}`),
          createdAt: at,
          expiresAt: new Date(now + limits.codeTtlSeconds * 1000),
        });
        const minutes = Math.round(limits.codeTtlSeconds / 60);
        await sender.send(tx, {
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
        const [row] = await tx
          .select()
          .from(smsCodes)
          .where(and(eq(smsCodes.phone, phone), eq(smsCodes.scene, scene), isNull(smsCodes.consumedAt)))
          .orderBy(desc(smsCodes.createdAt))
          .limit(1)
          .for('update');
        if (!row || row.expiresAt <= now || row.tries >= limits.maxTries) return false;
        if (row.codeHash !== sha256(`${phone}:${code}`)) {
          await tx
            .update(smsCodes)
            .set({ tries: row.tries + 1 })
            .where(eq(smsCodes.id, row.id));
          return false;
        }
        await tx.update(smsCodes).set({ consumedAt: now }).where(eq(smsCodes.id, row.id));
        return true;
      });
      if (!ok) throw new AppError(400, 'SMS_CODE_INVALID', { field: 'smsCode' });
    },
  };
}
export type SmsService = ReturnType<typeof createSmsService>;
