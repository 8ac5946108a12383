import { defaultSettings, settingsSchema, type Settings } from '@antique/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { settings as settingsTable } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';

// Read on hot paths (every member info); another instance's change shows within this long.
const CACHE_MS = 3000;

/** Settings are rows keyed by name; missing ones take the product's defaults. */
export function createSettingsService({ db, clock }: { db: Db; clock: Clock }) {
  let cached: { at: number; value: Settings } | undefined;

  async function all(tx?: DbOrTx): Promise<Settings> {
    if (!tx && cached && Date.now() - cached.at < CACHE_MS) return cached.value;
    const value = await read(tx ?? db);
    if (!tx) cached = { at: Date.now(), value };
    return value;
  }

  async function read(tx: DbOrTx): Promise<Settings> {
    const rows = await tx.select().from(settingsTable);
    const merged: Record<string, unknown> = { ...defaultSettings };
    for (const r of rows) if (r.key in merged) merged[r.key] = r.value;
    const parsed = settingsSchema.safeParse(merged);
    return parsed.success ? parsed.data : defaultSettings;
  }

  return {
    all,
    async get<K extends keyof Settings>(key: K, tx?: DbOrTx): Promise<Settings[K]> {
      return (await all(tx))[key];
    },
    async update(patch: Partial<Settings>, tx: DbOrTx = db): Promise<Settings> {
      cached = undefined;
      const now = new Date(clock.now());
      for (const [key, value] of Object.entries(patch)) {
        if (value === undefined) continue;
        await tx
          .insert(settingsTable)
          .values({ key, value, updatedAt: now })
          .onConflictDoUpdate({ target: settingsTable.key, set: { value, updatedAt: now } });
      }
      return read(tx);
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
