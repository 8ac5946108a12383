import { create } from 'zustand';

/** The specification's clock tick. */
export const CLOCK_TICK_MS = 1000;
/** A reading this far below the offset kept means the device's clock was set forward: taken. */
export const CLOCK_RESET_MS = 5000;

interface ClockState {
  /** Server time as this device best knows it, in ms; ticks every second while the page is shown. */
  now: number;
  /** Server time minus device time: the best of the `X-Server-Time` headers read. */
  offset: number;
  /** Whether a header has been read (until then the offset is 0, the device's own time). */
  synced: boolean;
  timer: ReturnType<typeof setInterval> | null;
  start(): void;
  stop(): void;
  syncServerTime(serverMs: number, deviceMs?: number): void;
}

export const useClockStore = create<ClockState>()((set, get) => ({
  now: Date.now(),
  offset: 0,
  synced: false,
  timer: null,
  start() {
    if (get().timer !== null) return;
    const tick = () => set({ now: Date.now() + get().offset });
    tick();
    set({ timer: setInterval(tick, CLOCK_TICK_MS) });
  },
  stop() {
    const { timer } = get();
    if (timer !== null) clearInterval(timer);
    set({ timer: null });
  },
  syncServerTime(serverMs, deviceMs = Date.now()) {
    if (!Number.isFinite(serverMs) || serverMs <= 0) return;
    // A header is the server's time when it sent the answer, read when the answer arrived: each
    // reading is below the true offset by its time on the way, which varies answer to answer.
    // The largest is the best, and keeping it means the shown time never steps back (a lot that
    // has started does not flick back to "upcoming" because one answer came slowly).
    const reading = serverMs - deviceMs;
    const { offset, synced } = get();
    if (synced && reading <= offset && reading >= offset - CLOCK_RESET_MS) return;
    set({ offset: reading, synced: true, now: Date.now() + reading });
  },
}));

/** The server's current time, for code outside React. */
export function serverNow(): number {
  return Date.now() + useClockStore.getState().offset;
}

/** Runs the clock while the document is visible; returns the function that stops it for good. */
export function startClock(): () => void {
  const clock = useClockStore.getState();
  const onVisibility = () => (document.hidden ? clock.stop() : clock.start());
  if (!document.hidden) clock.start();
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    clock.stop();
  };
}
