import { act, render, screen } from '@testing-library/react';
import { Profiler, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useClockStore } from '../../lib/clock.store';
import {
  FINE_COUNTDOWN_MS,
  formatLotCountdown,
  formatLotCountdownCoarse,
  LotCountdown,
  lotCountdownTime,
  useShownLotStatus,
} from './lot-countdown';

const NOW = 1_800_000_000_000;
const MINUTE = 60_000;
const HOUR = 3_600_000;
const dayWord = (days: number) => `${days}天`;

const tick = (ms: number) => act(() => useClockStore.setState({ now: useClockStore.getState().now + ms }));

/** Renders `element` and counts its commits from then on. */
function renderCounted(element: ReactNode) {
  const commits = vi.fn();
  render(
    <Profiler id="countdown" onRender={commits}>
      {element}
    </Profiler>,
  );
  commits.mockClear();
  return commits;
}

afterEach(() => useClockStore.setState({ now: Date.now() }));

describe('the countdown’s text', () => {
  it('reads in days and hours, or hours and minutes, far from its moment', () => {
    expect(formatLotCountdownCoarse(2 * 86_400_000 + 3 * HOUR + 4 * MINUTE, 'zh-Hans')).toBe('2天3小时');
    expect(formatLotCountdownCoarse(86_400_000, 'zh-Hans')).toBe('1天');
    expect(formatLotCountdownCoarse(3 * HOUR + 4 * MINUTE, 'zh-Hans')).toBe('3小时4分钟');
    expect(formatLotCountdownCoarse(2 * HOUR, 'zh-Hans')).toBe('2小时');
    // Minutes round up, as the seconds clock rounds seconds up: 1 h and a second is 1 h 1 min.
    expect(formatLotCountdownCoarse(HOUR + 1000, 'zh-Hans')).toBe('1小时1分钟');
    expect(formatLotCountdownCoarse(3 * HOUR + 4 * MINUTE, 'en')).toMatch(/^3 hr,? 4 min$/);
    expect(formatLotCountdownCoarse(-5, 'zh-Hans')).toBe('0分钟');
  });

  it('writes simplified Chinese without Intl exactly as Intl writes it', () => {
    const unit = (u: string, n: number) =>
      new Intl.NumberFormat('zh-Hans', { style: 'unit', unit: u, unitDisplay: 'short' }).format(n);
    const list = new Intl.ListFormat('zh-Hans', { type: 'unit', style: 'narrow' });
    for (const [days, hours, minutes] of [
      [0, 0, 0],
      [0, 0, 7],
      [0, 3, 0],
      [0, 23, 59],
      [1, 0, 0],
      [12, 5, 0],
      [365, 23, 0],
    ] as const) {
      const words =
        days > 0
          ? [unit('day', days), ...(hours > 0 ? [unit('hour', hours)] : [])]
          : [
              ...(hours > 0 ? [unit('hour', hours)] : []),
              ...(minutes > 0 || hours === 0 ? [unit('minute', minutes)] : []),
            ];
      const ms = days * 86_400_000 + hours * HOUR + minutes * MINUTE;
      expect(formatLotCountdownCoarse(ms, 'zh-Hans'), `${days} ${hours} ${minutes}`).toBe(list.format(words));
    }
  });

  it('shows seconds in the last hour, and always without `coarse`', () => {
    expect(lotCountdownTime(FINE_COUNTDOWN_MS + 1000, true, 'zh-Hans', dayWord)).toBe('1小时1分钟');
    expect(lotCountdownTime(FINE_COUNTDOWN_MS, true, 'zh-Hans', dayWord)).toBe('01:00:00');
    expect(lotCountdownTime(59 * MINUTE + 59_500, true, 'zh-Hans', dayWord)).toBe('01:00:00');
    expect(lotCountdownTime(4 * MINUTE + 5000, true, 'zh-Hans', dayWord)).toBe('04:05');
    expect(lotCountdownTime(3 * HOUR + 4 * MINUTE + 5000, false, 'zh-Hans', dayWord)).toBe('03:04:05');
    expect(formatLotCountdown(86_400_000 + 5000, dayWord)).toBe('1天 00:00:05');
  });
});

describe('LotCountdown', () => {
  it('on a card far from its end, changes (and renders) once a minute, not every second', () => {
    useClockStore.setState({ now: NOW });
    const lot = { status: 'live' as const, startsAt: NOW - HOUR, endsAt: NOW + 3 * HOUR + 4 * MINUTE };
    const commits = renderCounted(<LotCountdown lot={lot} coarse testId="countdown" />);
    expect(screen.getByTestId('countdown')).toHaveTextContent('距结束 3小时4分钟');
    for (let second = 0; second < 59; second++) tick(1000);
    expect(commits).not.toHaveBeenCalled();
    tick(1000);
    expect(screen.getByTestId('countdown')).toHaveTextContent('距结束 3小时3分钟');
    expect(commits).toHaveBeenCalledTimes(1);
  });

  it('ticks every second in its last hour, and turns red in the last two minutes', () => {
    useClockStore.setState({ now: NOW });
    const lot = { status: 'live' as const, startsAt: NOW - HOUR, endsAt: NOW + 2 * MINUTE + 2000 };
    const commits = renderCounted(<LotCountdown lot={lot} coarse testId="countdown" />);
    expect(screen.getByTestId('countdown')).toHaveTextContent('距结束 02:02');
    expect(screen.getByTestId('countdown')).not.toHaveClass('lot-countdown-soon');
    tick(1000);
    tick(1000);
    expect(screen.getByTestId('countdown')).toHaveTextContent('距结束 02:00');
    expect(screen.getByTestId('countdown')).toHaveClass('lot-countdown-soon');
    expect(commits).toHaveBeenCalledTimes(2);
  });

  it('counts to the start of an upcoming lot and reads as ended once past its end', () => {
    useClockStore.setState({ now: NOW });
    const lot = { status: 'upcoming' as const, startsAt: NOW + 26 * HOUR, endsAt: NOW + 27 * HOUR };
    render(<LotCountdown lot={lot} coarse testId="countdown" />);
    expect(screen.getByTestId('countdown')).toHaveTextContent('距开拍 1天2小时');
    tick(27 * HOUR);
    expect(screen.getByTestId('countdown')).toHaveAttribute('data-status', 'ended');
    expect(screen.getByTestId('countdown')).toHaveTextContent('截拍');
  });

  it('keeps the seconds on the lot’s own page (no `coarse`)', () => {
    useClockStore.setState({ now: NOW });
    const lot = { status: 'live' as const, startsAt: NOW - HOUR, endsAt: NOW + 3 * HOUR + 4 * MINUTE + 5000 };
    render(<LotCountdown lot={lot} testId="countdown" />);
    expect(screen.getByTestId('countdown')).toHaveTextContent('距结束 03:04:05');
    tick(1000);
    expect(screen.getByTestId('countdown')).toHaveTextContent('距结束 03:04:04');
  });
});

describe('useShownLotStatus', () => {
  it('renders its component again only when the status changes', () => {
    useClockStore.setState({ now: NOW });
    const lot = { status: 'upcoming' as const, startsAt: NOW + 5000, endsAt: NOW + HOUR };
    function Status() {
      return <span data-testid="status">{useShownLotStatus(lot)}</span>;
    }
    const commits = renderCounted(<Status />);
    tick(1000);
    tick(1000);
    expect(commits).not.toHaveBeenCalled();
    tick(3000);
    expect(screen.getByTestId('status')).toHaveTextContent('live');
    expect(commits).toHaveBeenCalledTimes(1);
  });
});
