import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { scheduleProblem, scheduleToInput } from './lot-schedule-fields';
import { formatCountdown } from './use-now';

const now = dayjs('2026-11-23 10:00:30').valueOf();
const at = (text: string) => dayjs(text);

describe('scheduleProblem', () => {
  it.each([
    [null, null, { field: 'startsAt', text: '请选择开拍时间' }],
    ['2026-11-23 10:00', null, { field: 'endsAt', text: '请选择结束时间' }],
    ['2026-11-23 09:58', '2026-11-24 10:00', { field: 'startsAt', text: '开拍时间不能早于现在' }],
    ['2026-11-23 12:00', '2026-11-23 12:00', { field: 'endsAt', text: '结束时间须晚于开拍时间' }],
    ['2026-11-23 12:00', '2026-11-23 11:00', { field: 'endsAt', text: '结束时间须晚于开拍时间' }],
    // The current minute, picked 30 s into it, is still a start the server takes.
    ['2026-11-23 10:00', '2026-11-23 12:00', null],
  ])('%s → %s', (start, end, problem) => {
    expect(scheduleProblem(start ? at(start) : null, end ? at(end) : null, now)).toEqual(problem);
  });

  it('sends epoch ms and the session only when one is chosen', () => {
    const startsAt = at('2026-12-01 20:00');
    const endsAt = at('2026-12-02 20:00');
    expect(scheduleToInput({ startsAt, endsAt, sessionId: null })).toEqual({
      startsAt: startsAt.valueOf(),
      endsAt: endsAt.valueOf(),
    });
    expect(scheduleToInput({ startsAt, endsAt, sessionId: 4 })).toMatchObject({ sessionId: 4 });
  });
});

describe('formatCountdown', () => {
  it.each([
    [0, '00:00:00'],
    [-5_000, '00:00:00'],
    [59_999, '00:00:59'],
    [3_725_000, '01:02:05'],
    [2 * 86_400_000 + 3_600_000, '2 天 01:00:00'],
  ])('%d ms → %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });
});
