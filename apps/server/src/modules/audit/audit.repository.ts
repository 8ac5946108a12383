import { and, count, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { auditLogs } from '../../db/schema/index.js';

export type AuditInsert = typeof auditLogs.$inferInsert;

export function createAuditRepository(db: Db) {
  return {
    async insert(values: AuditInsert, tx: DbOrTx = db) {
      await tx.insert(auditLogs).values(values);
    },

    async page(q: { action?: string; operatorId?: number; limit: number; offset: number }, tx: DbOrTx = db) {
      const where = and(
        q.action ? eq(auditLogs.action, q.action) : undefined,
        q.operatorId ? eq(auditLogs.operatorId, q.operatorId) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        tx.select().from(auditLogs).where(where).orderBy(desc(auditLogs.id)).limit(q.limit).offset(q.offset),
        tx.select({ n: count() }).from(auditLogs).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
