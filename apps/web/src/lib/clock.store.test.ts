import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLOCK_TICK_MS, serverNow, startClock, useClockStore } from './clock.store';

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  useClockStore.getState().stop();
  useClockStore.setState({ offset: 0, synced: false });
  setHidden(false);
});

describe('clock', () => {
  it('ticks every second while shown and pauses while the page is hidden', () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    const stop = startClock();
    expect(useClockStore.getState().now).toBe(1_000_000);
    vi.advanceTimersByTime(CLOCK_TICK_MS);
    expect(useClockStore.getState().now).toBe(1_001_000);

    setHidden(true);
    expect(useClockStore.getState().timer).toBeNull();
    vi.advanceTimersByTime(5 * CLOCK_TICK_MS);
    expect(useClockStore.getState().now).toBe(1_001_000);

    setHidden(false);
    expect(useClockStore.getState().now).toBe(1_006_000);
    stop();
    expect(useClockStore.getState().timer).toBeNull();
  });

  it('keeps the server-time offset', () => {
    vi.useFakeTimers();
    vi.setSystemTime(5_000);
    useClockStore.getState().syncServerTime(8_000);
    expect(useClockStore.getState().offset).toBe(3_000);
    expect(serverNow()).toBe(8_000);
    useClockStore.getState().syncServerTime(Number.NaN);
    expect(useClockStore.getState().offset).toBe(3_000);
  });

  it('keeps the best reading, so the time shown never steps back for an answer that came slowly', () => {
    vi.useFakeTimers();
    vi.setSystemTime(10_000);
    const clock = useClockStore.getState();
    clock.syncServerTime(9_000); // the device is fast: the first reading is taken whatever it is
    expect(useClockStore.getState().offset).toBe(-1_000);
    clock.syncServerTime(9_500); // an answer that took less time on the way: a better reading
    expect(useClockStore.getState().offset).toBe(-500);
    clock.syncServerTime(8_200); // one that took 1.3 s: kept out
    expect(useClockStore.getState().offset).toBe(-500);
    expect(useClockStore.getState().now).toBe(9_500);
    // The device's clock set 10 s forward: readings fall more than CLOCK_RESET_MS below, and are taken.
    vi.setSystemTime(20_000);
    clock.syncServerTime(20_000 - 10_500);
    expect(useClockStore.getState().offset).toBe(-10_500);
  });
});
