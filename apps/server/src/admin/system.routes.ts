import {
  auditQuery,
  auditRow,
  bill,
  billTypes,
  envelope,
  idParam,
  operator,
  operatorCreateInput,
  operatorUpdateInput,
  pageOf,
  pageQuery,
  reconcileOutput,
  settingsPatch,
  settingsSchema,
  smsOutboxQuery,
  smsOutboxRow,
  uploadPurposes,
  ossOutput,
} from '@antique/shared';
import { and, count, desc, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { smsOutbox } from '../db/schema/index.js';
import { actorOf, type AuthHooks } from '../http/auth.js';
import { ok } from '../http/envelope.js';
import { offsetOf, pageResult } from '../lib/page.js';
import type { AuditService } from '../modules/audit/audit.service.js';
import type { OperatorsService } from '../modules/operators/operators.service.js';
import type { SettingsService } from '../modules/settings/settings.service.js';
import type { UploadsService } from '../modules/uploads/uploads.service.js';
import type { WalletService } from '../modules/wallet/wallet.service.js';

const ledgerQuery = pageQuery.extend({
  memberId: z.coerce.number().int().positive().optional(),
  type: z.enum(billTypes).optional(),
});

export function adminSystemRoutes(
  app: FastifyInstance,
  d: {
    db: Db;
    auth: AuthHooks;
    operators: OperatorsService;
    audit: AuditService;
    wallet: WalletService;
    settings: SettingsService;
    uploads: UploadsService;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = d.auth.operator('admin');

  r.get(
    '/operators',
    { schema: { tags: ['admin: operators'], response: { 200: envelope(z.array(operator)) } }, onRequest: admin },
    async () => ok(await d.operators.list()),
  );
  r.post(
    '/operators',
    {
      schema: { tags: ['admin: operators'], body: operatorCreateInput, response: { 200: envelope(operator) } },
      onRequest: admin,
    },
    async (req) => ok(await d.operators.create(actorOf(req), req.body)),
  );
  r.put(
    '/operators/:id',
    {
      schema: {
        tags: ['admin: operators'],
        params: idParam,
        body: operatorUpdateInput,
        response: { 200: envelope(operator) },
      },
      onRequest: admin,
    },
    async (req) => ok(await d.operators.update(actorOf(req), req.params.id, req.body)),
  );

  r.get(
    '/audit',
    {
      schema: { tags: ['admin: system'], querystring: auditQuery, response: { 200: envelope(pageOf(auditRow)) } },
      onRequest: admin,
    },
    async (req) => ok(await d.audit.list(req.query)),
  );

  r.get(
    '/sms/outbox',
    {
      schema: {
        tags: ['admin: system'],
        querystring: smsOutboxQuery,
        response: { 200: envelope(pageOf(smsOutboxRow)) },
      },
      onRequest: d.auth.operator('support'),
    },
    async (req) => {
      const q = req.query;
      const where = q.phone ? like(smsOutbox.phone, `${q.phone.replace(/\D/g, '')}%`) : undefined;
      const [rows, [total]] = await Promise.all([
        d.db
          .select()
          .from(smsOutbox)
          .where(and(where))
          .orderBy(desc(smsOutbox.id))
          .limit(q.pageSize)
          .offset(offsetOf(q)),
        d.db.select({ n: count() }).from(smsOutbox).where(where),
      ]);
      return ok(
        pageResult(
          rows.map((m) => ({ ...m, createdAt: m.createdAt.getTime() })),
          total?.n ?? 0,
          q,
        ),
      );
    },
  );

  r.get(
    '/settings',
    {
      schema: { tags: ['admin: system'], response: { 200: envelope(settingsSchema) } },
      onRequest: d.auth.operator('finance', 'operator'),
    },
    async () => ok(await d.settings.all()),
  );
  r.put(
    '/settings',
    {
      schema: { tags: ['admin: system'], body: settingsPatch, response: { 200: envelope(settingsSchema) } },
      onRequest: admin,
    },
    async (req) => {
      const before = await d.settings.all();
      const after = await d.db.transaction(async (tx) => {
        const next = await d.settings.update(req.body, tx);
        const changed = Object.keys(req.body) as (keyof typeof before)[];
        await d.audit.record(tx, actorOf(req), {
          action: 'settings.update',
          targetType: 'settings',
          before: Object.fromEntries(changed.map((k) => [k, before[k]])),
          after: Object.fromEntries(changed.map((k) => [k, next[k]])),
        });
        return next;
      });
      return ok(after);
    },
  );

  r.get(
    '/ledger',
    {
      schema: {
        tags: ['admin: money'],
        querystring: ledgerQuery,
        response: { 200: envelope(pageOf(bill.extend({ memberId: z.number().int() }))) },
      },
      onRequest: d.auth.operator('finance', 'support'),
    },
    async (req) => ok(await d.wallet.bills(req.query)),
  );

  r.get(
    '/reconcile',
    {
      schema: { tags: ['admin: money'], response: { 200: envelope(reconcileOutput) } },
      onRequest: d.auth.operator('finance'),
    },
    async () => ok(await d.wallet.reconcile()),
  );

  r.get(
    '/oss',
    {
      schema: {
        tags: ['admin: system'],
        querystring: z.object({ purpose: z.enum(uploadPurposes, { error: 'invalid.purpose' }) }),
        response: { 200: envelope(ossOutput) },
      },
      onRequest: d.auth.operator('operator'),
    },
    async (req) => ok(await d.uploads.issue({ type: 'operator', id: req.operator!.id }, req.query.purpose)),
  );
}
