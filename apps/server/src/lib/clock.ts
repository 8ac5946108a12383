/** Time comes from here so tests can move it. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export interface MovableClock extends Clock {
  advance(ms: number): void;
  set(ms: number): void;
}

export function movableClock(start = Date.now()): MovableClock {
  let offset = start - Date.now();
  return {
    now: () => Date.now() + offset,
    advance: (ms) => {
      offset += ms;
    },
    set: (ms) => {
      offset = ms - Date.now();
    },
  };
}
