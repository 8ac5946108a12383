import { describe, expect, it } from 'vitest';
import { parseYuanInput } from './yuan-input';

const MAX = 1_000_000_000;

describe('parseYuanInput', () => {
  it.each([
    ['1,000.50', 100050],
    ['1000.5', 100050],
    [' 12 ', 1200],
    ['0.01', 1],
    ['10,000,000', MAX],
  ])('reads %s yuan as %i fen', (text, fen) => {
    expect(parseYuanInput(text, MAX)).toEqual({ fen, error: null });
  });

  it.each([
    ['', '请输入金额'],
    ['12.345', '金额格式不正确：请输入数字，最多两位小数'],
    ['-5', '金额格式不正确：请输入数字，最多两位小数'],
    ['1e3', '金额格式不正确：请输入数字，最多两位小数'],
    ['0.00', '金额必须大于 0'],
    ['10,000,000.01', '单笔不能超过 ¥10,000,000.00'],
  ])('refuses %j', (text, error) => {
    expect(parseYuanInput(text, MAX)).toEqual({ fen: null, error });
  });
});
