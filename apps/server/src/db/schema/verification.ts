import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/** Owner: verification (image captchas, SMS codes, the SMS outbox). */
export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    scene: text('scene').notNull(),
    codeHash: text('code_hash').notNull(),
    tries: integer('tries').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.createdAt)],
);

export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    scene: text('scene').notNull(),
    /** The template code and its parameters, as a provider is sent them; null on texts from before templates. */
    template: text('template'),
    params: jsonb('params').$type<Record<string, string>>(),
    /** The text as rendered (zh-Hans), shown in the console. */
    content: text('content').notNull(),
    createdAt: ts('created_at').notNull(),
    /**
     * Delivery through the configured provider: `sent` once it accepted the text (the outbox
     * provider accepts at once), `queued` while a retry is due, `failed` after the last try.
     */
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('sent'),
    /** `outbox`, `aliyun` or `tencent`: who was asked to send it. */
    provider: text('provider').notNull().default('outbox'),
    providerMessageId: text('provider_message_id'),
    /** The provider's last refusal or the transport error, as said. */
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    sentAt: ts('sent_at'),
  },
  (t) => [
    index('sms_outbox_phone_idx').on(t.phone, t.createdAt),
    index('sms_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
  ],
);
