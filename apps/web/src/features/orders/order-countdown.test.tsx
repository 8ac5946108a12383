import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useClockStore } from '../../lib/clock.store';
import { OrderCountdown, PayWithin } from './order-countdown';

const DEVICE_NOW = Date.UTC(2025, 0, 1, 12, 0, 0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(DEVICE_NOW);
});
afterEach(() => {
  useClockStore.getState().stop();
  useClockStore.setState({ offset: 0, synced: false, now: Date.now() });
});

describe('order countdown', () => {
  it('counts to the deadline by the server’s clock, not the device’s', () => {
    // The server is 90 s ahead of this device; the order was created 5 minutes ago by its clock.
    const serverNow = DEVICE_NOW + 90_000;
    useClockStore.getState().syncServerTime(serverNow, DEVICE_NOW);
    useClockStore.getState().start();
    const expiresAt = serverNow + 10 * 60_000;

    render(<OrderCountdown expiresAt={expiresAt} testId="countdown" />);
    expect(screen.getByTestId('countdown')).toHaveTextContent('10:00');

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('countdown')).toHaveTextContent('09:59');
    act(() => vi.advanceTimersByTime(59_000));
    expect(screen.getByTestId('countdown')).toHaveTextContent('09:00');
  });

  it('stops at 00:00 and reports the expiry once', () => {
    useClockStore.getState().syncServerTime(DEVICE_NOW - 30_000, DEVICE_NOW);
    useClockStore.getState().start();
    const onExpire = vi.fn();
    render(<OrderCountdown expiresAt={DEVICE_NOW - 30_000 + 3000} onExpire={onExpire} testId="countdown" />);
    expect(screen.getByTestId('countdown')).toHaveTextContent('00:03');

    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByTestId('countdown')).toHaveTextContent('00:00');
    expect(screen.getByTestId('countdown')).toHaveAttribute('data-expired', 'true');
    act(() => vi.advanceTimersByTime(5000));
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('sits inside the sentence of the member’s language', () => {
    useClockStore.getState().syncServerTime(DEVICE_NOW, DEVICE_NOW);
    render(<PayWithin expiresAt={DEVICE_NOW + 15 * 60_000} testId="countdown" />);
    expect(screen.getByTestId('countdown').parentElement).toHaveTextContent('请在 15:00 内完成支付');
  });
});
