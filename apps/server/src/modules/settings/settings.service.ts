import { defaultSettings, settingsSchema, type Settings } from '@antique/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditService, Actor } from '../audit/audit.service.js';
import { createSettingsRepository } from './settings.repository.js';

// Read on hot paths (every member info); another instance's change shows within this long.
const CACHE_MS = 3000;
/** Set once the demo was loaded, so it is loaded once per database. */
const DEMO_LOADED_KEY = 'demoSeeded';

/** Settings are rows keyed by name; missing ones take the product's defaults. */
export function createSettingsService({ db, clock, audit }: { db: Db; clock: Clock; audit: AuditService }) {
  const repo = createSettingsRepository(db);
  let cached: { at: number; value: Settings } | undefined;

  async function all(tx?: DbOrTx): Promise<Settings> {
    if (!tx && cached && Date.now() - cached.at < CACHE_MS) return cached.value;
    const value = await read(tx ?? db);
    if (!tx) cached = { at: Date.now(), value };
    return value;
  }

  async function read(tx: DbOrTx): Promise<Settings> {
    const rows = await repo.all(tx);
    const merged: Record<string, unknown> = { ...defaultSettings };
    for (const r of rows) if (r.key in merged) merged[r.key] = r.value;
    const parsed = settingsSchema.safeParse(merged);
    return parsed.success ? parsed.data : defaultSettings;
  }

  async function write(patch: Partial<Settings>, tx: DbOrTx): Promise<Settings> {
    cached = undefined;
    const now = new Date(clock.now());
    for (const [key, value] of Object.entries(patch)) {
      if (value !== undefined) await repo.upsert(key, value, now, tx);
    }
    return read(tx);
  }

  return {
    all,

    async get<K extends keyof Settings>(key: K, tx?: DbOrTx): Promise<Settings[K]> {
      return (await all(tx))[key];
    },

    /** An operator's change, audited with the values before and after. */
    async change(actor: Actor, patch: Partial<Settings>): Promise<Settings> {
      return db.transaction(async (tx) => {
        const before = await read(tx);
        const next = await write(patch, tx);
        const changed = Object.keys(patch) as (keyof Settings)[];
        await audit.record(tx, actor, {
          action: 'settings.update',
          targetType: 'settings',
          before: Object.fromEntries(changed.map((k) => [k, before[k]])),
          after: Object.fromEntries(changed.map((k) => [k, next[k]])),
        });
        return next;
      });
    },

    async demoLoaded(tx: DbOrTx = db): Promise<boolean> {
      return (await repo.find(DEMO_LOADED_KEY, tx)) !== undefined;
    },

    async markDemoLoaded(tx: DbOrTx = db): Promise<void> {
      await repo.upsert(DEMO_LOADED_KEY, true, new Date(clock.now()), tx);
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
