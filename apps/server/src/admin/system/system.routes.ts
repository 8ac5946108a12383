import { auditApi, settingsApi, uploadsApi, verificationApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { Route } from '../../http/route.js';
import type { AuditService } from '../../modules/audit/audit.service.js';
import type { SettingsService } from '../../modules/settings/settings.service.js';
import type { UploadsService } from '../../modules/uploads/uploads.service.js';
import type { SmsService } from '../../modules/verification/sms.service.js';

/** Settings, the audit log, the SMS outbox and operators' uploads. */
export function adminSystemRoutes(
  app: FastifyInstance,
  d: { route: Route; settings: SettingsService; audit: AuditService; sms: SmsService; uploads: UploadsService },
) {
  const { route } = d;
  route(app, settingsApi.get, () => d.settings.all());
  route(app, settingsApi.update, ({ actor, input }) => d.settings.change(actor, input));
  route(app, auditApi.list, ({ input }) => d.audit.list(input));
  route(app, verificationApi.adminSmsOutbox, ({ input }) => d.sms.outbox(input));
  route(app, uploadsApi.adminOss, ({ operator, input }) =>
    d.uploads.issue({ type: 'operator', id: operator.id }, input.purpose, input.type),
  );
}
