import { defaultSettings, settingsSchema, type Settings } from '@antique/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditService, Actor } from '../audit/audit.service.js';
import { createSettingsRepository } from './settings.repository.js';

// Read on hot paths (every member info), so kept in memory, but only while this process
// listens for changes: every change notifies all instances at its commit, and each drops its
// copy. Without the LISTEN connection (not yet open, or lost) every read goes to the table.
const CACHE_MS = 60_000;
/** A lost LISTEN connection is opened again on a read at most this often. */
const RELISTEN_MS = 5000;
/** Set once the demo was loaded, so it is loaded once per database. */
const DEMO_LOADED_KEY = 'demoSeeded';

/** Settings are rows keyed by name; missing ones take the product's defaults. */
export function createSettingsService({ db, clock, audit }: { db: Db; clock: Clock; audit: AuditService }) {
  const repo = createSettingsRepository(db);
  let cached: { at: number; value: Settings } | undefined;
  // Bumped by every change seen: a read that started before it is not kept.
  let generation = 0;
  let listening = false;
  let listener: Promise<{ close(): Promise<void> } | undefined> | undefined;
  let lastAttempt = 0;
  let closed = false;

  const changed = () => {
    generation += 1;
    cached = undefined;
  };

  function listen() {
    if (closed || listener || Date.now() - lastAttempt < RELISTEN_MS) return;
    lastAttempt = Date.now();
    listener = repo
      .listen(changed, () => {
        listening = false;
        listener = undefined;
        changed();
      })
      .then((l) => {
        listening = true;
        // what was read before the connection listened may be stale already
        changed();
        return l;
      })
      .catch(() => {
        listener = undefined;
        return undefined;
      });
  }

  async function all(tx?: DbOrTx): Promise<Settings> {
    if (tx) return read(tx);
    listen();
    if (listening && cached && Date.now() - cached.at < CACHE_MS) return cached.value;
    const seen = generation;
    const value = await read(db);
    if (listening && seen === generation) cached = { at: Date.now(), value };
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
    const now = new Date(clock.now());
    for (const [key, value] of Object.entries(patch)) {
      if (value !== undefined) await repo.upsert(key, value, now, tx);
    }
    await repo.publishChanged(tx);
    return read(tx);
  }

  return {
    all,

    async get<K extends keyof Settings>(key: K, tx?: DbOrTx): Promise<Settings[K]> {
      return (await all(tx))[key];
    },

    /** An operator's change, audited with the values before and after. */
    async change(actor: Actor, patch: Partial<Settings>): Promise<Settings> {
      const saved = await db.transaction(async (tx) => {
        const before = await read(tx);
        const next = await write(patch, tx);
        const keys = Object.keys(patch) as (keyof Settings)[];
        await audit.record(tx, actor, {
          action: 'settings.update',
          targetType: 'settings',
          before: Object.fromEntries(keys.map((k) => [k, before[k]])),
          after: Object.fromEntries(keys.map((k) => [k, next[k]])),
        });
        return next;
      });
      // this process's next read sees it even before the notification arrives
      changed();
      return saved;
    },

    /** Closes the LISTEN connection (the app's shutdown). */
    async close() {
      closed = true;
      listening = false;
      const l = await listener;
      listener = undefined;
      await l?.close();
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
