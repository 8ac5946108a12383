/** Time comes from here so tests can move it. */
export interface Clock {
  now(): number;
  /**
   * Calls `listener` each time the clock is moved (a test's clock): whatever sleeps until a
   * moment by this clock (the lot-close job) looks again. Answers how to stop listening.
   */
  onMove?(listener: () => void): () => void;
}

export const systemClock: Clock = { now: () => Date.now() };

export interface MovableClock extends Clock {
  advance(ms: number): void;
  set(ms: number): void;
  onMove(listener: () => void): () => void;
}

export function movableClock(start = Date.now()): MovableClock {
  let offset = start - Date.now();
  const listeners = new Set<() => void>();
  const moved = () => {
    for (const l of listeners) l();
  };
  return {
    now: () => Date.now() + offset,
    advance: (ms) => {
      offset += ms;
      moved();
    },
    set: (ms) => {
      offset = ms - Date.now();
      moved();
    },
    onMove: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
