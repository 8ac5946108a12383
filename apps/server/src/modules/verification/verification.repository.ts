import { and, count, desc, eq, gt, gte, isNull, like, lt, sql } from 'drizzle-orm';
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

    async updateCode(id: number, set: { tries?: number; consumedAt?: Date }, tx: DbOrTx = db) {
      await tx.update(smsCodes).set(set).where(eq(smsCodes.id, id));
    },

    async insertOutbox(values: (typeof smsOutbox.$inferInsert)[], tx: DbOrTx = db) {
      if (values.length > 0) await tx.insert(smsOutbox).values(values);
    },

    async outboxPage(q: { phonePrefix?: string; limit: number; offset: number }, tx: DbOrTx = db) {
      const where = q.phonePrefix ? like(smsOutbox.phone, `${q.phonePrefix}%`) : undefined;
      const [rows, [total]] = await Promise.all([
        tx.select().from(smsOutbox).where(where).orderBy(desc(smsOutbox.id)).limit(q.limit).offset(q.offset),
        tx.select({ n: count() }).from(smsOutbox).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
export type VerificationRepository = ReturnType<typeof createVerificationRepository>;
