import { create } from 'zustand';

/** The specification's clock tick. */
export const CLOCK_TICK_MS = 1000;

interface ClockState {
  /** Server time as this device best knows it, in ms; ticks every second while the page is shown. */
  now: number;
  /** Server time minus device time, from the last `X-Server-Time` header. */
  offset: number;
  timer: ReturnType<typeof setInterval> | null;
  start(): void;
  stop(): void;
  syncServerTime(serverMs: number, deviceMs?: number): void;
}

export const useClockStore = create<ClockState>()((set, get) => ({
  now: Date.now(),
  offset: 0,
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
    const offset = serverMs - deviceMs;
    set({ offset, now: Date.now() + offset });
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
