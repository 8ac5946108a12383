/** How many keys a counter keeps; past it the least recently counted are forgotten first. */
const MAX_KEYS = 50_000;

interface Entry {
  count: number;
  since: number;
  pausedUntil: number;
}

/**
 * Sign-in attempts per key (an address, or a username that is nobody's) within a window,
 * held in this process. Each call checks and counts in one synchronous step, so parallel
 * attempts cannot slip past a limit between the two.
 */
export function createSignInFailures() {
  const entries = new Map<string, Entry>();

  function current(key: string, now: number, windowMs: number): Entry {
    let e = entries.get(key);
    // A pause that ran out, or a window that did, starts a new count.
    if (e && e.pausedUntil <= now && (e.pausedUntil > 0 || now - e.since >= windowMs)) e = undefined;
    if (!e) e = { count: 0, since: now, pausedUntil: 0 };
    // Re-inserted, so the map's order is the order of last use.
    entries.delete(key);
    entries.set(key, e);
    if (entries.size > MAX_KEYS) entries.delete(entries.keys().next().value!);
    return e;
  }

  return {
    /**
     * Counts an attempt unless `max` are counted in the window already. Refused, it says
     * until when: with `pauseMs` the key is held back that long from the refusal on, else
     * until the window ends.
     */
    take(
      key: string,
      now: number,
      o: { max: number; windowMs: number; pauseMs?: number },
    ): { ok: true; count: number } | { ok: false; until: number } {
      const e = current(key, now, o.windowMs);
      if (e.pausedUntil > now) return { ok: false, until: e.pausedUntil };
      if (e.count >= o.max) {
        if (o.pauseMs === undefined) return { ok: false, until: e.since + o.windowMs };
        e.pausedUntil = now + o.pauseMs;
        return { ok: false, until: e.pausedUntil };
      }
      e.count += 1;
      return { ok: true, count: e.count };
    },

    /** Counts an attempt whatever the count (one that solved a captcha). */
    add(key: string, now: number, windowMs: number): number {
      const e = current(key, now, windowMs);
      e.count += 1;
      return e.count;
    },

    /** An attempt counted by `take` turned out right, or was never judged: its place is given back. */
    giveBack(key: string): void {
      const e = entries.get(key);
      if (e && e.count > 0) e.count -= 1;
    },
  };
}
export type SignInFailures = ReturnType<typeof createSignInFailures>;
