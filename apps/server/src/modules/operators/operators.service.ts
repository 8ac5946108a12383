import crypto from 'node:crypto';
import { asc, count, eq } from 'drizzle-orm';
import type { Operator, OperatorRole } from '@antique/shared';
import type { Db } from '../../db/client.js';
import { operators } from '../../db/schema/index.js';
import { AppError, notFound } from '../../http/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/password-hash.js';
import type { AuditService, OperatorActor } from '../audit/audit.service.js';
import type { SessionsService } from '../sessions/sessions.service.js';

type Row = typeof operators.$inferSelect;

const toOperator = (r: Row): Operator => ({
  id: r.id,
  username: r.username,
  role: r.role,
  disabled: r.disabled,
  createdAt: r.createdAt.getTime(),
});

export function createOperatorsService(d: { db: Db; clock: Clock; sessions: SessionsService; audit: AuditService }) {
  const { db, clock } = d;

  async function find(id: number) {
    const [row] = await db.select().from(operators).where(eq(operators.id, id));
    if (!row) throw notFound();
    return row;
  }

  return {
    find: async (id: number) => toOperator(await find(id)),

    /** On an empty database: operator `admin`, with ADMIN_PASSWORD or a random password returned to print once. */
    async ensureFirstAdmin(password?: string): Promise<{ created: boolean; password?: string }> {
      const [n] = await db.select({ n: count() }).from(operators);
      if ((n?.n ?? 0) > 0) return { created: false };
      const pw = password ?? crypto.randomBytes(12).toString('base64url');
      await db
        .insert(operators)
        .values({
          username: 'admin',
          passwordHash: await hashPassword(pw),
          role: 'admin',
          createdAt: new Date(clock.now()),
        })
        .onConflictDoNothing();
      return { created: true, ...(password ? {} : { password: pw }) };
    },

    async login(username: string, password: string) {
      const [row] = await db.select().from(operators).where(eq(operators.username, username.toLowerCase()));
      const good = await verifyPassword(password, row?.passwordHash ?? (await dummyHash()));
      if (!row || !good || row.disabled) throw new AppError(422, 'OPERATOR_LOGIN_FAILED');
      await db
        .update(operators)
        .set({ lastLoginAt: new Date(clock.now()) })
        .where(eq(operators.id, row.id));
      const s = await d.sessions.operators.create(row.id);
      return { token: s.token, role: row.role };
    },

    async list() {
      return (await db.select().from(operators).orderBy(asc(operators.id))).map(toOperator);
    },

    async create(actor: OperatorActor, input: { username: string; password: string; role: OperatorRole }) {
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(operators)
          .values({ username: input.username, passwordHash, role: input.role, createdAt: new Date(clock.now()) })
          .onConflictDoNothing()
          .returning();
        if (!row) throw new AppError(409, 'USERNAME_TAKEN', { field: 'username' });
        await d.audit.record(tx, actor, {
          action: 'operator.create',
          targetType: 'operator',
          targetId: row.id,
          after: { username: row.username, role: row.role },
        });
        return toOperator(row);
      });
    },

    async update(
      actor: OperatorActor,
      id: number,
      input: { role?: OperatorRole; disabled?: boolean; password?: string },
    ) {
      if (id === actor.operatorId && (input.disabled || (input.role && input.role !== 'admin'))) {
        // An admin cannot lock themselves out of the console.
        throw new AppError(422, 'FORBIDDEN');
      }
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(operators).where(eq(operators.id, id)).for('update');
        if (!before) throw notFound();
        const [after] = await tx
          .update(operators)
          .set({
            ...(input.role ? { role: input.role } : {}),
            ...(input.disabled !== undefined ? { disabled: input.disabled } : {}),
            ...(passwordHash ? { passwordHash } : {}),
          })
          .where(eq(operators.id, id))
          .returning();
        if (input.disabled || passwordHash) await d.sessions.operators.revokeAll(id, 'changed', tx);
        await d.audit.record(tx, actor, {
          action: 'operator.update',
          targetType: 'operator',
          targetId: id,
          before: { role: before.role, disabled: before.disabled },
          after: { role: after!.role, disabled: after!.disabled, passwordChanged: Boolean(passwordHash) },
        });
        return toOperator(after!);
      });
    },

    /** The operator behind a session, refused if disabled since. */
    async active(id: number) {
      const row = await find(id).catch(() => undefined);
      if (!row || row.disabled) throw new AppError(302, 'SESSION_EXPIRED');
      return toOperator(row);
    },
  };
}
export type OperatorsService = ReturnType<typeof createOperatorsService>;
