import { describe, expect, it } from 'vitest';
import { fenToChineseCapital } from './chinese-amount';

describe('fenToChineseCapital', () => {
  it.each([
    [100050, '壹仟元伍角'],
    [100005, '壹仟元零伍分'],
    [100000, '壹仟元整'],
    [5, '伍分'],
    [50, '伍角'],
    [1_000_100, '壹万零壹元整'],
    [123_456_789, '壹佰贰拾叁万肆仟伍佰陆拾柒元捌角玖分'],
    [1_000_000_000, '壹仟万元整'],
    [10_000_000_100, '壹亿零壹元整'],
    [0, '零元整'],
  ])('%i fen → %s', (fen, text) => {
    expect(fenToChineseCapital(fen)).toBe(text);
  });
});
