import { smsCodeTemplates, smsTextOf, type SmsScene, type SmsText } from '@antique/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { chinaDay } from '../../lib/china-day.js';
import { fail } from '../../lib/domain-error.js';
import type { Clock } from '../../lib/clock.js';
import { offsetOf, pageResult } from '../../lib/page.js';
import { newToken, randomDigits, sha256 } from '../../lib/tokens.js';
import type { SettingsService } from '../settings/settings.service.js';
import { createVerificationRepository } from './verification.repository.js';

/**
 * One text to send: a template code and its string parameters (a provider's template and
 * its variables), to a phone. `scene` says what it is about for the outbox: the code's scene,
 * `account_exists` or `notice`.
 */
export type SmsMessage = SmsText & { phone: string; scene: string; at: Date };

/** Where texts go. The outbox keeps them for operators; a real provider implements the same. */
export interface SmsSender {
  send(tx: DbOrTx, message: SmsMessage): Promise<void>;
  /** Several texts at once (a provider's batch call); without it they go one by one. */
  sendMany?(tx: DbOrTx, messages: SmsMessage[]): Promise<void>;
}

/**
 * The one-machine sender: texts stay in the outbox, which operators read in the console. It
 * keeps the template and its parameters, and the text rendered in zh-Hans (members have no
 * stored locale).
 */
export function createOutboxSender(db: Db): SmsSender {
  const repo = createVerificationRepository(db);
  const row = (m: SmsMessage) => ({
    phone: m.phone,
    scene: m.scene,
    template: m.template,
    params: m.params,
    content: smsTextOf(m),
    createdAt: m.at,
  });
  return {
    async send(tx, m) {
      await repo.insertOutbox([row(m)], tx);
    },
    async sendMany(tx, messages) {
      await repo.insertOutbox(messages.map(row), tx);
    },
  };
}

/**
 * What a `send` delivers: `code` texts the code of the scene (template `CODE_<SCENE>`);
 * `account_exists` tells a member who asked to register that they have an account (template
 * `ACCOUNT_EXISTS`, outbox scene `account_exists`); `none` texts nothing (a reset asked for a
 * phone that is no member).
 */
export type SmsDelivery = 'code' | 'account_exists' | 'none';

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
    /**
     * One send of a scene for a phone: cooldown and daily limit, then what `delivery` says.
     * Whatever is delivered, a code row is written (for `account_exists` and `none` one whose
     * code nobody was told), so the limits, the answer and the wrong tries are the same
     * whether or not the phone is a member's.
     */
    async send(phone: string, scene: SmsScene, delivery: SmsDelivery = 'code') {
      const limits = await settings.get('sms');
      return db.transaction(async (tx) => {
        // One sender per phone at a time, so two taps cannot both pass the cooldown.
        await repo.lockPhone(phone, tx);
        const now = clock.now();
        const last = await repo.lastCodeAt(phone, tx);
        const since = last ? now - last.getTime() : Infinity;
        if (since < limits.cooldownSeconds * 1000) {
          const retryAfter = Math.ceil((limits.cooldownSeconds * 1000 - since) / 1000);
          throw fail('SMS_COOLDOWN', { retryAfter });
        }
        // The daily limit resets at midnight in China.
        const day = chinaDay(now);
        const today = await repo.countCodesSince(phone, day.start, tx);
        if (today >= limits.dailyLimit) {
          const retryAfter = Math.ceil((day.end.getTime() - now) / 1000);
          throw fail('SMS_DAILY_LIMIT', { retryAfter });
        }
        const code = randomDigits(6);
        const at = new Date(now);
        await repo.insertCode(
          {
            phone,
            scene,
            // A code that was never texted is a hash of nothing anyone knows: no six digits match it.
            codeHash: delivery === 'code' ? sha256(`${phone}:${code}`) : newToken().hash,
            createdAt: at,
            expiresAt: new Date(now + limits.codeTtlSeconds * 1000),
          },
          tx,
        );
        const minutes = String(Math.round(limits.codeTtlSeconds / 60));
        if (delivery === 'code') {
          await out.send(tx, { phone, scene, at, template: smsCodeTemplates[scene], params: { code, minutes } });
        } else if (delivery === 'account_exists') {
          await out.send(tx, { phone, scene: 'account_exists', at, template: 'ACCOUNT_EXISTS', params: {} });
        }
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
      if (!ok) throw fail('SMS_CODE_INVALID', { field: 'smsCode' });
    },

    /**
     * Notification texts (outbid, won, payment due) through the same sender as the codes:
     * no code, no cooldown, `scene` `notice`; several at once in one call where the sender can.
     */
    async notifyMany(texts: { phone: string; sms: SmsText }[], tx: DbOrTx = db) {
      if (texts.length === 0) return;
      const at = new Date(clock.now());
      const messages: SmsMessage[] = texts.map((x) => ({ ...x.sms, phone: x.phone, scene: 'notice', at }));
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
      // The console reads the text as sent; the template and parameters stay in the row.
      return pageResult(
        rows.map((m) => ({
          id: m.id,
          phone: m.phone,
          scene: m.scene,
          content: m.content,
          createdAt: m.createdAt.getTime(),
        })),
        total,
        q,
      );
    },
  };
}
export type SmsService = ReturnType<typeof createSmsService>;
