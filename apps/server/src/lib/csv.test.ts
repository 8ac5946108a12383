import { describe, expect, it } from 'vitest';
import { chinaTime, toCsv, yuan } from './csv.js';

describe('CSV', () => {
  it('quotes what needs quoting and defuses formulas, but keeps negative numbers', () => {
    const csv = toCsv(
      ['a', 'b'],
      [
        ['x,"y"', '=HYPERLINK("evil")'],
        [yuan(-45600), null],
        ['-1+2', 3],
      ],
    );
    expect(csv).toBe('\uFEFFa,b\r\n"x,""y""","\'=HYPERLINK(""evil"")"\r\n-456.00,\r\n\'-1+2,3\r\n');
  });
  it('writes China time', () => expect(chinaTime(Date.UTC(2026, 10, 22, 16, 30, 5))).toBe('2026-11-23 00:30:05'));
});
