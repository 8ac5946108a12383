import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { exportFileName, rangeToEpoch } from './export-csv';

describe('rangeToEpoch', () => {
  it('runs from the first day’s midnight to the midnight after the last day (exclusive)', () => {
    const { from, to } = rangeToEpoch([dayjs('2026-11-01T15:20:00'), dayjs('2026-11-30T08:00:00')]);
    expect(from).toBe(new Date(2026, 10, 1).getTime());
    expect(to).toBe(new Date(2026, 11, 1).getTime());
  });

  it('leaves out an open end, and both when nothing is picked', () => {
    expect(rangeToEpoch([dayjs('2026-11-01T15:20:00'), null])).toEqual({
      from: new Date(2026, 10, 1).getTime(),
      to: undefined,
    });
    expect(rangeToEpoch(null)).toEqual({ from: undefined, to: undefined });
  });
});

describe('exportFileName', () => {
  const now = new Date(2026, 10, 22, 10).getTime();

  it('names the days exported', () => {
    expect(exportFileName('订单', new Date(2026, 10, 1).getTime(), new Date(2026, 11, 1).getTime(), now)).toBe(
      '订单-20261101-20261130.csv',
    );
  });

  it('says 全部 and the day when there is no range', () => {
    expect(exportFileName('资金流水', undefined, undefined, now)).toBe('资金流水-全部-截至20261122.csv');
  });
});
