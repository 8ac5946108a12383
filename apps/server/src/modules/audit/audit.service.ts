import type { Db, DbOrTx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { offsetOf, pageResult } from '../../lib/page.js';
import { createAuditRepository } from './audit.repository.js';

export interface OperatorActor {
  operatorId: number;
  ip?: string;
  requestId?: string;
}

/** Who acts: an operator, or the server itself (`null`: loading the demo, first start), which is not audited. */
export type Actor = OperatorActor | null;

/** The server acting on a request of its own accord (locking an account), audited with no operator. */
export interface SystemActor {
  system: true;
  ip?: string;
  requestId?: string;
}

/** Who did what, before and after, when: written in the same transaction as the change. */
export function createAuditService({
  db,
  clock,
  operatorNames,
}: {
  db: Db;
  clock: Clock;
  /** Operators' usernames by id (the operators service, which itself records here). */
  operatorNames: (ids: number[]) => Promise<Map<number, string>>;
}) {
  const repo = createAuditRepository(db);
  return {
    async record(
      tx: DbOrTx,
      actor: Actor | SystemActor,
      entry: { action: string; targetType: string; targetId?: string | number; before?: unknown; after?: unknown },
    ) {
      if (!actor) return;
      await repo.insert(
        {
          operatorId: 'system' in actor ? null : actor.operatorId,
          action: entry.action,
          targetType: entry.targetType,
          targetId: entry.targetId === undefined ? null : String(entry.targetId),
          before: entry.before ?? null,
          after: entry.after ?? null,
          ip: actor.ip ?? null,
          requestId: actor.requestId ?? null,
          createdAt: new Date(clock.now()),
        },
        tx,
      );
    },

    async list(q: { action?: string; operatorId?: number; page: number; pageSize: number }) {
      const { rows, total } = await repo.page({ ...q, limit: q.pageSize, offset: offsetOf(q) });
      const ids = [...new Set(rows.map((r) => r.operatorId).filter((id): id is number => id !== null))];
      const names = await operatorNames(ids);
      return pageResult(
        rows.map((log) => ({
          id: log.id,
          operatorId: log.operatorId,
          operatorName: log.operatorId === null ? null : (names.get(log.operatorId) ?? null),
          action: log.action,
          targetType: log.targetType,
          targetId: log.targetId,
          before: log.before,
          after: log.after,
          ip: log.ip,
          createdAt: log.createdAt.getTime(),
        })),
        total,
        q,
      );
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
