import { smsCodeTemplates, smsTextOf, type SmsOutboxStatus, type SmsScene, type SmsText } from '@antique/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { chinaDay } from '../../lib/china-day.js';
import { fail } from '../../lib/domain-error.js';
import type { Clock } from '../../lib/clock.js';
import { offsetOf, pageResult } from '../../lib/page.js';
import { newToken, randomDigits, sha256 } from '../../lib/tokens.js';
import type { SettingsService } from '../settings/settings.service.js';
import { errorText, type SmsSender } from './sms-providers/sms-provider.js';
import { createVerificationRepository } from './verification.repository.js';

/**
 * One text to send: a template code and its string parameters (a provider's template and
 * its variables), to a phone. `scene` says what it is about for the outbox: the code's scene,
 * `account_exists` or `notice`.
 */
export type SmsMessage = SmsText & { phone: string; scene: string; at: Date };

export type { SmsSender };

/** Waits after a failed try before the next: 30 s, 2 min, 10 min; the fourth failure is final. */
export const SMS_RETRY_BACKOFF_MS = [30_000, 120_000, 600_000] as const;
/** A text taken for a try is left alone this long by other runs, well past a provider's timeout. */
const CLAIM_LEASE_MS = 60_000;
/** Texts one run of the retry job takes at most. */
const RETRY_BATCH = 50;

/**
 * What a `send` delivers: `code` texts the code of the scene (template `CODE_<SCENE>`);
 * `account_exists` tells a member who asked to register that they have an account (template
 * `ACCOUNT_EXISTS`, outbox scene `account_exists`); `none` texts nothing (a reset asked for a
 * phone that is no member).
 */
export type SmsDelivery = 'code' | 'account_exists' | 'none';

/**
 * Codes and texts. Every text is written to the outbox first, in the caller's transaction:
 * without a provider (`SMS_PROVIDER=outbox`) that is where it stays, `sent`, for operators to
 * read. With one it is `queued`, tried once the transaction has committed, and marked `sent`
 * with the provider's message id, or queued again with backoff (the retry job) and `failed`
 * after the last try.
 */
export function createSmsService({
  db,
  clock,
  settings,
  sender,
}: {
  db: Db;
  clock: Clock;
  settings: SettingsService;
  /** The provider; none keeps every text in the outbox. */
  sender?: SmsSender;
}) {
  const repo = createVerificationRepository(db);
  const inFlight = new Set<Promise<number>>();

  const rowOf = (m: SmsMessage) => ({
    phone: m.phone,
    scene: m.scene,
    template: m.template,
    params: m.params,
    content: smsTextOf(m),
    createdAt: m.at,
    ...(sender
      ? { status: 'queued' as const, provider: sender.name, nextAttemptAt: m.at }
      : { status: 'sent' as const, provider: 'outbox', sentAt: m.at }),
  });

  /** One try of a claimed text, its outcome written back. */
  async function attempt(row: {
    id: number;
    phone: string;
    template: string | null;
    params: Record<string, string> | null;
    attempts: number;
  }) {
    const now = () => new Date(clock.now());
    try {
      const { messageId } = await sender!.send({
        phone: row.phone,
        template: row.template ?? 'default',
        params: row.params ?? {},
      });
      await repo.settleOutbox(row.id, { status: 'sent', providerMessageId: messageId, sentAt: now() });
    } catch (err) {
      const error = errorText(err);
      const wait = SMS_RETRY_BACKOFF_MS[row.attempts - 1];
      await repo.settleOutbox(
        row.id,
        wait === undefined
          ? { status: 'failed', error }
          : { status: 'queued', error, nextAttemptAt: new Date(clock.now() + wait) },
      );
    }
  }

  /** Claims the texts (these ids, or the due ones) and tries each; answers how many were tried. */
  async function deliver(ids?: number[]): Promise<number> {
    if (!sender || ids?.length === 0) return 0;
    const now = clock.now();
    const rows = await repo.claimOutbox({
      ...(ids ? { ids } : {}),
      now: new Date(now),
      leaseUntil: new Date(now + CLAIM_LEASE_MS),
      limit: RETRY_BATCH,
    });
    await Promise.all(rows.map(attempt));
    return rows.length;
  }

  /** The first try of committed texts; a failure to even claim them leaves them to the retry job. */
  function deliverNow(ids: number[]) {
    const p = deliver(ids).catch(() => 0);
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
    return p;
  }

  return {
    /**
     * One send of a scene for a phone: cooldown and daily limit, then what `delivery` says.
     * Whatever is delivered, a code row is written (for `account_exists` and `none` one whose
     * code nobody was told), so the limits, the answer and the wrong tries are the same
     * whether or not the phone is a member's.
     */
    async send(phone: string, scene: SmsScene, delivery: SmsDelivery = 'code') {
      const limits = await settings.get('sms');
      const { answer, ids } = await db.transaction(async (tx) => {
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
        // The new code replaces any live one of the scene: a phone never has two valid codes at once.
        await repo.supersedeCodes(phone, scene, at, tx);
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
        const texts: SmsMessage[] =
          delivery === 'code'
            ? [{ phone, scene, at, template: smsCodeTemplates[scene], params: { code, minutes } }]
            : delivery === 'account_exists'
              ? [{ phone, scene: 'account_exists', at, template: 'ACCOUNT_EXISTS', params: {} }]
              : [];
        return {
          answer: { expiresIn: limits.codeTtlSeconds, resendIn: limits.cooldownSeconds },
          ids: await repo.insertOutbox(texts.map(rowOf), tx),
        };
      });
      // Sent after the answer, not before: the member never waits on the provider (a refusal or
      // a timeout is the retry job's), and a phone that gets no text answers as fast as one that
      // does, so the timing does not tell who is a member.
      void deliverNow(ids);
      return answer;
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
      const ids = await repo.insertOutbox(messages.map(rowOf), tx);
      // Nobody waits on a notice's text (a bid's answer must not); inside a caller's transaction
      // the rows are not visible yet, and the retry job sends them on its next run.
      if (tx === db) void deliverNow(ids);
    },

    /** The retry job's run: every queued text that is due, tried once more. */
    retryDue: () => deliver(),

    /** Resolves once the texts this instance is trying have their outcome (tests, shutdown). */
    async idle() {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },

    /** The texts the outbox holds, newest first, with their delivery, for operators. */
    async outbox(q: { phone?: string; status?: SmsOutboxStatus; page: number; pageSize: number }) {
      const prefix = q.phone?.replace(/\D/g, '');
      const { rows, total } = await repo.outboxPage({
        ...(prefix ? { phonePrefix: prefix } : {}),
        ...(q.status ? { status: q.status } : {}),
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
          status: m.status,
          provider: m.provider,
          providerMessageId: m.providerMessageId,
          error: m.error,
          attempts: m.attempts,
          nextAttemptAt: m.nextAttemptAt?.getTime() ?? null,
          sentAt: m.sentAt?.getTime() ?? null,
        })),
        total,
        q,
      );
    },
  };
}
export type SmsService = ReturnType<typeof createSmsService>;
