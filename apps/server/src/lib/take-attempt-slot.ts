/** Waiters of this process by what they wait for (`login:<phone>`), woken when an attempt there settles. */
const waiting = new Map<string, Set<() => void>>();

/** Sleeps until an attempt on `key` settles in this process, or 100 to 200 ms (another instance may settle it). */
function nextTurn(key: string): Promise<void> {
  return new Promise((resolve) => {
    const set = waiting.get(key) ?? new Set();
    waiting.set(key, set);
    const wake = () => {
      clearTimeout(timer);
      set.delete(wake);
      if (set.size === 0 && waiting.get(key) === set) waiting.delete(key);
      resolve();
    };
    const timer = setTimeout(wake, 100 + Math.random() * 100);
    set.add(wake);
  });
}

/** Tells this process's waiters on `key` that an attempt there was judged: its slot is free or the lock began. */
export function attemptSettled(key: string): void {
  for (const wake of [...(waiting.get(key) ?? [])]) wake();
}

/**
 * Password attempts are counted before they are judged: each takes a slot of the lock's
 * allowance in one atomic statement (`reserve`). While every slot is held by attempts
 * still being judged, a newcomer waits for them to settle (a right one frees its slot, a
 * last wrong one starts the lock) rather than being refused, for up to `waitMs`.
 * Undefined: locked (`locked()` said so) or, after the wait, still no slot. Whoever gets
 * a slot calls `attemptSettled(key)` once the attempt is judged.
 */
export async function takeAttemptSlot<S>(
  key: string,
  reserve: () => Promise<S | undefined>,
  locked: () => Promise<boolean>,
  waitMs = 5000,
): Promise<S | undefined> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const slot = await reserve();
    if (slot !== undefined) return slot;
    if ((await locked()) || Date.now() > deadline) return undefined;
    await nextTurn(key);
  }
}
