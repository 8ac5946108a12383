import { and, count, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { auditLogs, operators } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';
import { offsetOf, pageResult } from '../../lib/page.js';

export interface OperatorActor {
  operatorId: number;
  ip?: string;
  requestId?: string;
}

/** Who did what, before and after, when: written in the same transaction as the change. */
export function createAuditService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    async record(
      tx: DbOrTx,
      actor: OperatorActor | null,
      entry: { action: string; targetType: string; targetId?: string | number; before?: unknown; after?: unknown },
    ) {
      await tx.insert(auditLogs).values({
        operatorId: actor?.operatorId ?? null,
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId === undefined ? null : String(entry.targetId),
        before: entry.before ?? null,
        after: entry.after ?? null,
        ip: actor?.ip ?? null,
        requestId: actor?.requestId ?? null,
        createdAt: new Date(clock.now()),
      });
    },

    async list(q: { action?: string; operatorId?: number; page: number; pageSize: number }) {
      const where = and(
        q.action ? eq(auditLogs.action, q.action) : undefined,
        q.operatorId ? eq(auditLogs.operatorId, q.operatorId) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ log: auditLogs, operatorName: operators.username })
          .from(auditLogs)
          .leftJoin(operators, eq(operators.id, auditLogs.operatorId))
          .where(where)
          .orderBy(desc(auditLogs.id))
          .limit(q.pageSize)
          .offset(offsetOf(q)),
        db.select({ n: count() }).from(auditLogs).where(where),
      ]);
      return pageResult(
        rows.map(({ log, operatorName }) => ({
          id: log.id,
          operatorId: log.operatorId,
          operatorName,
          action: log.action,
          targetType: log.targetType,
          targetId: log.targetId,
          before: log.before,
          after: log.after,
          ip: log.ip,
          createdAt: log.createdAt.getTime(),
        })),
        total?.n ?? 0,
        q,
      );
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
