import { describe, expect, it } from 'vitest';
import { formatFen, parseYuan, yuanForInput } from './money.js';

describe('money', () => {
  it.each([
    [0, '¥0.00'],
    [5, '¥0.05'],
    [123456, '¥1,234.56'],
    [-100050, '-¥1,000.50'],
    [100000000000, '¥1,000,000,000.00'],
  ])('formats %i fen as %s', (fen, text) => expect(formatFen(fen)).toBe(text));

  it('refuses fractions of a fen', () => expect(() => formatFen(1.5)).toThrow());

  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.05', 1205],
    ['1,000.50', 100050],
    ['0.01', 1],
  ])('parses %s yuan', (text, fen) => expect(parseYuan(text)).toBe(fen));

  it.each(['', 'abc', '1.234', '-5', '1e3'])('refuses %j', (text) => expect(parseYuan(text)).toBeNull());
});

describe('yuanForInput', () => {
  it.each([
    [120_000, '1200'],
    [120_050, '1200.5'],
    [120_005, '1200.05'],
    [7, '0.07'],
  ])('writes %s fen as %s, which parses back', (fen, text) => {
    expect(yuanForInput(fen)).toBe(text);
    expect(parseYuan(text)).toBe(fen);
  });
});
