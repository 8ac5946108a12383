import { and, count, desc, eq, gt, gte, inArray, isNull, like, lt, lte, sql } from 'drizzle-orm';
import { arrayColumn, isoOrNull } from '../../db/array-columns.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { captchas, smsCodes, smsOutbox } from '../../db/schema/index.js';

export function createVerificationRepository(db: Db) {
  return {
    async insertCaptcha(values: typeof captchas.$inferInsert, tx: DbOrTx = db) {
      await tx.insert(captchas).values(values);
    },

    async deleteCaptchasExpiredBefore(at: Date, tx: DbOrTx = db) {
      await tx.delete(captchas).where(lt(captchas.expiresAt, at));
    },

    /** Marks a live, unused captcha used and returns its answer hash; undefined otherwise. */
    async useCaptcha(id: string, at: Date, tx: DbOrTx = db) {
      const [row] = await tx
        .update(captchas)
        .set({ usedAt: at })
        .where(and(eq(captchas.id, id), isNull(captchas.usedAt), gt(captchas.expiresAt, at)))
        .returning({ answerHash: captchas.answerHash });
      return row;
    },

    /** Serialises senders to one phone until the transaction ends. */
    async lockPhone(phone: string, tx: Tx) {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${'sms:' + phone}))`);
    },

    async lastCodeAt(phone: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ createdAt: smsCodes.createdAt })
        .from(smsCodes)
        .where(eq(smsCodes.phone, phone))
        .orderBy(desc(smsCodes.createdAt))
        .limit(1);
      return row?.createdAt;
    },

    async countCodesSince(phone: string, since: Date, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ n: count() })
        .from(smsCodes)
        .where(and(eq(smsCodes.phone, phone), gte(smsCodes.createdAt, since)));
      return row?.n ?? 0;
    },

    async insertCode(values: typeof smsCodes.$inferInsert, tx: DbOrTx = db) {
      await tx.insert(smsCodes).values(values);
    },

    /** The newest unused code of a scene, locked. */
    async newestLiveCodeForUpdate(phone: string, scene: string, tx: Tx) {
      const [row] = await tx
        .select()
        .from(smsCodes)
        .where(and(eq(smsCodes.phone, phone), eq(smsCodes.scene, scene), isNull(smsCodes.consumedAt)))
        .orderBy(desc(smsCodes.createdAt))
        .limit(1)
        .for('update');
      return row;
    },

    /** Uses up every live code of a phone's scene: a new one is about to replace them. */
    async supersedeCodes(phone: string, scene: string, at: Date, tx: DbOrTx = db) {
      await tx
        .update(smsCodes)
        .set({ consumedAt: at })
        .where(and(eq(smsCodes.phone, phone), eq(smsCodes.scene, scene), isNull(smsCodes.consumedAt)));
    },

    async updateCode(id: number, set: { tries?: number; consumedAt?: Date }, tx: DbOrTx = db) {
      await tx.update(smsCodes).set(set).where(eq(smsCodes.id, id));
    },

    /**
     * Writes texts to the outbox and returns their ids, in one statement of one text whatever
     * their number (one array a column: a batch of bids' outbid texts is built and parsed as
     * cheaply as one text).
     */
    async insertOutbox(values: (typeof smsOutbox.$inferInsert)[], tx: DbOrTx = db) {
      if (values.length === 0) return [];
      const col = <T>(pick: (v: (typeof values)[number]) => T) => arrayColumn(values, pick);
      const result = await tx.execute<{ id: number }>(sql`
        INSERT INTO ${smsOutbox} (phone, scene, template, params, content, created_at, status, provider, next_attempt_at, sent_at)
        SELECT phone, scene, template, params::jsonb, content, created_at, status, provider, next_attempt_at, sent_at
          FROM unnest(${col((v) => v.phone)}::text[], ${col((v) => v.scene)}::text[], ${col((v) => v.template ?? null)}::text[],
            ${col((v) => (v.params ? JSON.stringify(v.params) : null))}::text[], ${col((v) => v.content)}::text[],
            ${col((v) => isoOrNull(v.createdAt))}::timestamptz[], ${col((v) => v.status ?? 'sent')}::text[],
            ${col((v) => v.provider ?? 'outbox')}::text[], ${col((v) => isoOrNull(v.nextAttemptAt))}::timestamptz[],
            ${col((v) => isoOrNull(v.sentAt))}::timestamptz[])
            WITH ORDINALITY AS v(phone, scene, template, params, content, created_at, status, provider, next_attempt_at, sent_at, i)
         ORDER BY i
        RETURNING id`);
      return result.rows.map((r) => Number(r.id));
    },

    /**
     * Takes queued texts that are due for a try: one conditional update pushes their next try
     * past the lease and counts the attempt, so no other run (this instance's or another's)
     * takes them meanwhile. `ids` limits it to those texts (the first try after a commit);
     * otherwise the due ones, oldest first, skipping rows another run is updating.
     */
    async claimOutbox(q: { ids?: number[]; now: Date; leaseUntil: Date; limit: number }, tx: DbOrTx = db) {
      const due = and(eq(smsOutbox.status, 'queued'), lte(smsOutbox.nextAttemptAt, q.now));
      const picked = q.ids
        ? and(due, inArray(smsOutbox.id, q.ids))
        : inArray(
            smsOutbox.id,
            tx
              .select({ id: smsOutbox.id })
              .from(smsOutbox)
              .where(due)
              .orderBy(smsOutbox.nextAttemptAt)
              .limit(q.limit)
              .for('update', { skipLocked: true }),
          );
      return tx
        .update(smsOutbox)
        .set({ attempts: sql`${smsOutbox.attempts} + 1`, nextAttemptAt: q.leaseUntil })
        .where(and(picked, due))
        .returning();
    },

    /** A try's outcome: sent with the provider's id, queued again for `nextAttemptAt`, or failed. */
    async settleOutbox(
      id: number,
      set:
        | { status: 'sent'; providerMessageId: string; sentAt: Date }
        | { status: 'queued'; error: string; nextAttemptAt: Date }
        | { status: 'failed'; error: string },
      tx: DbOrTx = db,
    ) {
      const values =
        set.status === 'sent'
          ? { ...set, error: null, nextAttemptAt: null }
          : set.status === 'failed'
            ? { ...set, nextAttemptAt: null }
            : set;
      await tx.update(smsOutbox).set(values).where(eq(smsOutbox.id, id));
    },

    async outboxPage(
      q: { phonePrefix?: string; status?: 'queued' | 'sent' | 'failed'; limit: number; offset: number },
      tx: DbOrTx = db,
    ) {
      const where = and(
        q.phonePrefix ? like(smsOutbox.phone, `${q.phonePrefix}%`) : undefined,
        q.status ? eq(smsOutbox.status, q.status) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        tx.select().from(smsOutbox).where(where).orderBy(desc(smsOutbox.id)).limit(q.limit).offset(q.offset),
        tx.select({ n: count() }).from(smsOutbox).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
export type VerificationRepository = ReturnType<typeof createVerificationRepository>;
