import type { Db } from '../../db/client.js';
import { notFound } from '../../http/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { SettingsService } from '../settings/settings.service.js';
import { createContentRepository } from './content.repository.js';
import { defaultRules } from './default-rules.js';

export interface AppVersionPolicy {
  latest: string;
  minSupported: string;
  downloadUrl: string;
  updateContent: string;
}

const DEFAULT_POLICY: AppVersionPolicy = { latest: '1.0.0', minSupported: '1.0.0', downloadUrl: '', updateContent: '' };

/** 1.2.10 > 1.2.9: numeric, part by part. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((x) => Number.parseInt(x, 10) || 0);
  const pb = b.split('.').map((x) => Number.parseInt(x, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}

export function createContentService({ db, clock, settings }: { db: Db; clock: Clock; settings: SettingsService }) {
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
      const stored = (await settings.stored('appVersion')) as Partial<AppVersionPolicy> | undefined;
      const p = { ...DEFAULT_POLICY, ...stored };
      const update = compareVersions(version, p.minSupported) < 0 ? 2 : compareVersions(version, p.latest) < 0 ? 1 : 0;
      return {
        update: update as 0 | 1 | 2,
        version: p.latest,
        downloadUrl: p.downloadUrl,
        updateContent: p.updateContent,
      };
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;
