import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { scheduleProblem, scheduleToInput } from './lot-schedule-fields';
import { textToHtml } from './text-to-html';
import { formatCountdown } from './use-now';
import { lotPriceProblem, yuanToFen } from './yuan-rules';

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

describe('textToHtml', () => {
  it('makes each line a paragraph and every character text', () => {
    expect(textToHtml('  青花梅瓶 \n\n底款 <大明宣德年制> & "官窑"\r\n')).toBe(
      '<p>青花梅瓶</p><p>底款 &lt;大明宣德年制&gt; &amp; &quot;官窑&quot;</p>',
    );
    expect(textToHtml('\n \n')).toBe('');
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

describe('lot prices', () => {
  it('names the field in its problems and converts yuan to fen', () => {
    expect(lotPriceProblem('', '起拍价')).toBe('请输入起拍价');
    expect(lotPriceProblem('0', '起拍价')).toBe('起拍价：金额必须大于 0');
    expect(lotPriceProblem('1.234', '保留价')).toBe('保留价：金额格式不正确：请输入数字，最多两位小数');
    expect(lotPriceProblem('1,000.50', '起拍价')).toBeNull();
    expect(yuanToFen('1,000.50')).toBe(100_050);
  });
});
