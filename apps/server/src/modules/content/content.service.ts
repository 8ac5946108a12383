import { compareVersions, type AppVersionPolicy, type AppVersionPolicyInput } from '@antique/shared';
import type { Db } from '../../db/client.js';
import { notFound } from '../../http/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import { createContentRepository, type AppVersionRow } from './content.repository.js';
import { defaultRules } from './default-rules.js';

/** Until an operator saves a policy: version 1.0.0, nothing to update to. */
const DEFAULT_POLICY: AppVersionPolicy = {
  latest: '1.0.0',
  minSupported: '1.0.0',
  downloadUrl: '',
  updateContent: '',
  updatedAt: null,
};

const toPolicy = (r: AppVersionRow | undefined): AppVersionPolicy =>
  r
    ? {
        latest: r.latest,
        minSupported: r.minSupported,
        downloadUrl: r.downloadUrl,
        updateContent: r.updateContent,
        updatedAt: r.updatedAt.getTime(),
      }
    : DEFAULT_POLICY;

/** Rules (keyed texts) and the app-version policy of the native shell. */
export function createContentService({ db, clock, audit }: { db: Db; clock: Clock; audit: AuditService }) {
  const repo = createContentRepository(db);
  return {
    async rule(slug: string) {
      const row = await repo.rule(slug);
      if (!row) throw notFound();
      return { id: row.slug, title: row.title, content: row.content };
    },

    /** The house's rules exist from the first start; existing (edited) ones are left alone. */
    async seedRules() {
      const now = new Date(clock.now());
      await repo.insertMissingRules(defaultRules.map((r) => ({ ...r, updatedAt: now })));
    },

    /** The update check of the native shell: 2 forced below minSupported, 1 optional below latest. */
    async appVersion(version: string) {
      const p = toPolicy(await repo.appVersion());
      const update = compareVersions(version, p.minSupported) < 0 ? 2 : compareVersions(version, p.latest) < 0 ? 1 : 0;
      return {
        update: update as 0 | 1 | 2,
        version: p.latest,
        downloadUrl: p.downloadUrl,
        updateContent: p.updateContent,
      };
    },

    async adminAppVersion(): Promise<AppVersionPolicy> {
      return toPolicy(await repo.appVersion());
    },

    /** An operator's change of the policy (validated by its schema), audited with the values before and after. */
    async saveAppVersion(actor: Actor, input: AppVersionPolicyInput): Promise<AppVersionPolicy> {
      return db.transaction(async (tx) => {
        const before = await repo.appVersionForUpdate(tx);
        const row = await repo.saveAppVersion({ ...input, updatedAt: new Date(clock.now()) }, tx);
        await audit.record(tx, actor, {
          action: 'appVersion.update',
          targetType: 'appVersion',
          targetId: 1,
          before: toPolicy(before),
          after: toPolicy(row),
        });
        return toPolicy(row);
      });
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;
