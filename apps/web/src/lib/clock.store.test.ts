import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLOCK_TICK_MS, serverNow, startClock, useClockStore } from './clock.store';

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  useClockStore.getState().stop();
  useClockStore.setState({ offset: 0 });
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
});
